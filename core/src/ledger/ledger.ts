import type { AssetKind } from "#contract/asset-rules";
import { type Coin, fromCents } from "#contract/money";
import type { Balance } from "#contract/user";
import type { Sql } from "../platform/db";
import type { SystemAccount } from "./accounts";

/**
 * The ledger, double-entry: every entry (table ledger_entries) is one transfer between a player's
 * account (its balance stored in table accounts, never below zero) and a system account
 * (`counter_account`, see accounts.ts; derived, may go below zero); money between two system
 * accounts moves with moveBetweenSystemAccounts (table system_transfers). So money is never
 * created or destroyed, and check.ts proves it. Player balances change in exactly three places,
 * all writing the entry in the same transaction and never going below zero:
 * - post(): one posting (operator credits, seeds, and every domain's ordinary money moves);
 * - creditMany(): many credits in one statement (settlement pays a round's winners with it);
 * - the database function game_place_bet (migrations 011 and 013, called by game/bet-batches.ts): a
 *   bet's stake is debited with the same conditional update as post(), inside the database, so
 *   that a bet is one round trip (decision 007).
 * Nothing else writes to accounts or ledger_entries.
 */

export class InsufficientBalance extends Error {
  override name = "InsufficientBalance";
  constructor(readonly coin: Coin) {
    super(`Insufficient ${coin.toLowerCase()} balance`);
  }
}

interface Posting {
  userId: number;
  coin: Coin;
  /** Signed cents: positive credits, negative debits. */
  amount: number;
  /** What moved the money: BET, WIN, RECHARGE, WITHDRAW, ADJUST, ... (the kinds a player sees). */
  kind: AssetKind;
  /** The system account on the other side: the player's gain is its loss, and back. */
  counter: SystemAccount;
  /** What it refers to (a bet id, a round id...). With kind, user and coin, unique. */
  refId?: string;
  memo?: string;
}

/**
 * One posting: a conditional update (never below zero, so concurrent debits
 * cannot overspend) and its ledger entry, inside the caller's transaction.
 * Returns the new balance in cents.
 */
export async function post(tx: Sql, p: Posting): Promise<number> {
  if (!Number.isSafeInteger(p.amount) || p.amount === 0) throw new Error(`Bad posting amount ${p.amount}`);
  const rows =
    p.amount < 0
      ? await tx.query<{ balance: number }>(
          `UPDATE accounts SET balance = balance + $3
           WHERE user_id = $1 AND coin = $2 AND balance + $3 >= 0
           RETURNING balance`,
          [p.userId, p.coin, p.amount],
        )
      : await tx.query<{ balance: number }>(
          `INSERT INTO accounts (user_id, coin, balance) VALUES ($1, $2, $3)
           ON CONFLICT (user_id, coin) DO UPDATE SET balance = accounts.balance + EXCLUDED.balance
           RETURNING balance`,
          [p.userId, p.coin, p.amount],
        );
  if (rows.length === 0) throw new InsufficientBalance(p.coin);
  const balance = rows[0].balance;
  await tx.query(
    `INSERT INTO ledger_entries (user_id, coin, amount, balance_after, kind, ref_id, memo, counter_account)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [p.userId, p.coin, p.amount, balance, p.kind, p.refId ?? null, p.memo ?? null, p.counter],
  );
  return balance;
}

export async function balances(db: Sql, userId: number): Promise<Record<Coin, number>> {
  const rows = await db.query<{ coin: Coin; balance: number }>(
    "SELECT coin, balance FROM accounts WHERE user_id = $1",
    [userId],
  );
  const out: Record<Coin, number> = { CHIP: 0, GOLD: 0, POINT: 0 };
  for (const r of rows) out[r.coin] = r.balance;
  return out;
}

/** The player's three balances in units, as the wire says them (getBalance, an exchange's and a stake's answer). */
export async function wireBalance(db: Sql, userId: number): Promise<Balance> {
  const money = await balances(db, userId);
  return { chip: fromCents(money.CHIP), gold: fromCents(money.GOLD), point: fromCents(money.POINT) };
}

/**
 * Many credits in one statement, as a round's settlement needs (thousands of winners in well
 * under a second). `source` is a SELECT, with `params` as $1..$n, giving the columns user_id,
 * coin, amount (cents, positive: other rows are ignored), ref_id, memo and ord (the order of a
 * player's entries). Each player's balance rises once by their total; each row becomes one entry
 * of `kind`, paid from the system account `counter`, whose balance_after counts the rows before it.
 */
export async function creditMany(
  tx: Sql,
  credit: { kind: AssetKind; counter: SystemAccount; source: string; params: unknown[] },
): Promise<{ entries: number; cents: number }> {
  const kind = `$${credit.params.length + 1}`;
  const counter = `$${credit.params.length + 2}`;
  const [row] = await tx.query<{ entries: number; cents: number | null }>(
    `WITH w AS (
       SELECT user_id, coin, amount, ref_id, memo,
         sum(amount) OVER (PARTITION BY user_id, coin ORDER BY ord) AS running,
         sum(amount) OVER (PARTITION BY user_id, coin) AS total
       FROM (${credit.source}) AS s WHERE amount > 0),
     t AS (SELECT DISTINCT user_id, coin, total FROM w),
     acc AS (
       INSERT INTO accounts (user_id, coin, balance)
       SELECT user_id, coin, total FROM t ORDER BY user_id, coin
       ON CONFLICT (user_id, coin) DO UPDATE SET balance = accounts.balance + EXCLUDED.balance
       RETURNING user_id, coin, balance),
     l AS (
       INSERT INTO ledger_entries (user_id, coin, amount, balance_after, kind, ref_id, memo, counter_account)
       SELECT w.user_id, w.coin, w.amount, acc.balance - w.total + w.running, ${kind}::text, w.ref_id, w.memo,
         ${counter}::text
       FROM w JOIN acc ON acc.user_id = w.user_id AND acc.coin = w.coin
       RETURNING amount)
     SELECT count(*)::int AS entries, sum(amount) AS cents FROM l`,
    [...credit.params, credit.kind, credit.counter],
  );
  return { entries: row?.entries ?? 0, cents: Number(row?.cents ?? 0) };
}

interface SystemTransfer {
  coin: Coin;
  from: SystemAccount;
  to: SystemAccount;
  /** Cents, positive. */
  amount: number;
  kind: string;
  /** With kind and coin, unique: the same transfer cannot happen twice. */
  refId?: string;
  memo?: string;
}

/**
 * Money between two system accounts (a held withdrawal paid out, a stake's principal returned to
 * the interest side...), inside the caller's transaction. No player balance changes.
 */
export async function moveBetweenSystemAccounts(tx: Sql, t: SystemTransfer): Promise<void> {
  if (!Number.isSafeInteger(t.amount) || t.amount <= 0) throw new Error(`Bad transfer amount ${t.amount}`);
  await tx.query(
    `INSERT INTO system_transfers (coin, from_account, to_account, amount, kind, ref_id, memo)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [t.coin, t.from, t.to, t.amount, t.kind, t.refId ?? null, t.memo ?? null],
  );
}
