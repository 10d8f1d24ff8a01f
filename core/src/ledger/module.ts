import { ok } from "../platform/http";
import type { CoreModule } from "../platform/module";
import { LEDGER_COMMANDS } from "./admin";
import { checkLedger } from "./check";

/** The double-entry ledger: no player routes; its reconciliation, for the CLI and operators. */
export const ledgerModule: CoreModule = {
  name: "ledger",
  routes() {},
  operatorRoutes(op) {
    op.get("/ledger/check", async (c) => ok(c, await checkLedger(c.get("deps").db)));
  },
  adminCommands: LEDGER_COMMANDS,
};
