import type { CoreModule } from "../platform/module";
import { LEDGER_COMMANDS } from "./admin";

/** The double-entry ledger: no routes of its own; its reconciliation command. */
export const ledgerModule: CoreModule = {
  name: "ledger",
  routes() {},
  adminCommands: LEDGER_COMMANDS,
};
