import type { CoreModule } from "../platform/module";
import { JACKPOT_COMMANDS } from "./admin";
import { jackpotJob } from "./job";
import { jackpotOperatorRoutes, jackpotRoutes } from "./routes";

/** The daily jackpot: pool funded from settled rounds, a committed seed per day, one draw a day. */
export const jackpotModule: CoreModule = {
  name: "jackpot",
  routes: jackpotRoutes,
  operatorRoutes: jackpotOperatorRoutes,
  jobs: [jackpotJob],
  adminCommands: JACKPOT_COMMANDS,
};
