import { creditMany } from "../ledger/ledger";
import type { Sql } from "../platform/db";
import type { Fairness } from "./fairness-keys";
import { CREATION_LOCK, appendLog } from "./fairness-log";

/** What voiding a round did: its bets refunded and the cents credited back. */
export interface VoidedRound {
  roundId: number;
  coin: string;
  level: number;
  bets: number;
  refundedCents: number;
}

/**
 * Voids a round no key can draw (decision 058), in the caller's transaction, exactly once: it
 * takes no more bets (a trigger refuses them, ordered by the round's row lock; its published
 * times stay as they are), settlement never picks it again, and every bet on it is refunded
 * with the ledger's creditMany from HOUSE (kind REFUND, one entry a bet: the ledger's unique
 * (kind, ref_id, user, coin) index keeps it to one), status REFUNDED and win_amount_cents = the
 * stake (migration 064). The public log says so (`kind: "void"`). Answers null when the round is
 * drawn, voided or unknown.
 */
export async function voidRound(
  tx: Sql,
  f: Fairness,
  roundId: number,
  reason: string,
  nowMs: number,
): Promise<VoidedRound | null> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [CREATION_LOCK]);
  const rows = await tx.query<{ coin: string; level: number; seed_hash: string }>(
    `UPDATE game_rounds SET voided_at = now() WHERE id = $1 AND result IS NULL AND voided_at IS NULL
     RETURNING coin, level, seed_hash`,
    [roundId],
  );
  const round = rows[0];
  if (!round) return null;
  await tx.query(
    `UPDATE bets SET status = 'REFUNDED', win_amount_cents = total_amount_cents, settled_at = now()
     WHERE round_id = $1 AND status = 'WAITING'`,
    [roundId],
  );
  const refunded = await creditMany(tx, {
    kind: "REFUND",
    counter: "HOUSE",
    source: `SELECT user_id, coin, total_amount_cents AS amount, id::text AS ref_id,
               'round ' || round_id::text || ' voided' AS memo, id AS ord
             FROM bets WHERE round_id = $1 AND status = 'REFUNDED'`,
    params: [roundId],
  });
  await appendLog(
    tx,
    f,
    {
      kind: "void",
      roundId,
      coin: round.coin,
      level: round.level,
      commitment: round.seed_hash,
      reason,
      refundedBets: refunded.entries,
    },
    nowMs,
  );
  return {
    roundId,
    coin: round.coin,
    level: round.level,
    bets: refunded.entries,
    refundedCents: refunded.cents,
  };
}
