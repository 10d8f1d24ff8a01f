import { fromCents } from "#contract/money";
import { periodicJob } from "../platform/jobs";
import { accrueDue } from "./stakes";

/** How often the staking job looks for due days (a day is paid at most this late). */
const STAKING_INTERVAL_MS = 60_000;

/**
 * Pays staking interest and returns matured principal (stakes.ts accrueDue), every minute and
 * once at start (days missed while the core was down are paid then). Safe in several processes
 * on one PostgreSQL: each stake is locked while it is paid, and each day is paid once.
 */
export const stakingJob = periodicJob(
  "staking-accrual",
  { everyMs: () => STAKING_INTERVAL_MS, failed: "staking pass failed" },
  async (deps, stopped) => {
    for (;;) {
      const done = await accrueDue(deps.db, deps.now());
      if (done.days > 0 || done.matured > 0)
        deps.log.info(
          { days: done.days, interest: fromCents(done.interestCents), matured: done.matured },
          "staking interest paid",
        );
      if (done.days === 0 && done.matured === 0) break;
      if (stopped()) break;
    }
  },
);
