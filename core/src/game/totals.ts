import type { Coin } from "#contract/money";
import type { Sql } from "../platform/db";

/**
 * Sums of the game's stakes for other domains (bloggers, jackpot, lobby), so that they do not
 * read the game's tables. A refunded bet (its round voided, void-rounds.ts) is no stake; a voided
 * round is not waiting to be settled.
 */

/** All a player's stakes in `coin`, in cents (a blogger's turnover). */
export async function totalStakeCents(db: Sql, userId: number, coin: Coin): Promise<number> {
  const [row] = await db.query<{ cents: string | number | null }>(
    "SELECT sum(total_amount_cents) AS cents FROM bets WHERE user_id = $1 AND coin = $2 AND status <> 'REFUNDED'",
    [userId, coin],
  );
  return Number(row?.cents ?? 0);
}

/**
 * Every player's stakes in `coin` on the rounds ending in [fromMs, toMs), largest first, and how
 * many rounds ending before toMs are not settled yet (the jackpot draws a day only at 0; the
 * lobby's bet ranking reads today's). For other domains: they do not read the game's tables.
 */
export async function stakesByPlayer(
  db: Sql,
  coin: Coin,
  fromMs: number,
  toMs: number,
): Promise<{ players: { userId: number; cents: number }[]; unsettledRounds: number }> {
  const players = await db.query<{ user_id: number; cents: string | number }>(
    `SELECT b.user_id, sum(b.total_amount_cents) AS cents
     FROM game_rounds r JOIN bets b ON b.round_id = r.id
     WHERE r.coin = $1 AND r.end_time >= $2 AND r.end_time < $3 AND b.status <> 'REFUNDED'
     GROUP BY b.user_id ORDER BY cents DESC, b.user_id`,
    [coin, fromMs, toMs],
  );
  const [open] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM game_rounds WHERE result IS NULL AND voided_at IS NULL AND coin = $1 AND end_time < $2",
    [coin, toMs],
  );
  return {
    players: players.map((p) => ({ userId: Number(p.user_id), cents: Number(p.cents) })),
    unsettledRounds: open?.n ?? 0,
  };
}

/** Settled rounds of `coin` that ended at or after `sinceMs` and had bets, with their total stake. */
export async function settledRoundStakes(
  db: Sql,
  coin: Coin,
  sinceMs: number,
  limit = 500,
): Promise<{ roundId: number; endTime: number; cents: number }[]> {
  const rows = await db.query<{ id: number; end_time: number; cents: string | number }>(
    `SELECT r.id, r.end_time, sum(b.total_amount_cents) AS cents
     FROM game_rounds r JOIN bets b ON b.round_id = r.id
     WHERE r.coin = $1 AND r.end_time >= $2 AND r.result IS NOT NULL
     GROUP BY r.id, r.end_time ORDER BY r.end_time, r.id LIMIT $3`,
    [coin, sinceMs, limit],
  );
  return rows.map((r) => ({ roundId: Number(r.id), endTime: Number(r.end_time), cents: Number(r.cents) }));
}
