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
     WHERE r.coin = $1 AND r.end_time >= $2 AND r.end_time < $3
     GROUP BY b.user_id ORDER BY cents DESC, b.user_id`,
    [coin, fromMs, toMs],
  );
  const [open] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM game_rounds WHERE result IS NULL AND coin = $1 AND end_time < $2",
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
