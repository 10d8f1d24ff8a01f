import type { CoreModule } from "../platform/module";
import { STAKING_COMMANDS } from "./admin";
import { stakingJob } from "./job";
import { stakingOperatorRoutes, stakingRoutes } from "./routes";

/** Staking (pledge): plans, stakes that lock their principal, daily interest, maturity. */
export const stakingModule: CoreModule = {
  name: "staking",
  routes: stakingRoutes,
  operatorRoutes: stakingOperatorRoutes,
  jobs: [stakingJob],
  adminCommands: STAKING_COMMANDS,
};
