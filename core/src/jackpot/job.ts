import { fromCents } from "#contract/money";
import { beaconOf } from "../beacon/beacon";
import type { Deps } from "../platform/context";
import { periodicJob } from "../platform/jobs";
import { jackpotPass } from "./jackpot";

/**
 * Commits the next day's seed, funds the pool from settled rounds and draws ended days: every
 * 5 s (or a tenth of a short test day) and at start (days missed while down are drawn then).
 * Safe in several processes: funding is once per round, a draw once per day (jackpot.ts).
 */
const dayMsOf = (deps: Deps) => deps.config.jackpotDaySeconds * 1000;

export const jackpotJob = periodicJob(
  "jackpot",
  { everyMs: (deps) => Math.min(5000, dayMsOf(deps) / 10), failed: "jackpot pass failed" },
  async (deps) => {
    const { funded, draws, refused } = await jackpotPass(
      deps.db,
      deps.now(),
      dayMsOf(deps),
      beaconOf(deps.config.fairness?.beacon),
    );
    if (funded.rounds > 0)
      deps.log.debug({ rounds: funded.rounds, amount: fromCents(funded.cents) }, "jackpot funded");
    for (const d of draws) {
      deps.log.info({ day: d.dayNo, winners: d.winners, paid: fromCents(d.paidCents) }, "jackpot drawn");
      // Decision 080: drawn from its sealed list though the books changed, on an operator's acceptance.
      if (d.acceptedSealedList)
        deps.log.warn(
          {
            day: d.dayNo,
            acceptedAt: new Date(d.acceptedSealedList.acceptedMs).toISOString(),
            reason: d.acceptedSealedList.reason,
            difference: d.acceptedSealedList.difference,
          },
          "jackpot drawn from its sealed ticket list, which an operator accepted though the recount differs",
        );
    }
    // Decision 078: the books changed after the list was sealed; nobody is paid until an operator looks.
    for (const r of refused)
      deps.log.error(
        { day: r.dayNo, reason: r.refused },
        "jackpot draw refused: the sealed ticket list differs",
      );
  },
);
