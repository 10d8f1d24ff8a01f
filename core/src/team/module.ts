import type { CoreModule } from "../platform/module";
import { TEAM_COMMANDS } from "./admin";
import { teamJob } from "./job";
import { teamOperatorRoutes, teamRoutes } from "./routes";
import { seedTeamSettings } from "./settings";
import { seedTasks } from "./tasks";

/** Team and rewards: the referral tree's figures, rebates (bet, recharge, register), recharge tasks. */
export const teamModule: CoreModule = {
  name: "team",
  routes: teamRoutes,
  operatorRoutes: teamOperatorRoutes,
  jobs: [teamJob],
  adminCommands: TEAM_COMMANDS,
  async seed(tx) {
    await seedTeamSettings(tx);
    await seedTasks(tx);
  },
};
