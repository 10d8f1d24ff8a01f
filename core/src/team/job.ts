import { fromCents } from "#contract/money";
import type { BackgroundJob } from "../platform/jobs";
import { accrueTeam } from "./accrue";

/** How often the team job looks for new settled bets and recharges. */
const TEAM_INTERVAL_MS = 60_000;

/**
 * Accrues team rebates and the members' figures (accrue.ts), every minute and once at start.
 * Safe in several processes on one PostgreSQL: each source event is handled by the one
 * transaction that inserts its team_events_done row.
 */
export const teamJob: BackgroundJob = {
  name: "team-rebates",
  start(deps) {
    let stopped = false;
    let running: Promise<void> | null = null;
    const pass = () => {
      if (running || stopped) return;
      running = accrueTeam(deps.db, deps.now())
        .then((done) => {
          if (done.events > 0)
            deps.log.info(
              { events: done.events, rebates: done.rebates, amount: fromCents(done.cents) },
              "team rebates accrued",
            );
        })
        .catch((err) => deps.log.error({ err }, "team rebate pass failed"))
        .finally(() => {
          running = null;
        });
    };
    pass();
    const timer = setInterval(pass, TEAM_INTERVAL_MS);
    timer.unref?.();
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  },
};
