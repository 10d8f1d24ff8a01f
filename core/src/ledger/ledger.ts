import type { Coin } from "../../../contract/money";
import type { Sql } from "../platform/db";

export class InsufficientBalance extends Error {
  override name = "InsufficientBalance";
  constructor(readonly coin: Coin) {
    super(`Insufficient ${coin.toLowerCase()} balance`);
  }
}

export interface Posting {
  userId: number;
  coin: Coin;
  /** Signed cents: positive credits, negative debits. */
  amount: number;
  /** What moved the money: BET, WIN, RECHARGE, WITHDRAW, EXCHANGE, ADJUST, ... */
  kind: string;
  /** What it refers to (a bet id, a round id...). With kind, user and coin, unique. */
  refId?: string;
  memo?: string;
}

/**
 * The one way a balance changes: a conditional update (never below zero, so concurrent debits
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
    `INSERT INTO ledger_entries (user_id, coin, amount, balance_after, kind, ref_id, memo)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [p.userId, p.coin, p.amount, balance, p.kind, p.refId ?? null, p.memo ?? null],
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
