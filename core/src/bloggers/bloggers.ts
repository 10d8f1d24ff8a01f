import { Code } from "#contract/codes";
import type { BetRecord } from "#contract/game";
import { fromCents, toCents } from "#contract/money";
import { placeBet } from "../game/bets";
import { netStakeBp } from "../game/payout";
import { betDetail, betPage } from "../game/records";
import { getPayoutTable } from "../game/settings";
import { openAndRefundedBets } from "../game/settled-stakes";
import { totalStakeCents } from "../game/totals";
import { post } from "../ledger/ledger";
import { operatorDayNoOf } from "../limits/operator-day";
import { runPassAudited } from "../operator/audit";
import type { Deps } from "../platform/context";
import type { Db, Sql } from "../platform/db";
import { ApiError, Refusal } from "../platform/http";
import { pageOf, selectPage } from "../platform/paging";
import { publicProfiles } from "../user/users";

/**
 * Bloggers (docs/bloggers.md): apply (operator rules: minimum turnover), Under Review until an
 * operator approves or rejects with a reason; fans follow (not themselves) and copy a blogger's
 * open bet with one tap, through the game's placeBet (the normal rules: a closed round is refused
 * like any bet); the copy is linked in blogger_copies. Dividends: a share of the service fee on the
 * bets copied from a blogger, paid from HOUSE once per operator's day (LIMITS_TIME_ZONE, decision
 * 072).
 */

/**
 * Held shared by a copy's transaction while it writes the copy's day, and exclusively by the
 * payment of a day: a day is paid only once every copy keyed to it has committed, and a copy made
 * after its day was paid sees it paid and goes to the next day (copyDayNo). Without it, a copy
 * made in the last moment of a day could commit just after that day's payment had summed the
 * day's copies, and never be paid.
 */
export const DIVIDEND_DAYS_LOCK = 7_144_004;

/** A dividend day's number is its date's: days from 1970-01-01 (decision 072). */
const DAY_MS = 86_400_000;

/**
 * SQL: the dividend day of a copy made at `$n` ms: the operator's day, or the day after the last
 * paid one if that day is already paid (the operator's zone moved west), so a copy is never left
 * out of the dividends.
 */
const copyDayNo = (ms: string) =>
  `greatest(${operatorDayNoOf(`to_timestamp(${ms}::bigint / 1000.0)`)},
            coalesce((SELECT max(day_no) + 1 FROM blogger_dividend_days), 0))`;
export type BloggerStatus = "UNDER_REVIEW" | "APPROVED" | "REJECTED";

export const BLOGGER_MESSAGES = {
  underReview: "Under Review",
  alreadyBlogger: "You are already a blogger",
  turnover: (min: number) => `A turnover of at least ${min} is needed to apply`,
  notBlogger: "This player is not a blogger",
  self: "You cannot follow yourself",
  selfCopy: "You cannot copy your own bet",
  noBet: "This bet does not exist",
  notOpen: "This bet's round is closed",
} as const;

export async function getBloggerSettings(db: Sql) {
  const [row] = await db.query<{ min_turnover_cents: number; dividend_bp: number }>(
    "SELECT min_turnover_cents, dividend_bp FROM blogger_settings WHERE id = 1",
  );
  return { minTurnover: fromCents(Number(row.min_turnover_cents)), dividendPercent: row.dividend_bp / 100 };
}

export async function saveBloggerSettings(db: Sql, changes: Record<string, string>) {
  const before = await getBloggerSettings(db);
  for (const [field, raw] of Object.entries(changes)) {
    if (!/^\d+(\.\d{1,2})?$/.test(raw)) throw new Refusal(`${field} must be a number`);
    if (field === "minTurnover")
      await db.query("UPDATE blogger_settings SET min_turnover_cents = $1, updated_at = now() WHERE id = 1", [
        toCents(Number(raw)),
      ]);
    else if (field === "dividendPercent") {
      if (Number(raw) > 100) throw new Refusal("dividendPercent must be at most 100");
      await db.query("UPDATE blogger_settings SET dividend_bp = $1, updated_at = now() WHERE id = 1", [
        Math.round(Number(raw) * 100),
      ]);
    } else throw new Refusal(`Unknown field ${field} (minTurnover, dividendPercent)`);
  }
  return { before, after: await getBloggerSettings(db) };
}

async function statusOf(db: Sql, userId: number) {
  const [row] = await db.query<{ status: BloggerStatus; reason: string | null }>(
    "SELECT status, reason FROM bloggers WHERE user_id = $1",
    [userId],
  );
  return row ?? null;
}

/** The player's application, as the blogger page shows it. */
export async function myBloggerStatus(db: Sql, userId: number) {
  const row = await statusOf(db, userId);
  const settings = await getBloggerSettings(db);
  return { status: row?.status ?? null, reason: row?.reason ?? null, minTurnover: settings.minTurnover };
}

/** Applies (again after a rejection); refused below the operator's minimum turnover. */
export async function apply(deps: Deps, userId: number) {
  const row = await statusOf(deps.db, userId);
  if (row?.status === "APPROVED")
    throw new ApiError(Code.BAD_REQUEST, BLOGGER_MESSAGES.alreadyBlogger, { reason: "ALREADY" });
  if (row?.status === "UNDER_REVIEW") return { status: "UNDER_REVIEW" as const, reason: null };
  const { minTurnover } = await getBloggerSettings(deps.db);
  const turnover = fromCents(await totalStakeCents(deps.db, userId, "CHIP"));
  if (turnover < minTurnover)
    throw new ApiError(Code.BAD_REQUEST, BLOGGER_MESSAGES.turnover(minTurnover), {
      reason: "TURNOVER",
      amount: minTurnover,
      turnover,
    });
  await deps.db.query(
    `INSERT INTO bloggers (user_id, status, applied_at) VALUES ($1, 'UNDER_REVIEW', $2)
     ON CONFLICT (user_id) DO UPDATE SET status = 'UNDER_REVIEW', reason = NULL, applied_at = EXCLUDED.applied_at,
       decided_at = NULL, decided_by = NULL`,
    [userId, deps.now()],
  );
  return { status: "UNDER_REVIEW" as const, reason: null };
}

export class ReviewError extends Refusal {}

/** An operator's decision on an application under review (the caller audits it). */
export async function decide(
  db: Sql,
  userId: number,
  approve: boolean,
  operator: string,
  reason: string | null,
  nowMs: number,
) {
  if (!approve && !reason?.trim()) throw new ReviewError("A rejection needs a reason");
  const rows = await db.query(
    `UPDATE bloggers SET status = $2, reason = $3, decided_at = $4, decided_by = $5
     WHERE user_id = $1 AND status = 'UNDER_REVIEW' RETURNING user_id`,
    [
      userId,
      approve ? "APPROVED" : "REJECTED",
      approve ? null : reason?.trim().slice(0, 200),
      nowMs,
      operator,
    ],
  );
  if (rows.length === 0) throw new ReviewError(`No application under review for player ${userId}`);
}

export async function listApplications(db: Sql, status: BloggerStatus = "UNDER_REVIEW") {
  const rows = await db.query<{
    user_id: number;
    status: BloggerStatus;
    reason: string | null;
    applied_at: number;
  }>(
    "SELECT user_id, status, reason, applied_at FROM bloggers WHERE status = $1 ORDER BY applied_at LIMIT 200",
    [status],
  );
  const profiles = await publicProfiles(
    db,
    rows.map((r) => Number(r.user_id)),
  );
  return rows.map((r) => ({
    userId: Number(r.user_id),
    phone: profiles.get(Number(r.user_id))?.phone ?? "****",
    status: r.status,
    reason: r.reason,
    appliedAt: Number(r.applied_at),
  }));
}

async function requireApproved(db: Sql, bloggerId: number) {
  const row = await statusOf(db, bloggerId);
  if (row?.status !== "APPROVED")
    throw new ApiError(Code.NOT_FOUND, BLOGGER_MESSAGES.notBlogger, { reason: "NOT_BLOGGER" });
}

export async function follow(db: Sql, fanId: number, bloggerId: number, nowMs: number, on: boolean) {
  if (fanId === bloggerId) throw new ApiError(Code.BAD_REQUEST, BLOGGER_MESSAGES.self, { reason: "SELF" });
  await requireApproved(db, bloggerId);
  if (on)
    await db.query(
      "INSERT INTO blogger_follows (fan_id, blogger_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
      [fanId, bloggerId, nowMs],
    );
  else
    await db.query("DELETE FROM blogger_follows WHERE fan_id = $1 AND blogger_id = $2", [fanId, bloggerId]);
  return { following: on };
}

/**
 * Copies the blogger's bet `betId` for the fan, with the fan's own stake (the same amounts) and
 * the normal betting rules: placeBet refuses a closed round, a short balance, a room out of range.
 * The copy's link (what dividends and the fan's follow records read) is written in the bet's own
 * transaction: there is never a copied bet without its link, nor a link without its bet.
 */
export async function copyBet(
  db: Db,
  fanId: number,
  bloggerId: number,
  betId: number,
  nowMs: number,
  key?: string | null,
) {
  if (fanId === bloggerId)
    throw new ApiError(Code.BAD_REQUEST, BLOGGER_MESSAGES.selfCopy, { reason: "SELF" });
  await requireApproved(db, bloggerId);
  const source = await betDetail(db, bloggerId, betId);
  if (!source) throw new ApiError(Code.NOT_FOUND, BLOGGER_MESSAGES.noBet, { reason: "NO_BET" });
  const stake = toCents(source.totalBetAmount);
  // Dividends are paid in chips: only copies in chips earn them.
  const fee =
    source.coin === "CHIP"
      ? Math.floor((stake * (10_000 - netStakeBp(await getPayoutTable(db)))) / 10_000)
      : 0;
  const link = async (tx: Sql, copyId: number) => {
    await tx.query("SELECT pg_advisory_xact_lock_shared($1)", [DIVIDEND_DAYS_LOCK]);
    await tx.query(
      `INSERT INTO blogger_copies (bet_id, fan_id, blogger_id, source_bet_id, stake_cents, fee_cents, day_no, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, ${copyDayNo("$7")}, $7) ON CONFLICT (bet_id) DO NOTHING`,
      [copyId, fanId, bloggerId, betId, stake, fee, nowMs],
    );
  };
  const placed = await placeBet(
    db,
    fanId,
    {
      gameSessionId: source.gameSessionId,
      betName: source.betName,
      baseAmount: source.baseAmount,
      betMultiples: source.betMultiples,
      totalBetAmount: source.totalBetAmount,
      coin: source.coin,
      level: source.level,
    },
    nowMs,
    key ?? `copy:${bloggerId}:${betId}`,
    link,
  );
  // A repeated copy: its link came with it (or, for a copy placed before links were written in
  // the bet's transaction, comes now).
  if (placed.repeated) await link(db, Number(placed.bet.id));
  return { bet: placed.bet, balance: fromCents(placed.balanceCents), repeated: placed.repeated };
}

/** The fan's copied bets with their outcomes, newest first. */
export async function followRecords(db: Sql, fanId: number, q: { pageNo: number; pageSize: number }) {
  const { rows, total } = await selectPage<{ bet_id: number; blogger_id: number }>(db, {
    ...q,
    columns: "bet_id, blogger_id",
    from: "blogger_copies",
    where: "fan_id = $1",
    params: [fanId],
    orderBy: "bet_id DESC",
  });
  const profiles = await publicProfiles(
    db,
    rows.map((r) => Number(r.blogger_id)),
  );
  const content = [];
  for (const r of rows) {
    const bet = await betDetail(db, fanId, Number(r.bet_id));
    if (!bet) continue;
    const p = profiles.get(Number(r.blogger_id));
    content.push({ bet, bloggerId: Number(r.blogger_id), bloggerName: p?.nickName || p?.phone || "****" });
  }
  return pageOf(content, total, q);
}

/** A blogger's followers, newest first; 404 NOT_BLOGGER, as the details, for anyone else. */
export async function fansList(db: Sql, bloggerId: number, q: { pageNo: number; pageSize: number }) {
  await requireApproved(db, bloggerId);
  const { rows, total } = await selectPage<{ fan_id: number; created_at: number }>(db, {
    ...q,
    columns: "fan_id, created_at",
    from: "blogger_follows",
    where: "blogger_id = $1",
    params: [bloggerId],
    // fan_id breaks ties: fans who followed in the same millisecond keep one order, so pages
    // neither repeat nor skip one.
    orderBy: "created_at DESC, fan_id DESC",
  });
  const profiles = await publicProfiles(
    db,
    rows.map((r) => Number(r.fan_id)),
  );
  return pageOf(
    rows.map((r) => {
      const p = profiles.get(Number(r.fan_id));
      return {
        phone: p?.phone ?? "****",
        nickName: p?.nickName ?? null,
        headUrl: p?.headUrl ?? null,
        since: Number(r.created_at),
      };
    }),
    total,
    q,
  );
}

/** Of the bets drawn (a refunded bet, its round voided, is neither won nor lost), the share won. */
const winRateOf = (bets: BetRecord[]) => {
  const settled = bets.filter((b) => b.status === "WIN" || b.status === "LOSE");
  return settled.length
    ? Math.round((settled.filter((b) => b.status === "WIN").length / settled.length) * 10_000) / 100
    : 0;
};

/**
 * A blogger's profile for their detail page: fans, win rate and profit (of the last 100 CHIP bets:
 * the profit is shown in rupees, and a point is worth a hundredth of one, so cheap point bets must
 * not swell it), recent and open bets of every coin.
 */
export async function bloggerDetail(db: Sql, bloggerId: number, viewerId: number | null) {
  await requireApproved(db, bloggerId);
  const profile = (await publicProfiles(db, [bloggerId])).get(bloggerId);
  const [recent, chipBets] = await Promise.all([
    betPage(db, bloggerId, { pageNo: 1, pageSize: 100 }),
    betPage(db, bloggerId, { pageNo: 1, pageSize: 100, coin: "CHIP" }),
  ]).then((pages) => pages.map((p) => p.content));
  const settled = recent.filter((b) => b.status !== "WAITING");
  const profit = chipBets
    .filter((b) => b.status !== "WAITING")
    .reduce((s, b) => s + toCents(b.winAmount) - toCents(b.totalBetAmount), 0);
  const [fans] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM blogger_follows WHERE blogger_id = $1",
    [bloggerId],
  );
  const following =
    viewerId === null
      ? false
      : (
          await db.query("SELECT 1 FROM blogger_follows WHERE fan_id = $1 AND blogger_id = $2", [
            viewerId,
            bloggerId,
          ])
        ).length > 0;
  return {
    bloggerId,
    phone: profile?.phone ?? "****",
    nickName: profile?.nickName ?? null,
    headUrl: profile?.headUrl ?? null,
    fans: fans.n,
    winRate: winRateOf(chipBets),
    profit: fromCents(profit),
    following,
    self: viewerId === bloggerId,
    openBets: recent.filter((b) => b.status === "WAITING"),
    recentBets: settled.slice(0, 20),
  };
}

/** Approved bloggers by fans (then by id), phones masked. */
export async function bloggerRank(db: Sql, limit = 20) {
  const rows = await db.query<{ user_id: number; fans: number }>(
    `SELECT b.user_id, count(f.fan_id)::int AS fans FROM bloggers b
     LEFT JOIN blogger_follows f ON f.blogger_id = b.user_id
     WHERE b.status = 'APPROVED' GROUP BY b.user_id ORDER BY fans DESC, b.user_id LIMIT $1`,
    [limit],
  );
  const profiles = await publicProfiles(
    db,
    rows.map((r) => Number(r.user_id)),
  );
  return rows.map((r, i) => {
    const p = profiles.get(Number(r.user_id));
    return {
      rank: i + 1,
      bloggerId: Number(r.user_id),
      phone: p?.phone ?? "****",
      nickName: p?.nickName ?? null,
      headUrl: p?.headUrl ?? null,
      fans: r.fans,
    };
  });
}

/** The latest dividends paid, newest day first. */
export async function dividendsList(db: Sql, limit = 20) {
  const rows = await db.query<{ day_no: number; blogger_id: number; amount_cents: number }>(
    "SELECT day_no, blogger_id, amount_cents FROM blogger_dividends ORDER BY day_no DESC, amount_cents DESC LIMIT $1",
    [limit],
  );
  const profiles = await publicProfiles(
    db,
    rows.map((r) => Number(r.blogger_id)),
  );
  return rows.map((r) => {
    const p = profiles.get(Number(r.blogger_id));
    return {
      day: new Date(r.day_no * DAY_MS).toISOString().slice(0, 10),
      phone: p?.phone ?? "****",
      nickName: p?.nickName ?? null,
      amount: fromCents(Number(r.amount_cents)),
    };
  });
}

/**
 * Pays the dividends of every ended operator's day not paid yet (from the first copy on): per blogger,
 * dividend share of the fees on that day's copied bets, from HOUSE (kind DIVIDEND, ref the day). A
 * day waits while any of its copied bets waits for its round; a copy refunded with a voided round
 * (decision 058) earned no fee and counts for nothing.
 * Once per day across processes: the day's row is inserted first in the same transaction (a second
 * process conflicts and pays nothing); the ledger's unique key is the last line.
 */
export async function payDividendsDue(db: Db, nowMs: number, options: { afterPay?: () => void } = {}) {
  const days = await db.query<{ day_no: number }>(
    `SELECT DISTINCT c.day_no FROM blogger_copies c
     WHERE c.day_no < ${operatorDayNoOf("to_timestamp($1::bigint / 1000.0)")} AND NOT EXISTS (SELECT 1 FROM blogger_dividend_days d WHERE d.day_no = c.day_no)
     ORDER BY c.day_no LIMIT 30`,
    [nowMs],
  );
  let paid = 0;
  for (const { day_no } of days) {
    const { dividendPercent } = await getBloggerSettings(db);
    paid += await db.tx(async (tx) => {
      // Copies of the day still being written commit first (their link holds the lock shared).
      await tx.query("SELECT pg_advisory_xact_lock($1)", [DIVIDEND_DAYS_LOCK]);
      // A copied bet still waiting for its round may yet be refunded (decision 058): the day waits.
      const copies = await tx.query<{ bet_id: number }>(
        "SELECT bet_id FROM blogger_copies WHERE day_no = $1",
        [day_no],
      );
      const bets = await openAndRefundedBets(
        tx,
        copies.map((c) => Number(c.bet_id)),
      );
      if (bets.anyOpen) return 0;
      const [claimed] = await tx.query(
        "INSERT INTO blogger_dividend_days (day_no, paid_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING day_no",
        [day_no, nowMs],
      );
      if (!claimed) return 0;
      // A refunded copy (its round voided) took no fee: it earns no dividend.
      const per = await tx.query<{ blogger_id: number; stake: string | number; fee: string | number }>(
        `SELECT blogger_id, sum(stake_cents) AS stake, sum(fee_cents) AS fee FROM blogger_copies
         WHERE day_no = $1 AND bet_id <> ALL($2::bigint[]) GROUP BY blogger_id ORDER BY blogger_id`,
        [day_no, bets.refunded],
      );
      let count = 0;
      for (const b of per) {
        const amount = Math.floor((Number(b.fee) * dividendPercent * 100) / 10_000);
        if (amount <= 0) continue;
        await tx.query(
          "INSERT INTO blogger_dividends (day_no, blogger_id, copied_cents, amount_cents) VALUES ($1, $2, $3, $4)",
          [day_no, b.blogger_id, Number(b.stake), amount],
        );
        await post(tx, {
          userId: Number(b.blogger_id),
          coin: "CHIP",
          amount,
          kind: "DIVIDEND",
          counter: "HOUSE",
          refId: `dividend day ${day_no}`,
          memo: `blogger dividends ${new Date(day_no * DAY_MS).toISOString().slice(0, 10)}`,
        });
        count++;
      }
      options.afterPay?.();
      return count;
    });
  }
  return { days: days.length, paid };
}

/** Pays due dividends now, on an operator's demand (admin CLI, operator API), audited as blogger.dividends. */
export function payDividendsDueAudited(db: Db, operator: string, nowMs: number) {
  return runPassAudited(db, operator, "blogger.dividends", () => payDividendsDue(db, nowMs));
}
