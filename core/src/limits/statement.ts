import type { Statement } from "#contract/limits";
import { fromCents } from "#contract/money";
import type { Sql } from "../platform/db";

/**
 * The activity statement: deposits, withdrawals, stakes, winnings and the net result of the days
 * `from` to `to` (inclusive, in the limits' time zone), from the player's ledger entries (the one
 * record of every money movement; read here because the ledger exports no sum by kind). CHIP and
 * GOLD; withdrawals net of returned ones, fees included.
 */
export async function statement(sql: Sql, userId: number, from: string, to: string): Promise<Statement> {
  const [r] = await sql.query<Record<string, string | number>>(
    `WITH b AS (SELECT ($2::date)::timestamp AT TIME ZONE s.time_zone AS t0,
                       ($3::date + 1)::timestamp AT TIME ZONE s.time_zone AS t1
                FROM limits_settings s)
     SELECT coalesce(sum(e.amount) FILTER (WHERE e.kind = 'RECHARGE'), 0) AS deposits,
            coalesce(-sum(e.amount) FILTER (WHERE e.kind IN ('WITHDRAW', 'WITHDRAW_FEE', 'WITHDRAW_RETURN')), 0) AS withdrawals,
            coalesce(-sum(e.amount) FILTER (WHERE e.kind IN ('BET', 'REFUND')), 0) AS stakes,
            coalesce(sum(e.amount) FILTER (WHERE e.kind = 'WIN'), 0) AS winnings
     FROM ledger_entries e, b
     WHERE e.user_id = $1 AND e.coin IN ('CHIP', 'GOLD') AND e.created_at >= b.t0 AND e.created_at < b.t1`,
    [userId, from, to],
  );
  const stakes = Number(r.stakes);
  const winnings = Number(r.winnings);
  return {
    from,
    to,
    deposits: fromCents(Number(r.deposits)),
    withdrawals: fromCents(Number(r.withdrawals)),
    stakes: fromCents(stakes),
    winnings: fromCents(winnings),
    net: fromCents(winnings - stakes),
  };
}
