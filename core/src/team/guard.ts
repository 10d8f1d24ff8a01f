import { assertMay } from "../limits/limits";
import type { Sql } from "../platform/db";

/**
 * The one place every team claim (rebates, recharge-task gifts) passes before money moves,
 * inside the claim's transaction: player protection refuses claims during a time-out or a
 * self-exclusion (core/src/limits, issue 9) with an ApiError that says until when.
 */
export async function beforeClaim(tx: Sql, userId: number, nowMs: number): Promise<void> {
  await assertMay(tx, { now: () => nowMs }, userId, "claim");
}
