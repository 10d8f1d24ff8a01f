import { Code } from "#contract/codes";
import type {
  BlockKind,
  BlockLength,
  LimitKind,
  LimitPeriod,
  LimitRefusal,
  PlayerLimit,
  SetLimitResult,
} from "#contract/limits";
import { LIMIT_KINDS, LIMIT_PERIODS } from "#contract/limits";
import { fromCents } from "#contract/money";
import { lossesSince } from "../game/losses";
import type { Deps } from "../platform/context";
import type { Sql } from "../platform/db";
import { ApiError } from "../platform/http";

/**
 * Player protection (docs/player-protection.md). The limits in force are in player_limits (no
 * row: nothing set); an increase or a removal waits in player_limit_requests for its cooling
 * period and then for the player's confirmation. Bets are checked inside game_place_bet
 * (migration 041); recharges, claims and the rest call assertMay() inside their own transaction.
 */

interface LimitsRow {
  user_id: number;
  deposit_day: number | null;
  deposit_week: number | null;
  deposit_month: number | null;
  loss_day: number | null;
  loss_week: number | null;
  loss_month: number | null;
  reminder_minutes: number;
  blocked_kind: BlockKind | null;
  blocked_from: number | null;
  blocked_until: number | null;
}

type LimitColumn = `${"deposit" | "loss"}_${"day" | "week" | "month"}`;
/** The player_limits column of one limit. */
export const column = (kind: LimitKind, period: LimitPeriod): LimitColumn =>
  `${kind === "DEPOSIT" ? "deposit" : "loss"}_${period.toLowerCase() as "day" | "week" | "month"}`;

export async function readLimits(sql: Sql, userId: number, forUpdate = false): Promise<LimitsRow | null> {
  const [row] = await sql.query<LimitsRow>(
    `SELECT * FROM player_limits WHERE user_id = $1${forUpdate ? " FOR UPDATE" : ""}`,
    [userId],
  );
  if (!row) return null;
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...row,
    deposit_day: n(row.deposit_day),
    deposit_week: n(row.deposit_week),
    deposit_month: n(row.deposit_month),
    loss_day: n(row.loss_day),
    loss_week: n(row.loss_week),
    loss_month: n(row.loss_month),
    blocked_from: n(row.blocked_from),
    blocked_until: n(row.blocked_until),
  };
}

/** The player's row, made (empty) when missing, locked for this transaction. */
async function lockLimits(tx: Sql, userId: number, now: number): Promise<LimitsRow> {
  await tx.query(
    "INSERT INTO player_limits (user_id, updated_at) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING",
    [userId, now],
  );
  const row = await readLimits(tx, userId, true);
  if (!row) throw new Error("player_limits row vanished");
  return row;
}

interface Period {
  start: number;
  end: number;
}
type Periods = Record<LimitPeriod, Period>;

/**
 * The day, week (from Monday) and month around `nowMs` in the limits' time zone, computed by the
 * database exactly as game_place_bet computes them.
 */
async function periodsAt(sql: Sql, nowMs: number): Promise<Periods> {
  const [r] = await sql.query<Record<string, string | number>>(
    `WITH x AS (SELECT to_timestamp($1 / 1000.0) AT TIME ZONE s.time_zone AS t, s.time_zone AS tz
                FROM limits_settings s)
     SELECT (extract(epoch FROM date_trunc('day', t) AT TIME ZONE tz) * 1000)::bigint AS d0,
            (extract(epoch FROM (date_trunc('day', t) + interval '1 day') AT TIME ZONE tz) * 1000)::bigint AS d1,
            (extract(epoch FROM date_trunc('week', t) AT TIME ZONE tz) * 1000)::bigint AS w0,
            (extract(epoch FROM (date_trunc('week', t) + interval '1 week') AT TIME ZONE tz) * 1000)::bigint AS w1,
            (extract(epoch FROM date_trunc('month', t) AT TIME ZONE tz) * 1000)::bigint AS m0,
            (extract(epoch FROM (date_trunc('month', t) + interval '1 month') AT TIME ZONE tz) * 1000)::bigint AS m1
     FROM x`,
    [nowMs],
  );
  return {
    DAY: { start: Number(r.d0), end: Number(r.d1) },
    WEEK: { start: Number(r.w0), end: Number(r.w1) },
    MONTH: { start: Number(r.m0), end: Number(r.m1) },
  };
}

/**
 * Money the player brought in since each period started: cash orders paid or still pending (a
 * pending order holds its share of the limit) and confirmed USDT deposits. Reads the recharge
 * domain's tables: the check runs inside recharge's own transaction, and an exported function of
 * recharge would make the two modules import each other.
 */
async function depositsIn(sql: Sql, userId: number, p: Periods): Promise<Record<LimitPeriod, number>> {
  const [r] = await sql.query<{ d: string | number; w: string | number; m: string | number }>(
    `WITH x AS (
       SELECT amount_cents AS cents, (extract(epoch FROM created_at) * 1000)::bigint AS at
       FROM recharge_orders WHERE user_id = $1 AND status IN ('PENDING', 'SUCCESS')
         AND created_at >= to_timestamp($2 / 1000.0)
       UNION ALL
       SELECT coalesce(credit_cents, 0), (extract(epoch FROM created_at) * 1000)::bigint
       FROM usdt_deposits WHERE user_id = $1 AND status = 'SUCCESS'
         AND created_at >= to_timestamp($2 / 1000.0))
     SELECT coalesce(sum(cents) FILTER (WHERE at >= $3), 0) AS d,
            coalesce(sum(cents) FILTER (WHERE at >= $4), 0) AS w,
            coalesce(sum(cents) FILTER (WHERE at >= $5), 0) AS m
     FROM x`,
    [userId, Math.min(p.WEEK.start, p.MONTH.start), p.DAY.start, p.WEEK.start, p.MONTH.start],
  );
  return { DAY: Number(r.d), WEEK: Number(r.w), MONTH: Number(r.m) };
}

/** Stakes minus winnings in each period (game/losses.ts sums them as game_place_bet does). */
async function lossesIn(sql: Sql, userId: number, p: Periods): Promise<Record<LimitPeriod, number>> {
  const [d, w, m] = await lossesSince(sql, userId, [p.DAY.start, p.WEEK.start, p.MONTH.start]);
  return { DAY: d, WEEK: w, MONTH: m };
}

/** The reality check's reminder when the player has chosen none (minutes). */
export const DEFAULT_REMINDER_MINUTES = 60;

/** Stakes minus winnings of the rounds that ended after `sinceMs` (the reality check's session). */
export async function lossSince(sql: Sql, userId: number, sinceMs: number): Promise<number> {
  return (await lossesSince(sql, userId, [sinceMs], "end"))[0];
}

const PERIOD_WORD: Record<LimitPeriod, string> = { DAY: "daily", WEEK: "weekly", MONTH: "monthly" };

/** "Your daily loss limit of 50.00 would be passed: 10.00 left until ..." with its detail. */
export function limitRefusal(
  kind: LimitKind,
  period: LimitPeriod,
  limitCents: number,
  leftCents: number,
  resetsAt: number,
): ApiError {
  const detail: LimitRefusal = {
    reason: kind === "LOSS" ? "LOSS_LIMIT" : "DEPOSIT_LIMIT",
    period,
    limit: fromCents(limitCents),
    left: fromCents(Math.max(0, leftCents)),
    resetsAt,
  };
  return new ApiError(
    Code.BAD_REQUEST,
    `This would pass your ${PERIOD_WORD[period]} ${kind === "LOSS" ? "loss" : "deposit"} limit of ${fromCents(limitCents).toFixed(2)}: ${fromCents(Math.max(0, leftCents)).toFixed(2)} left until ${new Date(resetsAt).toISOString()}`,
    detail,
  );
}

export function blockRefusal(kind: BlockKind, until: number): ApiError {
  const detail: LimitRefusal = { reason: "EXCLUDED", block: kind, until };
  const what = kind === "TIMEOUT" ? "a time-out" : "a self-exclusion";
  return new ApiError(
    Code.FORBIDDEN,
    `You are in ${what} until ${new Date(until).toISOString()}: you can withdraw and read your records, nothing else`,
    detail,
  );
}

/**
 * What another domain asks permission for: every way a player puts money at stake or moves it
 * (withdrawing and reading are never asked about: a break must not hold a player's money).
 */
type GuardedAction = "bet" | "recharge" | "claim" | "exchange" | "stake" | "play";

/**
 * The one guard other domains call, inside the transaction that moves the money: refuses
 * everything but withdrawals and reading during a time-out or self-exclusion; for "recharge",
 * also a deposit of `amountCents` that would pass a deposit limit. It locks the player's limits
 * row (when there is one), so parallel recharges are checked one after another. Bets are
 * checked by game_place_bet itself (one round trip), not here. Reward and point claims call
 * `assertMay(tx, deps, userId, "claim")`; exchanges, stakes and external game launches too.
 */
export async function assertMay(
  tx: Sql,
  deps: Pick<Deps, "now">,
  userId: number,
  action: GuardedAction,
  amountCents = 0,
): Promise<void> {
  const row = await readLimits(tx, userId, action === "recharge");
  if (!row) return;
  const now = deps.now();
  if (row.blocked_kind && row.blocked_until !== null && row.blocked_until > now) {
    throw blockRefusal(row.blocked_kind, row.blocked_until);
  }
  if (action !== "recharge") return;
  const set = LIMIT_PERIODS.filter((p) => row[column("DEPOSIT", p)] !== null);
  if (set.length === 0) return;
  const periods = await periodsAt(tx, now);
  const used = await depositsIn(tx, userId, periods);
  for (const p of set) {
    const limit = row[column("DEPOSIT", p)] as number;
    if (used[p] + amountCents > limit) {
      throw limitRefusal("DEPOSIT", p, limit, limit - used[p], periods[p].end);
    }
  }
}

/** True while the player is self-excluded (their marketing notices stop). */
export async function isSelfExcluded(sql: Sql, userId: number, now: number): Promise<boolean> {
  const rows = await sql.query(
    "SELECT 1 FROM player_limits WHERE user_id = $1 AND blocked_kind = 'EXCLUSION' AND blocked_until > $2",
    [userId, now],
  );
  return rows.length > 0;
}

interface RequestRow {
  kind: LimitKind;
  period: LimitPeriod;
  amount_cents: number | null;
  requested_at: number;
  effective_at: number;
}

async function requestsOf(sql: Sql, userId: number): Promise<RequestRow[]> {
  const rows = await sql.query<RequestRow>("SELECT * FROM player_limit_requests WHERE user_id = $1", [
    userId,
  ]);
  return rows.map((r) => ({
    ...r,
    amount_cents: r.amount_cents === null ? null : Number(r.amount_cents),
    requested_at: Number(r.requested_at),
    effective_at: Number(r.effective_at),
  }));
}

function assertNotBlocked(row: LimitsRow | null, now: number) {
  if (row?.blocked_kind && row.blocked_until !== null && row.blocked_until > now) {
    throw blockRefusal(row.blocked_kind, row.blocked_until);
  }
}

/**
 * A new limit (null: none). Lower than the one in force (or a first limit): at once, and any
 * waiting increase is dropped. Higher, or a removal: it waits coolingMs, then the player's
 * confirmation. Refused during a time-out or self-exclusion.
 */
export async function setLimit(
  deps: Deps,
  userId: number,
  kind: LimitKind,
  period: LimitPeriod,
  amountCents: number | null,
): Promise<SetLimitResult> {
  const now = deps.now();
  return deps.db.tx(async (tx) => {
    const row = await lockLimits(tx, userId, now);
    assertNotBlocked(row, now);
    const col = column(kind, period);
    const current = row[col];
    const tighter = amountCents !== null && (current === null || amountCents < current);
    if (tighter) {
      await tx.query(`UPDATE player_limits SET ${col} = $2, updated_at = $3 WHERE user_id = $1`, [
        userId,
        amountCents,
        now,
      ]);
      await tx.query("DELETE FROM player_limit_requests WHERE user_id = $1 AND kind = $2 AND period = $3", [
        userId,
        kind,
        period,
      ]);
      return { outcome: "APPLIED", effectiveAt: now };
    }
    if (amountCents === current) {
      await tx.query("DELETE FROM player_limit_requests WHERE user_id = $1 AND kind = $2 AND period = $3", [
        userId,
        kind,
        period,
      ]);
      return { outcome: "UNCHANGED", effectiveAt: now };
    }
    const effectiveAt = now + deps.config.limits.coolingMs;
    await tx.query(
      `INSERT INTO player_limit_requests (user_id, kind, period, amount_cents, requested_at, effective_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (user_id, kind, period) DO UPDATE
         SET amount_cents = EXCLUDED.amount_cents, requested_at = EXCLUDED.requested_at,
             effective_at = EXCLUDED.effective_at`,
      [userId, kind, period, amountCents, now, effectiveAt],
    );
    return { outcome: "PENDING", effectiveAt };
  });
}

/** Applies a waiting increase or removal whose cooling period is over, at the player's word. */
export async function confirmLimit(deps: Deps, userId: number, kind: LimitKind, period: LimitPeriod) {
  const now = deps.now();
  await deps.db.tx(async (tx) => {
    const row = await lockLimits(tx, userId, now);
    assertNotBlocked(row, now);
    const req = (await requestsOf(tx, userId)).find((r) => r.kind === kind && r.period === period);
    if (!req) throw new ApiError(Code.NOT_FOUND, "There is no change waiting for this limit");
    if (req.effective_at > now) {
      throw new ApiError(
        Code.BAD_REQUEST,
        `This change can be confirmed from ${new Date(req.effective_at).toISOString()}`,
        { effectiveAt: req.effective_at },
      );
    }
    await tx.query(
      `UPDATE player_limits SET ${column(kind, period)} = $2, updated_at = $3 WHERE user_id = $1`,
      [userId, req.amount_cents, now],
    );
    await tx.query("DELETE FROM player_limit_requests WHERE user_id = $1 AND kind = $2 AND period = $3", [
      userId,
      kind,
      period,
    ]);
  });
}

/** Drops a waiting increase or removal (the limit in force stays). */
export async function cancelLimit(deps: Deps, userId: number, kind: LimitKind, period: LimitPeriod) {
  await deps.db.query("DELETE FROM player_limit_requests WHERE user_id = $1 AND kind = $2 AND period = $3", [
    userId,
    kind,
    period,
  ]);
}

export async function setReminder(deps: Deps, userId: number, minutes: number) {
  const now = deps.now();
  await deps.db.query(
    `INSERT INTO player_limits (user_id, reminder_minutes, updated_at) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET reminder_minutes = EXCLUDED.reminder_minutes, updated_at = EXCLUDED.updated_at`,
    [userId, minutes, now],
  );
}

/** The end of a block of `length` starting at `from`, in the limits' time zone for months and years. */
function blockEnd(from: number, length: BlockLength): number {
  const day = 86_400_000;
  switch (length) {
    case "24h":
      return from + day;
    case "7d":
      return from + 7 * day;
    case "30d":
      return from + 30 * day;
    default: {
      const d = new Date(from);
      const months = length === "6m" ? 6 : length === "1y" ? 12 : 60;
      d.setUTCMonth(d.getUTCMonth() + months);
      return d.getTime();
    }
  }
}

/**
 * Starts a time-out or a self-exclusion (the caller checked the password). Refused while one is
 * in force: it can be neither lifted nor changed early.
 */
export async function startBlock(deps: Deps, userId: number, kind: BlockKind, length: BlockLength) {
  const now = deps.now();
  return deps.db.tx(async (tx) => {
    const row = await lockLimits(tx, userId, now);
    assertNotBlocked(row, now);
    const until = blockEnd(now, length);
    await tx.query(
      `UPDATE player_limits SET blocked_kind = $2, blocked_from = $3, blocked_until = $4, updated_at = $3
       WHERE user_id = $1`,
      [userId, kind, now, until],
    );
    return { kind, from: now, until };
  });
}

/** The player's limits with what each period used, and the waiting changes. */
export async function limitsView(sql: Sql, userId: number, now: number) {
  const row = await readLimits(sql, userId);
  const periods = await periodsAt(sql, now);
  const requests = row ? await requestsOf(sql, userId) : [];
  const used = {
    DEPOSIT: row ? await depositsIn(sql, userId, periods) : { DAY: 0, WEEK: 0, MONTH: 0 },
    LOSS: row ? await lossesIn(sql, userId, periods) : { DAY: 0, WEEK: 0, MONTH: 0 },
  };
  const limits: PlayerLimit[] = LIMIT_KINDS.flatMap((kind) =>
    LIMIT_PERIODS.map((period) => {
      const amount = row?.[column(kind, period)] ?? null;
      const req = requests.find((r) => r.kind === kind && r.period === period);
      return {
        kind,
        period,
        amount: amount === null ? null : fromCents(amount),
        used: fromCents(used[kind][period]),
        resetsAt: periods[period].end,
        pending: req
          ? {
              amount: req.amount_cents === null ? null : fromCents(req.amount_cents),
              requestedAt: req.requested_at,
              effectiveAt: req.effective_at,
              confirmable: req.effective_at <= now,
            }
          : null,
      };
    }),
  );
  const blocked = row?.blocked_kind && row.blocked_until !== null && row.blocked_until > now;
  return {
    limits,
    reminderMinutes: row?.reminder_minutes ?? DEFAULT_REMINDER_MINUTES,
    block: blocked
      ? {
          kind: row.blocked_kind as BlockKind,
          from: row.blocked_from ?? now,
          until: row.blocked_until as number,
        }
      : null,
  };
}
