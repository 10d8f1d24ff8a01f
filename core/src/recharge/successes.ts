import type { Sql } from "../platform/db";

/**
 * The recharge module's successful recharges, for the team module (docs/team.md): cash orders
 * that reached SUCCESS and USDT deposits credited (SUCCESS). FAILED and EXPIRED ones never
 * appear; nothing leaves SUCCESS. Ids are "order:<id>" and "usdt:<id>"; `at` is the time of the
 * success as ISO text with microseconds, the stream's order with the id.
 */
const SUCCESSES = `
  SELECT 'order:' || id AS id, user_id, amount_cents AS cents, updated_at AS at
    FROM recharge_orders WHERE status = 'SUCCESS'
  UNION ALL
  SELECT 'usdt:' || id, user_id, credit_cents, updated_at
    FROM usdt_deposits WHERE status = 'SUCCESS' AND credit_cents > 0`;

export async function successfulRechargesAfter(sql: Sql, after: { at: string; id: string }, limit: number) {
  const rows = await sql.query<{ id: string; user_id: number; cents: number; at: string }>(
    `SELECT id, user_id, cents, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
     FROM (${SUCCESSES}) s
     WHERE (at, id) > ($1::timestamptz, $2::text) ORDER BY at, id LIMIT $3`,
    [after.at, after.id, limit],
  );
  return rows.map((r) => ({ id: r.id, userId: Number(r.user_id), cents: Number(r.cents), at: r.at }));
}

/** What a player recharged successfully from `fromMs` (inclusive) to `toMs` (exclusive), cents. */
export async function rechargedCentsBetween(sql: Sql, userId: number, fromMs: number, toMs: number) {
  const [row] = await sql.query<{ cents: number | null }>(
    `SELECT sum(cents) AS cents FROM (${SUCCESSES}) s WHERE user_id = $1 AND at >= $2 AND at < $3`,
    [userId, new Date(fromMs).toISOString(), new Date(toMs).toISOString()],
  );
  return Number(row?.cents ?? 0);
}
