import { Code } from "#contract/codes";
import { isUniqueViolation } from "../platform/db";
import { ApiError, idempotencyKeyOf } from "../platform/http";
import { InsufficientBalance } from "./ledger";

interface KeyedSpend<Row> {
  /** The row an earlier request with this idempotency key made, if any. */
  find: (key: string) => Promise<Row | null>;
  /** Throws (409) when that earlier request asked for something else. */
  assertSame: (earlier: Row) => void;
  /**
   * Checks the request and makes it, in one transaction; null when a parallel request with the
   * key made its row first (the insert's ON CONFLICT DO NOTHING).
   */
  make: (key: string | null) => Promise<Row | null>;
  /** The refusal's message when the balance does not cover it (reason INSUFFICIENT). */
  insufficient: string;
  /** The message of the 500 when neither this request's row nor an earlier one is there. */
  failed: string;
}

/**
 * A player's request that spends from a balance, made once per idempotency key: a repeated key
 * answers the row the first request made (`repeated`), also when two requests with one key race
 * (the loser's insert meets the winner's row).
 */
export async function spendOnce<Row>(
  idempotencyKey: string | null | undefined,
  spend: KeyedSpend<Row>,
): Promise<{ row: Row; repeated: boolean }> {
  const key = idempotencyKeyOf(idempotencyKey);
  const earlier = key ? await spend.find(key) : null;
  if (earlier) {
    spend.assertSame(earlier);
    return { row: earlier, repeated: true };
  }
  try {
    const row = await spend.make(key);
    if (row) return { row, repeated: false };
  } catch (error) {
    if (error instanceof InsufficientBalance)
      throw new ApiError(Code.BAD_REQUEST, spend.insufficient, { reason: "INSUFFICIENT" });
    if (!isUniqueViolation(error) || !key) throw error;
  }
  const winner = key ? await spend.find(key) : null;
  if (!winner) throw new ApiError(Code.SERVER_ERROR, spend.failed);
  spend.assertSame(winner);
  return { row: winner, repeated: true };
}
