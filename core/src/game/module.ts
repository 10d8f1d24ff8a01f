import type { CoreModule } from "../platform/module";
import { GAME_COMMANDS } from "./admin";
import { gameRoutes } from "./routes";
import { gameSchedulerJob } from "./scheduler";

/** Rounds, bets, settlement and records; the scheduler that opens and settles rounds. */
export const gameModule: CoreModule = {
  name: "game",
  routes: gameRoutes,
  jobs: [gameSchedulerJob],
  adminCommands: GAME_COMMANDS,
};
