import type { Sql } from "../platform/db";

/** A position in the stream of settled rounds: (settled_at as ISO text with microseconds, id). */
interface SettledCursor {
  at: string;
  id: string;
}

const AT = `to_char(settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Rounds settled after `after` (by settlement time, then id), oldest first: the team module's
 * source of bet rebates (docs/team.md). Read through the index game_rounds_settled (migration 050).
 */
export async function settledRoundsAfter(sql: Sql, after: SettledCursor, limit: number) {
  const rows = await sql.query<{ id: number; at: string }>(
    `SELECT id, ${AT} AS at FROM game_rounds
     WHERE settled_at IS NOT NULL AND (settled_at, id) > ($1::timestamptz, $2::bigint)
     ORDER BY settled_at, id LIMIT $3`,
    [after.at, after.id || "0", limit],
  );
  return rows.map((r) => ({ id: String(r.id), at: r.at }));
}

/** The CHIP stakes of one settled round (won or lost): bet id, player and stake in cents. */
export async function settledChipStakesOfRound(sql: Sql, roundId: string) {
  const rows = await sql.query<{ id: number; user_id: number; stake: number }>(
    `SELECT id, user_id, total_amount_cents AS stake FROM bets
     WHERE round_id = $1 AND coin = 'CHIP' AND status IN ('WIN', 'LOSE') ORDER BY id`,
    [roundId],
  );
  return rows.map((r) => ({ betId: Number(r.id), userId: Number(r.user_id), stakeCents: Number(r.stake) }));
}

/**
 * Of the bets `betIds`: whether any still waits for its round, and those refunded with a voided
 * round (decision 058), which staked nothing: the bloggers module's dividends ask it.
 */
export async function openAndRefundedBets(sql: Sql, betIds: number[]) {
  const rows = await sql.query<{ id: number; status: string }>(
    "SELECT id, status FROM bets WHERE id = ANY($1::bigint[]) AND status IN ('WAITING', 'REFUNDED')",
    [betIds],
  );
  return {
    anyOpen: rows.some((r) => r.status === "WAITING"),
    refunded: rows.filter((r) => r.status === "REFUNDED").map((r) => Number(r.id)),
  };
}
