import type { BackgroundJob } from "../platform/jobs";
import { resumePayouts } from "./withdrawals";

/** How often approved withdrawals whose payout did not finish are asked again. */
const PAYOUT_RESUME_INTERVAL_MS = 30_000;
/** A payout younger than this is left to the request that started it. */
const PAYOUT_IN_FLIGHT_MS = 60_000;

/**
 * Finishes payouts a crash or a timeout left PAYING (decision 030): at start (after the crash,
 * whatever its age), then every PAYOUT_RESUME_INTERVAL_MS.
 */
export const payoutResumeJob: BackgroundJob = {
  name: "withdrawal-payout-resume",
  async start(deps) {
    let stopped = false;
    let running: Promise<unknown> = Promise.resolve();
    const tick = (olderThanMs: number) => {
      running = resumePayouts(deps.db, olderThanMs, deps.log).catch((err) =>
        deps.log.error({ err }, "payout resume failed"),
      );
    };
    tick(0);
    const timer = setInterval(() => {
      if (!stopped) tick(PAYOUT_IN_FLIGHT_MS);
    }, PAYOUT_RESUME_INTERVAL_MS);
    timer.unref?.();
    return async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    };
  },
};
