import { ok } from "../platform/http";
import type { CoreModule } from "../platform/module";
import { GAME_COMMANDS } from "./admin";
import { listAlarms } from "./fairness-log";
import { gameRoutes } from "./routes";
import { gameSchedulerJob } from "./scheduler";

/** Rounds, bets, settlement and records; the scheduler that opens and settles rounds. */
export const gameModule: CoreModule = {
  name: "game",
  routes: gameRoutes,
  jobs: [gameSchedulerJob],
  adminCommands: GAME_COMMANDS,
  operatorRoutes(op) {
    op.get("/game/fairness-alarms", async (c) => ok(c, await listAlarms(c.get("deps").db)));
  },
};
