import type { Sql } from "../platform/db";

/**
 * The one place every team claim (rebates, recharge-task gifts) passes before money moves,
 * inside the claim's transaction: a rule that refuses claims (e.g. player protection's time-out
 * or self-exclusion) throws an ApiError here. Today no rule refuses a claim.
 */
export async function beforeClaim(_tx: Sql, _userId: number): Promise<void> {}
