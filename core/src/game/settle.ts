import { creditMany } from "../ledger/ledger";
import type { Db } from "../platform/db";
import { deriveDigitSync } from "./fairness-node";
import { DEFAULT_PAYOUT_TABLE, type PayoutTable, multipliersFor, netStakeBp } from "./payout";

interface Settlement {
  roundId: number;
  result: number;
  bets: number;
  paidBets: number;
  paidCents: number;
}

/**
 * Settles one ended round, exactly once: in one transaction it locks the round row (another
 * process holding it is skipped, not waited for), draws the digit from the committed seed,
 * marks the round settled (which reveals the seed), settles every bet with one UPDATE, and
 * credits all winnings with the ledger's creditMany (one statement: entries and balances).
 * Returns null when the round is already settled, not found, or being settled elsewhere.
 * The ledger's unique (kind, ref_id, user, coin) index is the last line against double payment.
 */
export async function settleRound(db: Db, roundId: number, nowMs: number): Promise<Settlement | null> {
  return db.tx(async (tx) => {
    const rows = await tx.query<{ id: number; seed: string; payout: PayoutTable; end_time: number }>(
      `SELECT id, seed, payout, end_time FROM game_rounds
       WHERE id = $1 AND result IS NULL FOR UPDATE SKIP LOCKED`,
      [roundId],
    );
    const round = rows[0];
    if (!round) return null;
    if (round.end_time > nowMs) return null;
    const table = { ...DEFAULT_PAYOUT_TABLE, ...round.payout };
    const result = deriveDigitSync(round.seed, round.id);
    await tx.query("UPDATE game_rounds SET result = $2, settled_at = now() WHERE id = $1", [
      round.id,
      result,
    ]);

    const multipliers = multipliersFor(result, table);
    const settled = await tx.query<{ bets: number }>(
      `WITH m AS (SELECT * FROM unnest($2::text[], $3::bigint[]) AS m (name, bp)),
       s AS (
         UPDATE bets b SET
           status = CASE WHEN m.bp > 0 THEN 'WIN' ELSE 'LOSE' END,
           win_amount_cents = floor(b.total_amount_cents::numeric * $4 * m.bp / 100000000)::bigint,
           settled_at = now()
         FROM m WHERE b.round_id = $1 AND b.status = 'WAITING' AND b.bet_name = m.name
         RETURNING 1)
       SELECT count(*)::int AS bets FROM s`,
      [round.id, multipliers.map((m) => m.name), multipliers.map((m) => m.bp), netStakeBp(table)],
    );

    const bets = settled[0]?.bets ?? 0;
    if (bets === 0) return { roundId: round.id, result, bets: 0, paidBets: 0, paidCents: 0 };
    const paid = await creditMany(tx, {
      kind: "WIN",
      counter: "HOUSE",
      source: `SELECT user_id, coin, win_amount_cents AS amount, id::text AS ref_id,
                 'round ' || round_id::text AS memo, id AS ord
               FROM bets WHERE round_id = $1 AND status = 'WIN' AND win_amount_cents > 0`,
      params: [round.id],
    });
    return {
      roundId: round.id,
      result,
      bets,
      paidBets: paid.entries,
      paidCents: paid.cents,
    };
  });
}

/** Settles every ended round not settled yet, oldest first (also those missed while down). */
export async function settleDue(db: Db, nowMs: number, limit = 100): Promise<Settlement[]> {
  const due = await db.query<{ id: number }>(
    "SELECT id FROM game_rounds WHERE result IS NULL AND end_time <= $1 ORDER BY end_time, id LIMIT $2",
    [nowMs, limit],
  );
  const out: Settlement[] = [];
  for (const { id } of due) {
    const s = await settleRound(db, id, nowMs);
    if (s) out.push(s);
  }
  return out;
}
