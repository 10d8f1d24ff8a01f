import {
  EXCHANGE_MESSAGES,
  type ExchangeInput,
  type ExchangePair,
  type ExchangeResult,
  quoteExchange,
} from "#contract/assets";
import { Code } from "#contract/codes";
import { KEY_REUSED_DETAIL } from "#contract/headers";
import { type Coin, fromCents, toCents } from "#contract/money";
import { moveBetweenSystemAccounts, post, wireBalance } from "../ledger/ledger";
import { spendOnce } from "../ledger/spend-once";
import { assertMay } from "../limits/limits";
import type { Db, Sql } from "../platform/db";
import { ApiError } from "../platform/http";
import { findPair } from "./pairs";

interface ExchangeRow {
  id: number;
  from_coin: Coin;
  to_coin: Coin;
  amount_cents: number;
  gross_cents: number;
  fee_cents: number;
  net_cents: number;
  created_at: Date | string;
}

async function resultOf(db: Sql, userId: number, row: ExchangeRow): Promise<ExchangeResult> {
  return {
    id: Number(row.id),
    fromCoin: row.from_coin,
    toCoin: row.to_coin,
    amount: fromCents(Number(row.amount_cents)),
    gross: fromCents(Number(row.gross_cents)),
    fee: fromCents(Number(row.fee_cents)),
    received: fromCents(Number(row.net_cents)),
    createTime: new Date(row.created_at).getTime(),
    balances: await wireBalance(db, userId),
  };
}

async function byKey(db: Sql, userId: number, key: string): Promise<ExchangeRow | null> {
  const rows = await db.query<ExchangeRow>(
    "SELECT * FROM exchanges WHERE user_id = $1 AND idempotency_key = $2",
    [userId, key],
  );
  return rows[0] ?? null;
}

/**
 * The same exchange asked again: the same coins and an amount that takes what the first took (the
 * amount asked, or the amount the exchange took of it: quoteExchange takes only what its result is
 * worth); anything else with the key is a 409.
 */
function answerRepeat(row: ExchangeRow, input: ExchangeInput, pair: ExchangePair | null) {
  const asked = toCents(input.amount);
  const taken = pair ? quoteExchange(pair, asked).amountCents : asked;
  const took = Number(row.amount_cents);
  if (row.from_coin !== input.fromCoin || row.to_coin !== input.toCoin || (took !== asked && took !== taken))
    throw new ApiError(Code.CONFLICT, EXCHANGE_MESSAGES.keyReused, KEY_REUSED_DETAIL);
}

/**
 * One exchange, in one transaction: EXCHANGE_OUT takes what the result of `amount` is worth of the from coin to the EXCHANGE
 * desk (never below zero: parallel exchanges cannot overspend), EXCHANGE_IN pays the result less
 * the fee from the desk in the to coin, and the fee moves from the desk to FEES (EXCHANGE_FEE).
 * A repeated idempotency key answers the first exchange; the same key with another exchange, 409.
 */
export async function exchange(
  db: Db,
  userId: number,
  input: ExchangeInput,
  nowMs: number,
  idempotencyKey?: string | null,
): Promise<ExchangeResult & { repeated: boolean }> {
  const pair = idempotencyKey ? await findPair(db, input.fromCoin, input.toCoin) : null;
  const { row, repeated } = await spendOnce(idempotencyKey, {
    find: (key) => byKey(db, userId, key),
    assertSame: (earlier) => answerRepeat(earlier, input, pair),
    make: (key) => makeExchange(db, userId, input, nowMs, key),
    insufficient: EXCHANGE_MESSAGES.insufficient,
    failed: "The exchange could not be made",
  });
  return { ...(await resultOf(db, userId, row)), repeated };
}

/** Checks the exchange and makes it; null when a parallel request with the key made it first. */
async function makeExchange(
  db: Db,
  userId: number,
  input: ExchangeInput,
  nowMs: number,
  key: string | null,
): Promise<ExchangeRow | null> {
  if (input.fromCoin === input.toCoin) throw new ApiError(Code.BAD_REQUEST, EXCHANGE_MESSAGES.sameCoin);
  const pair = await findPair(db, input.fromCoin, input.toCoin);
  if (!pair) throw new ApiError(Code.BAD_REQUEST, EXCHANGE_MESSAGES.unknownPair, { reason: "UNKNOWN_PAIR" });
  if (!pair.enabled)
    throw new ApiError(Code.BAD_REQUEST, EXCHANGE_MESSAGES.disabledPair, { reason: "DISABLED_PAIR" });
  const quote = quoteExchange(pair, toCents(input.amount));
  if (quote.netCents <= 0)
    throw new ApiError(Code.BAD_REQUEST, EXCHANGE_MESSAGES.tooSmall, { reason: "TOO_SMALL" });
  // The pair read here is the one the exchange is made at: what the player confirmed is checked
  // against what it gives.
  if (input.received !== undefined && toCents(input.received) !== quote.netCents)
    throw new ApiError(Code.CONFLICT, EXCHANGE_MESSAGES.quoteChanged, { reason: "QUOTE_CHANGED" });
  return db.tx(async (tx) => {
    await assertMay(tx, { now: () => nowMs }, userId, "exchange");
    const [inserted] = await tx.query<ExchangeRow>(
      `INSERT INTO exchanges (user_id, pair_id, from_coin, to_coin, amount_cents, gross_cents, fee_cents, net_cents, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING *`,
      [
        userId,
        pair.id,
        pair.fromCoin,
        pair.toCoin,
        quote.amountCents,
        quote.grossCents,
        quote.feeCents,
        quote.netCents,
        key,
      ],
    );
    if (!inserted) return null;
    const refId = String(inserted.id);
    const out = {
      userId,
      coin: pair.fromCoin,
      amount: -quote.amountCents,
      kind: "EXCHANGE_OUT" as const,
      counter: "EXCHANGE" as const,
      refId,
      memo: `to ${pair.toCoin}`,
    };
    const into = {
      userId,
      coin: pair.toCoin,
      amount: quote.netCents,
      kind: "EXCHANGE_IN" as const,
      counter: "EXCHANGE" as const,
      refId,
      memo: `from ${pair.fromCoin}`,
    };
    // The player's two accounts are locked in the order of their coins, as every transaction that
    // takes more than one does (creditMany): an exchange CHIP to GOLD and one GOLD to CHIP at once
    // would otherwise each hold the row the other waits for (a deadlock, answered 500). The debit
    // posted second still refuses a short balance, and the whole exchange rolls back.
    for (const p of pair.fromCoin < pair.toCoin ? [out, into] : [into, out]) await post(tx, p);
    if (quote.feeCents > 0) {
      await moveBetweenSystemAccounts(tx, {
        coin: pair.toCoin,
        from: "EXCHANGE",
        to: "FEES",
        amount: quote.feeCents,
        kind: "EXCHANGE_FEE",
        refId,
      });
    }
    return inserted;
  });
}

/**
 * What the player can exchange now (the user info's `exchangeBalance`, decision 033): the sum of
 * the balances of the coins that have at least one enabled pair out of them, in units.
 */
export async function exchangeableCents(db: Sql, userId: number): Promise<number> {
  const [row] = await db.query<{ cents: number | null }>(
    `SELECT sum(a.balance) AS cents FROM accounts a
     WHERE a.user_id = $1 AND EXISTS (SELECT 1 FROM exchange_pairs p WHERE p.enabled AND p.from_coin = a.coin)`,
    [userId],
  );
  return Number(row?.cents ?? 0);
}
