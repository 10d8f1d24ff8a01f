import { fromCents } from "#contract/money";
import { periodicJob } from "../platform/jobs";
import { accrueTeam } from "./accrue";

/** How often the team job looks for new settled bets and recharges. */
const TEAM_INTERVAL_MS = 60_000;

/**
 * Accrues team rebates and the members' figures (accrue.ts), every minute and once at start.
 * Safe in several processes on one PostgreSQL: each source event is handled by the one
 * transaction that inserts its team_events_done row.
 */
export const teamJob = periodicJob(
  "team-rebates",
  { everyMs: () => TEAM_INTERVAL_MS, failed: "team rebate pass failed" },
  async (deps) => {
    const done = await accrueTeam(deps.db, deps.now());
    if (done.events > 0)
      deps.log.info(
        { events: done.events, rebates: done.rebates, amount: fromCents(done.cents) },
        "team rebates accrued",
      );
  },
);
