import type { Page } from "#contract/envelope";
import type { BetRecord, BetStatus, SessionResult } from "#contract/game";
import { type Coin, fromCents } from "#contract/money";
import type { Sql } from "../platform/db";
import { pageOf, selectPage } from "../platform/paging";
import { BET_COLUMNS, type BetRow, toBetRecord } from "./bets";

interface Paging {
  pageNo: number;
  pageSize: number;
}

/** Settled rounds of a room, newest first, with their revealed seeds. */
export async function sessionResultPage(
  db: Sql,
  q: Paging & { coin: Coin; level: number },
): Promise<Page<SessionResult>> {
  const rows = await db.query<SessionResult & { result: number }>(
    `SELECT id, coin, level, result, seed_hash AS "seedHash", seed, start_time AS "startTime",
       bet_end_time AS "betEndTime", end_time AS "sessionEndTime"
     FROM game_rounds WHERE coin = $1 AND level = $2 AND result IS NOT NULL
     ORDER BY end_time DESC, id DESC LIMIT $3 OFFSET $4`,
    [q.coin, q.level, q.pageSize, (q.pageNo - 1) * q.pageSize],
  );
  const count = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM game_rounds WHERE coin = $1 AND level = $2 AND result IS NOT NULL",
    [q.coin, q.level],
  );
  return pageOf(
    rows.map(({ result, ...r }) => ({ ...r, lotteryResult: String(result) })),
    count[0].n,
    q,
  );
}

/** A player's bets, newest first, optionally by coin, level and status. */
export async function betPage(
  db: Sql,
  userId: number,
  q: Paging & { coin?: Coin; level?: number; status?: BetStatus },
): Promise<Page<BetRecord>> {
  const where = ["b.user_id = $1"];
  const params: unknown[] = [userId];
  if (q.coin) where.push(`b.coin = $${params.push(q.coin)}`);
  if (q.level !== undefined) where.push(`b.level = $${params.push(q.level)}`);
  if (q.status) where.push(`b.status = $${params.push(q.status)}`);
  const filter = where.join(" AND ");
  const { rows, total } = await selectPage<BetRow>(db, {
    columns: BET_COLUMNS,
    from: "bets b JOIN game_rounds r ON r.id = b.round_id",
    countFrom: "bets b",
    where: filter,
    params,
    orderBy: "b.id DESC",
    ...q,
  });
  return pageOf(rows.map(toBetRecord), total, q);
}

/** One of the player's bets, or null when it does not exist or is someone else's. */
export async function betDetail(db: Sql, userId: number, betId: number): Promise<BetRecord | null> {
  const rows = await db.query<BetRow>(
    `SELECT ${BET_COLUMNS} FROM bets b JOIN game_rounds r ON r.id = b.round_id
     WHERE b.user_id = $1 AND b.id = $2`,
    [userId, betId],
  );
  return rows[0] ? toBetRecord(rows[0]) : null;
}

/** "98****3210": enough to recognise oneself, not enough to identify anyone. */
export function maskPhone(phone: string): string {
  if (phone.length <= 4) return "*".repeat(phone.length);
  const head = phone.slice(0, Math.min(2, phone.length - 4));
  return `${head}****${phone.slice(-4)}`;
}

/** Recent winning bets of all players (public), newest first, phones masked. */
export async function winPage(db: Sql, q: Paging & { coin?: Coin }) {
  const params: unknown[] = [];
  const filter = q.coin ? `AND b.coin = $${params.push(q.coin)}` : "";
  const rows = await db.query<{
    id: number;
    gameSessionId: number;
    coin: Coin;
    level: number;
    betName: BetRecord["betName"];
    total: number;
    win: number;
    result: number | null;
    phone: string;
    createdAt: Date | string;
  }>(
    `SELECT b.id, b.round_id AS "gameSessionId", b.coin, b.level, b.bet_name AS "betName",
       b.total_amount_cents AS total, b.win_amount_cents AS win, r.result, u.phone, b.created_at AS "createdAt"
     FROM bets b JOIN game_rounds r ON r.id = b.round_id JOIN users u ON u.id = b.user_id
     WHERE b.status = 'WIN' ${filter}
     ORDER BY b.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`,
    params,
  );
  const count = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM bets b WHERE b.status = 'WIN' ${filter}`,
    params,
  );
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      gameSessionId: r.gameSessionId,
      coin: r.coin,
      level: r.level,
      betName: r.betName,
      totalBetAmount: fromCents(r.total),
      winAmount: fromCents(r.win),
      lotteryResult: r.result === null ? null : String(r.result),
      phone: maskPhone(r.phone),
      createTime: new Date(r.createdAt).getTime(),
    })),
    count[0].n,
    q,
  );
}
