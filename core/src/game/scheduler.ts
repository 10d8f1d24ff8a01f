import type { Deps } from "../platform/context";
import type { BackgroundJob } from "../platform/jobs";
import { fairnessOf } from "./fairness-keys";
import { ensureUpcomingRounds } from "./rounds";
import { type GameTiming, gameTiming } from "./settings";
import { settleDue } from "./settle";

interface GameScheduler {
  /** One pass: create upcoming rounds, settle ended ones. Exposed for tests. */
  tick(): Promise<void>;
  /** Stops the loop and waits for a running pass to finish. */
  stop(): Promise<void>;
}

/**
 * The background loop of the game (every `intervalMs`, default 1 s): commits the seeds of the
 * current and next round of every enabled room and settles every ended round. Safe to run in
 * several processes on one PostgreSQL: creation is insert-if-absent, settlement locks the round.
 */
export function startGameScheduler(
  deps: Pick<Deps, "db" | "log" | "now"> & { config?: Deps["config"] },
  timing: GameTiming,
  options: { intervalMs?: number; autostart?: boolean } = {},
): GameScheduler {
  const intervalMs = options.intervalMs ?? 1000;
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  const fairness = fairnessOf(deps.config, deps.log);
  const pass = async () => {
    const now = deps.now();
    await ensureUpcomingRounds(deps.db, now, timing, fairness);
    for (;;) {
      const settled = await settleDue(deps.db, now, 100, fairness);
      for (const s of settled) {
        // Rounds nobody bet on are the common case; they only show at debug level.
        if (s.bets > 0) deps.log.info({ settlement: s }, "round settled");
        else deps.log.debug({ settlement: s }, "round settled");
      }
      if (settled.length < 100) break;
    }
  };

  const tick = () => {
    if (!running) {
      running = pass()
        .catch((error) => deps.log.error({ err: error }, "game scheduler pass failed"))
        .finally(() => {
          running = null;
        });
    }
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await tick();
      schedule();
    }, intervalMs);
    timer.unref?.();
  };
  if (options.autostart !== false) {
    void tick();
    schedule();
  }

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/** The scheduler as a background job of the core (game/module.ts); stopped on shutdown. */
export const gameSchedulerJob: BackgroundJob = {
  name: "game-scheduler",
  start(deps) {
    const scheduler = startGameScheduler(deps, gameTiming(deps.config));
    return () => scheduler.stop();
  },
};
