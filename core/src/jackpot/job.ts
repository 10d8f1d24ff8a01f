import { fromCents } from "#contract/money";
import type { BackgroundJob } from "../platform/jobs";
import { jackpotPass } from "./jackpot";

/**
 * Commits the next day's seed, funds the pool from settled rounds and draws ended days: every
 * 5 s (or a tenth of a short test day) and at start (days missed while down are drawn then).
 * Safe in several processes: funding is once per round, a draw once per day (jackpot.ts).
 */
export const jackpotJob: BackgroundJob = {
  name: "jackpot",
  start(deps) {
    const dayMs = deps.config.jackpotDaySeconds * 1000;
    let stopped = false;
    let running: Promise<void> | null = null;
    const pass = () => {
      if (running || stopped) return;
      running = jackpotPass(deps.db, deps.now(), dayMs)
        .then(({ funded, draws }) => {
          if (funded.rounds > 0)
            deps.log.debug({ rounds: funded.rounds, amount: fromCents(funded.cents) }, "jackpot funded");
          for (const d of draws)
            deps.log.info(
              { day: d.dayNo, winners: d.winners, paid: fromCents(d.paidCents) },
              "jackpot drawn",
            );
        })
        .catch((err) => deps.log.error({ err }, "jackpot pass failed"))
        .finally(() => {
          running = null;
        });
    };
    pass();
    const timer = setInterval(pass, Math.min(5000, dayMs / 10));
    timer.unref?.();
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  },
};
