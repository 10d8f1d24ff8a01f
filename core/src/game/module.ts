import { ConfigError } from "../platform/config";
import { ok } from "../platform/http";
import type { CoreModule } from "../platform/module";
import { GAME_COMMANDS } from "./admin";
import { fairnessOf } from "./fairness-keys";
import { listAlarms } from "./fairness-log";
import { handOverLogKey } from "./log-keys";
import { gameRoutes } from "./routes";
import { gameSchedulerJob } from "./scheduler";
import { seedKeyProblem, undrawableOpenRounds, unreadableChains } from "./seed-keys";

/** Rounds, bets, settlement and records; the scheduler that opens and settles rounds. */
export const gameModule: CoreModule = {
  name: "game",
  routes: gameRoutes,
  jobs: [gameSchedulerJob],
  adminCommands: GAME_COMMANDS,
  operatorRoutes(op) {
    op.get("/game/fairness-alarms", async (c) => ok(c, await listAlarms(c.get("deps").db)));
  },
  async seed(tx, deps) {
    // A seed key that opens no lane's chain would fail every round, and a round no key opens
    // would take bets it cannot settle: refuse to start instead, saying what to do.
    const f = fairnessOf(deps.config);
    const problem = seedKeyProblem(
      await unreadableChains(tx, f),
      await undrawableOpenRounds(tx, f, deps.now()),
    );
    if (problem) throw new ConfigError(problem);
    const logProblem = await handOverLogKey(tx, f, deps.now());
    if (logProblem) throw new ConfigError(logProblem);
  },
};
