import type { CoreModule } from "../platform/module";
import { WITHDRAWAL_COMMANDS } from "./admin";
import { payoutResumeJob } from "./resume";
import { withdrawalOperatorRoutes, withdrawalRoutes } from "./routes";

/** Money out: bank cards, withdrawals (cash and USDT), their review by operators and the payout. */
export const withdrawalModule: CoreModule = {
  name: "withdrawal",
  routes: withdrawalRoutes,
  operatorRoutes: withdrawalOperatorRoutes,
  adminCommands: WITHDRAWAL_COMMANDS,
  jobs: [payoutResumeJob],
};
