import type { Handler } from "hono";
import type { ZodTypeAny, z } from "zod";
import { Code } from "#contract/codes";
import { Header } from "#contract/headers";
import type { CoreEnv } from "../platform/context";
import { type Db, isUniqueViolation } from "../platform/db";
import { ApiError, idempotencyKeyOf, ok, parseInput, requireUser } from "../platform/http";
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

/**
 * The route of a player's spend made once per idempotency key (exchange, stake): parses the input
 * with `schema`, makes the spend with the request's key and answers its result, with
 * `repeatedMessage` when the key answered an earlier spend.
 */
export function spendOnceHandler<S extends ZodTypeAny, Result extends { repeated: boolean }>(
  schema: S,
  spend: (
    db: Db,
    userId: number,
    input: z.infer<S>,
    nowMs: number,
    idempotencyKey?: string | null,
  ) => Promise<Result>,
  repeatedMessage: string,
): Handler<CoreEnv> {
  return async (c) => {
    const user = requireUser(c);
    const input = await parseInput(c, schema);
    const deps = c.get("deps");
    const { repeated, ...result } = await spend(
      deps.db,
      user.id,
      input,
      deps.now(),
      c.req.header(Header.idempotencyKey),
    );
    return ok(c, result, repeated ? repeatedMessage : "success");
  };
}
