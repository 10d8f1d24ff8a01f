import { type Coin, fromCents } from "#contract/money";
import type { UserInfo } from "#contract/user";
import type { Deps } from "../platform/context";
import type { Sql } from "../platform/db";

const DAY_MS = 24 * 60 * 60 * 1000;
const INCOME_DAYS = 7;

/** Start of the UTC day that holds `ms`. */
const dayStart = (ms: number) => ms - (ms % DAY_MS);
const iso = (ms: number) => new Date(ms).toISOString();

interface BetTotals {
  total: number;
  todayTotal: number;
  todayWin: number;
  incomeList: UserInfo["incomeList"];
}
const NO_BETS: BetTotals = { total: 0, todayTotal: 0, todayWin: 0, incomeList: [] };

/**
 * A player's bets in one coin, for the account page (the user module's getUserInfo): all time,
 * today (UTC) and the daily income of the last INCOME_DAYS days. 0 before the game's tables exist.
 */
export async function betTotals(deps: Deps, userId: number, coin: Coin): Promise<BetTotals> {
  const [{ present }] = await deps.db.query<{ present: boolean }>(
    "SELECT to_regclass('bets') IS NOT NULL AS present",
  );
  if (!present) return NO_BETS;
  const today = dayStart(deps.now());
  try {
    const [sum] = await deps.db.query<{ total: number; today_total: number; today_win: number }>(
      `SELECT COALESCE(SUM(total_amount_cents), 0) AS total,
              COALESCE(SUM(total_amount_cents) FILTER (WHERE created_at >= $3), 0) AS today_total,
              COALESCE(SUM(win_amount_cents) FILTER (WHERE created_at >= $3), 0) AS today_win
       FROM bets WHERE user_id = $1 AND coin = $2`,
      [userId, coin, iso(today)],
    );
    const days = await deps.db.query<{ day: string; total: number; win: number }>(
      `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
              SUM(total_amount_cents) AS total, COALESCE(SUM(win_amount_cents), 0) AS win
       FROM bets WHERE user_id = $1 AND coin = $2 AND created_at >= $3
       GROUP BY 1 ORDER BY 1 DESC`,
      [userId, coin, iso(today - (INCOME_DAYS - 1) * DAY_MS)],
    );
    return {
      total: Number(sum.total),
      todayTotal: Number(sum.today_total),
      todayWin: Number(sum.today_win),
      incomeList: days.map((d) => ({
        incomeAmount: fromCents(Number(d.win) - Number(d.total)),
        incomeDate: d.day,
        incomeRate:
          Number(d.total) > 0
            ? Math.round(((Number(d.win) - Number(d.total)) / Number(d.total)) * 1e4) / 1e4
            : 0,
      })),
    };
  } catch (error) {
    deps.log.error(
      { err: error },
      "could not read bet totals; the bets table does not have the expected columns",
    );
    return NO_BETS;
  }
}

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
