import { type PledgeRecord, dailyInterestCents } from "#contract/assets";
import { Code } from "#contract/codes";
import type { Page } from "#contract/envelope";
import { KEY_REUSED_DETAIL } from "#contract/headers";
import { type Coin, fromCents, toCents } from "#contract/money";
import { moveBetweenSystemAccounts, post, wireBalance } from "../ledger/ledger";
import { spendOnce } from "../ledger/spend-once";
import { assertMay } from "../limits/limits";
import { runPassAudited } from "../operator/audit";
import type { Db, Sql } from "../platform/db";
import { ApiError } from "../platform/http";
import { pageOf } from "../platform/paging";
import { findPlanRow } from "./plans";

export const DAY_MS = 24 * 60 * 60 * 1000;

const PLEDGE_MESSAGES = {
  unknownPlan: "This plan does not exist",
  closedPlan: "This plan is closed for now",
  insufficient: "Insufficient balance",
  keyReused: "This idempotency key was already used for a different pledge",
  below: (min: number) => `The amount must be at least ${min}`,
  above: (max: number) => `The amount can be at most ${max}`,
} as const;

interface StakeRow {
  id: number;
  user_id: number;
  plan_id: number;
  name: string;
  coin: Coin;
  principal_cents: number;
  daily_rate_bp: number;
  term_days: number;
  started_at: Date | string;
  matures_at: Date | string;
  status: "ACTIVE" | "MATURED";
  interest_cents: number;
  days_paid: number;
  ended_at: Date | string | null;
}

const STAKE_COLUMNS = "s.*, p.name";

function recordOf(r: StakeRow): PledgeRecord {
  return {
    id: Number(r.id),
    configId: r.plan_id,
    name: r.name,
    coin: r.coin,
    amount: fromCents(Number(r.principal_cents)),
    dailyRate: r.daily_rate_bp / 100,
    termDays: r.term_days,
    daysPaid: r.days_paid,
    interest: fromCents(Number(r.interest_cents)),
    expectedInterest: fromCents(dailyInterestCents(Number(r.principal_cents), r.daily_rate_bp) * r.term_days),
    status: r.status,
    createTime: new Date(r.started_at).getTime(),
    maturityTime: new Date(r.matures_at).getTime(),
    endTime: r.ended_at ? new Date(r.ended_at).getTime() : null,
  };
}

async function stakeByKey(db: Sql, userId: number, key: string) {
  const rows = await db.query<StakeRow>(
    `SELECT ${STAKE_COLUMNS} FROM stakes s JOIN staking_plans p ON p.id = s.plan_id
     WHERE s.user_id = $1 AND s.idempotency_key = $2`,
    [userId, key],
  );
  return rows[0] ?? null;
}

async function answer(db: Sql, userId: number, row: StakeRow) {
  return { pledge: recordOf(row), balances: await wireBalance(db, userId) };
}

function checkRepeat(row: StakeRow, input: { configId: number; amount: number }) {
  if (row.plan_id !== input.configId || Number(row.principal_cents) !== toCents(input.amount))
    throw new ApiError(Code.CONFLICT, PLEDGE_MESSAGES.keyReused, KEY_REUSED_DETAIL);
}

/**
 * Stakes `amount` on a plan: the principal moves to STAKING_LOCKED (STAKE, never below zero) and
 * the stake keeps the plan's terms of today. A repeated idempotency key answers the first stake.
 */
export async function pledge(
  db: Db,
  userId: number,
  input: { configId: number; amount: number },
  nowMs: number,
  idempotencyKey?: string | null,
): Promise<{
  pledge: PledgeRecord;
  balances: { chip: number; gold: number; point: number };
  repeated: boolean;
}> {
  const { row, repeated } = await spendOnce(idempotencyKey, {
    find: (key) => stakeByKey(db, userId, key),
    assertSame: (earlier) => checkRepeat(earlier, input),
    make: (key) => makeStake(db, userId, input, nowMs, key),
    insufficient: PLEDGE_MESSAGES.insufficient,
    failed: "The pledge could not be made",
  });
  return { ...(await answer(db, userId, row)), repeated };
}

/** Checks the stake and makes it; null when a parallel request with the key made it first. */
async function makeStake(
  db: Db,
  userId: number,
  input: { configId: number; amount: number },
  nowMs: number,
  key: string | null,
): Promise<StakeRow | null> {
  const plan = await findPlanRow(db, input.configId);
  if (!plan) throw new ApiError(Code.BAD_REQUEST, PLEDGE_MESSAGES.unknownPlan, { reason: "UNKNOWN_PLAN" });
  if (!plan.enabled)
    throw new ApiError(Code.BAD_REQUEST, PLEDGE_MESSAGES.closedPlan, { reason: "CLOSED_PLAN" });
  const cents = toCents(input.amount);
  if (cents < Number(plan.min_cents))
    throw new ApiError(Code.BAD_REQUEST, PLEDGE_MESSAGES.below(fromCents(Number(plan.min_cents))), {
      reason: "BELOW_MIN",
      amount: fromCents(Number(plan.min_cents)),
    });
  if (cents > Number(plan.max_cents))
    throw new ApiError(Code.BAD_REQUEST, PLEDGE_MESSAGES.above(fromCents(Number(plan.max_cents))), {
      reason: "ABOVE_MAX",
      amount: fromCents(Number(plan.max_cents)),
    });
  const id = await db.tx(async (tx) => {
    await assertMay(tx, { now: () => nowMs }, userId, "stake");
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO stakes (user_id, plan_id, coin, principal_cents, daily_rate_bp, term_days, started_at, matures_at, idempotency_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      [
        userId,
        plan.id,
        plan.coin,
        cents,
        plan.daily_rate_bp,
        plan.term_days,
        new Date(nowMs).toISOString(),
        new Date(nowMs + plan.term_days * DAY_MS).toISOString(),
        key,
      ],
    );
    if (!row) return null;
    await post(tx, {
      userId,
      coin: plan.coin,
      amount: -cents,
      kind: "STAKE",
      counter: "STAKING_LOCKED",
      refId: String(row.id),
      memo: plan.name,
    });
    return Number(row.id);
  });
  if (id === null) return null;
  const rows = await db.query<StakeRow>(
    `SELECT ${STAKE_COLUMNS} FROM stakes s JOIN staking_plans p ON p.id = s.plan_id WHERE s.id = $1`,
    [id],
  );
  return rows[0];
}

export async function pledgePage(
  db: Sql,
  userId: number,
  q: { pageNo: number; pageSize: number; status?: "ACTIVE" | "MATURED" },
): Promise<Page<PledgeRecord>> {
  const params: unknown[] = [userId];
  const where = ["s.user_id = $1"];
  if (q.status) where.push(`s.status = $${params.push(q.status)}`);
  const filter = where.join(" AND ");
  const rows = await db.query<StakeRow>(
    `SELECT ${STAKE_COLUMNS} FROM stakes s JOIN staking_plans p ON p.id = s.plan_id
     WHERE ${filter} ORDER BY s.id DESC LIMIT ${q.pageSize} OFFSET ${(q.pageNo - 1) * q.pageSize}`,
    params,
  );
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stakes s WHERE ${filter}`,
    params,
  );
  return pageOf(rows.map(recordOf), count.n, q);
}

interface AccrualOptions {
  /** Stakes looked at in one pass. */
  limit?: number;
  /** Tests: called inside the transaction after each day's interest is booked (a throw rolls it back). */
  afterDay?: (stakeId: number, day: number) => void | Promise<void>;
}

interface AccrualPass {
  /** Interest days paid in this pass. */
  days: number;
  interestCents: number;
  /** Stakes that matured (principal returned) in this pass. */
  matured: number;
}

/**
 * The staking job's pass (decision 034): for every active stake, accrues each day that has come
 * (day n at started_at + n days) and not been accrued: the day's interest moves from
 * STAKING_INTEREST to STAKING_LOCKED beside the principal. At maturity the player gets the
 * principal (STAKE_RETURN) and the interest of every day (STAKE_INTEREST), and the stake ends.
 * Each stake is one transaction that locks its row, so two processes take turns; each day is a
 * (stake, day) row and a system transfer with the reference "stake:day", both unique, so a day
 * accrues exactly once, and a process killed mid-pass rolls back to a state the next pass
 * completes.
 */
export async function accrueDue(db: Db, nowMs: number, options: AccrualOptions = {}): Promise<AccrualPass> {
  const limit = options.limit ?? 500;
  const due = await db.query<{ id: number }>(
    `SELECT id FROM stakes WHERE status = 'ACTIVE'
       AND extract(epoch FROM started_at) * 1000 + (days_paid + 1)::bigint * ${DAY_MS} <= $1
     ORDER BY id LIMIT $2`,
    [nowMs, limit],
  );
  const pass: AccrualPass = { days: 0, interestCents: 0, matured: 0 };
  for (const { id } of due) {
    await db.tx(async (tx) => {
      const [s] = await tx.query<StakeRow>(
        "SELECT s.*, '' AS name FROM stakes s WHERE s.id = $1 AND s.status = 'ACTIVE' FOR UPDATE",
        [id],
      );
      if (!s) return;
      const started = new Date(s.started_at).getTime();
      const reached = Math.min(s.term_days, Math.floor((nowMs - started) / DAY_MS));
      const perDay = dailyInterestCents(Number(s.principal_cents), s.daily_rate_bp);
      let days = 0;
      let cents = 0;
      for (let day = s.days_paid + 1; day <= reached; day++) {
        const inserted = await tx.query(
          `INSERT INTO stake_accruals (stake_id, day, amount_cents) VALUES ($1, $2, $3)
           ON CONFLICT (stake_id, day) DO NOTHING RETURNING day`,
          [s.id, day, perDay],
        );
        if (inserted.length === 0) continue;
        if (perDay > 0) {
          // The day's interest joins the locked principal; the player gets both at maturity.
          await moveBetweenSystemAccounts(tx, {
            coin: s.coin,
            from: "STAKING_INTEREST",
            to: "STAKING_LOCKED",
            amount: perDay,
            kind: "STAKE_ACCRUAL",
            refId: `${s.id}:${day}`,
            memo: `day ${day} of ${s.term_days}`,
          });
        }
        days++;
        cents += perDay;
        await options.afterDay?.(Number(s.id), day);
      }
      const matured = reached >= s.term_days;
      if (matured) {
        await post(tx, {
          userId: s.user_id,
          coin: s.coin,
          amount: Number(s.principal_cents),
          kind: "STAKE_RETURN",
          counter: "STAKING_LOCKED",
          refId: String(s.id),
          memo: "principal returned at maturity",
        });
        const [accrued] = await tx.query<{ cents: string | number | null }>(
          "SELECT sum(amount_cents) AS cents FROM stake_accruals WHERE stake_id = $1",
          [s.id],
        );
        const interest = Number(accrued?.cents ?? 0);
        if (interest > 0) {
          await post(tx, {
            userId: s.user_id,
            coin: s.coin,
            amount: interest,
            kind: "STAKE_INTEREST",
            counter: "STAKING_LOCKED",
            refId: String(s.id),
            memo: `interest of ${s.term_days} days, paid at maturity`,
          });
        }
      }
      await tx.query(
        `UPDATE stakes SET days_paid = (SELECT count(*) FROM stake_accruals WHERE stake_id = $1),
           interest_cents = (SELECT coalesce(sum(amount_cents), 0) FROM stake_accruals WHERE stake_id = $1),
           status = CASE WHEN $2 THEN 'MATURED' ELSE status END,
           ended_at = CASE WHEN $2 THEN $3::timestamptz ELSE ended_at END
         WHERE id = $1`,
        [s.id, matured, new Date(nowMs).toISOString()],
      );
      pass.days += days;
      pass.interestCents += cents;
      if (matured) pass.matured++;
    });
  }
  return pass;
}

/** One accrual pass now, on an operator's demand (admin CLI, operator API), audited as staking.accrue. */
export function accrueDueAudited(db: Db, operator: string, nowMs: number): Promise<AccrualPass> {
  return runPassAudited(db, operator, "staking.accrue", () => accrueDue(db, nowMs));
}
