import type { Beacon } from "../../../core/src/beacon/beacon";
import { drawDue, jackpotCommitMarginMs } from "../../../core/src/jackpot/jackpot";
import type { Db } from "../../../core/src/platform/db";

/**
 * Two passes of the draw (decision 078): the first, at `at`, seals the ticket lists of the days
 * that have ended; the second, when the beacon round the first at least the commit margin after
 * the seal exists, draws them. Answers the second pass's draws.
 */
export async function sealThenDraw(db: Db, at: number, dayMs: number, beacon: Beacon) {
  await drawDue(db, at, dayMs, beacon);
  return drawDue(db, at + jackpotCommitMarginMs(dayMs) + beacon.periodMs, dayMs, beacon);
}
