import type { Sql } from "../platform/db";

/**
 * A player's losses (stakes minus winnings, CHIP and GOLD; an unsettled bet counts as lost) of
 * the bets whose round started at or after each of `starts` (ms): what player protection's loss
 * limits and reality check count (core/src/limits), as game_place_bet does (migration 041).
 */
export async function lossesSince(
  sql: Sql,
  userId: number,
  starts: number[],
  /** "end": the bets whose round ended after each start (the reality check's session). */
  by: "start" | "end" = "start",
): Promise<number[]> {
  const time = by === "start" ? "g.start_time" : "g.end_time";
  const [r] = await sql.query<Record<string, string | number>>(
    `SELECT ${starts
      .map(
        (_, i) =>
          `coalesce(sum(b.total_amount_cents - b.win_amount_cents) FILTER (WHERE ${time} >= $${i + 3}), 0) AS s${i}`,
      )
      .join(", ")}
     FROM bets b JOIN game_rounds g ON g.id = b.round_id
     WHERE b.user_id = $1 AND b.coin IN ('CHIP', 'GOLD') AND ${time} >= $2`,
    [userId, Math.min(...starts), ...starts],
  );
  return starts.map((_, i) => Number(r[`s${i}`]));
}
