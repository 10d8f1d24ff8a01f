import type { CoreModule } from "../platform/module";
import { USER_COMMANDS } from "./admin";
import { userOperatorRoutes } from "./operator";
import { userRoutes } from "./routes";
import { seedDemoPlayer } from "./seed";

/** The player's account: profile, balances and totals, payment password; the demo player. */
export const userModule: CoreModule = {
  name: "user",
  routes: userRoutes,
  operatorRoutes: userOperatorRoutes,
  adminCommands: USER_COMMANDS,
  seed: seedDemoPlayer,
};
