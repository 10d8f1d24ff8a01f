import { Code } from "#contract/codes";
import { fromCents } from "#contract/money";
import type { RechargeTask } from "#contract/team";
import { InsufficientBalance, balances, post } from "../ledger/ledger";
import { OPERATOR_ZONE } from "../limits/operator-day";
import { type AddOrEdit, saveAudited } from "../operator/audit";
import { positiveAmountCents, shownName } from "../operator/fields";
import { type Db, type Sql, isUniqueViolation } from "../platform/db";
import { ApiError, Refusal } from "../platform/http";
import { rechargedCentsBetween } from "../recharge/successes";
import { beforeClaim } from "./guard";

interface TaskRow {
  id: number;
  name: string;
  period: "DAY" | "WEEK";
  min_recharge_cents: number;
  gift_cents: number;
  enabled: boolean;
  sort: number;
}

/**
 * The current period of a task: the operator's day, or the ISO week from the operator's Monday
 * (decision 068), keyed "YYYY-MM-DD" or "YYYY-Www", with its start and end in ms.
 */
export async function periodOf(
  sql: Sql,
  period: "DAY" | "WEEK",
  nowMs: number,
): Promise<{ key: string; start: number; end: number }> {
  const unit = period === "DAY" ? "day" : "week";
  const [p] = await sql.query<{ key: string; start: string | number; end: string | number }>(
    `WITH x AS (SELECT date_trunc($2, to_timestamp($1 / 1000.0) AT TIME ZONE z.tz) AS t0, z.tz
                FROM (SELECT ${OPERATOR_ZONE} AS tz) z)
     SELECT to_char(t0, $3) AS key, (extract(epoch FROM t0 AT TIME ZONE tz) * 1000)::bigint AS start,
       (extract(epoch FROM (t0 + ('1 ' || $2)::interval) AT TIME ZONE tz) * 1000)::bigint AS end
     FROM x`,
    [nowMs, unit, period === "DAY" ? "YYYY-MM-DD" : 'IYYY-"W"IW'],
  );
  return { key: p.key, start: Number(p.start), end: Number(p.end) };
}

const TASK_MESSAGES = {
  unknown: "This task does not exist",
  notReached: "Recharge more to reach this task first",
  claimed: "This gift was already claimed for this period",
  empty: "Gifts are not available right now, please try later",
} as const;

/** The enabled tasks with the player's progress in each one's current period. */
export async function listTasks(db: Sql, userId: number, nowMs: number): Promise<RechargeTask[]> {
  const tasks = await db.query<TaskRow>("SELECT * FROM team_tasks WHERE enabled ORDER BY sort, id");
  const out: RechargeTask[] = [];
  for (const t of tasks) {
    const p = await periodOf(db, t.period, nowMs);
    const [progress, claims] = await Promise.all([
      rechargedCentsBetween(db, userId, p.start, p.end),
      db.query("SELECT 1 FROM team_task_claims WHERE task_id = $1 AND user_id = $2 AND period_key = $3", [
        t.id,
        userId,
        p.key,
      ]),
    ]);
    out.push({
      id: t.id,
      name: t.name,
      period: t.period,
      minRecharge: fromCents(Number(t.min_recharge_cents)),
      gift: fromCents(Number(t.gift_cents)),
      progress: fromCents(progress),
      reached: progress >= Number(t.min_recharge_cents),
      claimed: claims.length > 0,
      periodEnd: p.end,
    });
  }
  return out;
}

/**
 * Pays a reached task's gift from the GIFTS system account, once per task, player and period:
 * the claim row (primary key task, player, period) and the ledger entry (kind TASK_GIFT, ref
 * "task:period") are written in one transaction, so parallel claims pay once.
 */
export async function claimTaskGift(db: Db, userId: number, taskId: number, nowMs: number) {
  const [task] = await db.query<TaskRow>("SELECT * FROM team_tasks WHERE id = $1 AND enabled", [taskId]);
  if (!task) throw new ApiError(Code.NOT_FOUND, TASK_MESSAGES.unknown, { reason: "NOT_FOUND" });
  const p = await periodOf(db, task.period, nowMs);
  const progress = await rechargedCentsBetween(db, userId, p.start, p.end);
  if (progress < Number(task.min_recharge_cents))
    throw new ApiError(Code.BAD_REQUEST, TASK_MESSAGES.notReached, {
      reason: "NOT_REACHED",
      progress: fromCents(progress),
      minRecharge: fromCents(Number(task.min_recharge_cents)),
    });
  const gift = Number(task.gift_cents);
  try {
    const paid = await db.tx(async (tx) => {
      await beforeClaim(tx, userId, nowMs);
      const rows = await tx.query(
        `INSERT INTO team_task_claims (task_id, user_id, period_key, gift_cents) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING task_id`,
        [task.id, userId, p.key, gift],
      );
      if (rows.length === 0) return false;
      await post(tx, {
        userId,
        coin: "CHIP",
        amount: gift,
        kind: "TASK_GIFT",
        counter: "GIFTS",
        refId: `${task.id}:${p.key}`,
        memo: task.name,
      });
      return true;
    });
    if (!paid) throw new ApiError(Code.CONFLICT, TASK_MESSAGES.claimed, { reason: "ALREADY_CLAIMED" });
  } catch (error) {
    if (error instanceof InsufficientBalance) throw new ApiError(Code.SERVER_ERROR, TASK_MESSAGES.empty);
    if (isUniqueViolation(error))
      throw new ApiError(Code.CONFLICT, TASK_MESSAGES.claimed, { reason: "ALREADY_CLAIMED" });
    throw error;
  }
  const money = await balances(db, userId);
  return { gift: fromCents(gift), chip: fromCents(money.CHIP) };
}

const TASK_FIELDS = ["name", "period", "minRecharge", "gift", "enabled", "sort"] as const;

function columnsOf(changes: Record<string, string>): Array<[string, unknown]> {
  return Object.entries(changes).map(([field, raw]): [string, unknown] => {
    const text = String(raw).trim();
    switch (field) {
      case "name":
        return ["name", shownName(text, 60)];
      case "period":
        if (text !== "DAY" && text !== "WEEK") throw new Refusal("period: DAY or WEEK");
        return ["period", text];
      case "minRecharge":
        return ["min_recharge_cents", positiveAmountCents(field, text, "2.50")];
      case "gift":
        return ["gift_cents", positiveAmountCents(field, text, "2.50")];
      case "enabled":
        if (text !== "true" && text !== "false") throw new Refusal("enabled: true or false");
        return ["enabled", text === "true"];
      case "sort":
        if (!/^-?\d{1,6}$/.test(text)) throw new Refusal("sort: a whole number");
        return ["sort", Number(text)];
      default:
        throw new Refusal(`Unknown field ${field} (fields: ${TASK_FIELDS.join(", ")})`);
    }
  });
}

interface TaskView {
  id: number;
  name: string;
  period: "DAY" | "WEEK";
  minRecharge: number;
  gift: number;
  enabled: boolean;
  sort: number;
}

const viewOf = (t: TaskRow): TaskView => ({
  id: t.id,
  name: t.name,
  period: t.period,
  minRecharge: fromCents(Number(t.min_recharge_cents)),
  gift: fromCents(Number(t.gift_cents)),
  enabled: t.enabled,
  sort: t.sort,
});

export async function allTasks(db: Sql): Promise<TaskView[]> {
  return (await db.query<TaskRow>("SELECT * FROM team_tasks ORDER BY sort, id")).map(viewOf);
}

/** Adds a task (id null: name, period, minRecharge and gift required) or edits one. */
async function saveTask(tx: Sql, { id, changes }: AddOrEdit) {
  const columns = columnsOf(changes);
  if (id === null) {
    for (const f of ["name", "period", "minRecharge", "gift"])
      if (!(f in changes)) throw new Refusal(`A new task needs ${f}`);
    const [row] = await tx.query<TaskRow>(
      `INSERT INTO team_tasks (${columns.map(([c]) => c).join(", ")})
       VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING *`,
      columns.map(([, v]) => v),
    );
    return { before: null, after: viewOf(row) };
  }
  const [before] = await tx.query<TaskRow>("SELECT * FROM team_tasks WHERE id = $1 FOR UPDATE", [id]);
  if (!before) throw new Refusal(`No task ${id}`);
  if (columns.length === 0) throw new Refusal("Nothing to change");
  const [row] = await tx.query<TaskRow>(
    `UPDATE team_tasks SET ${columns.map(([c], i) => `${c} = $${i + 2}`).join(", ")}, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, ...columns.map(([, v]) => v)],
  );
  return { before: viewOf(before), after: viewOf(row) };
}

/**
 * An operator's add or edit of a task (the API's POST /team/tasks, the CLI's `team task add|set`),
 * and its audit entry, in one transaction.
 */
export function saveTaskAudited(db: Db, operator: string, edit: AddOrEdit) {
  return saveAudited(db, operator, "team.task", edit, saveTask);
}

/** The seeded tasks (only when there is none: an operator's removal by disabling stays). */
export async function seedTasks(tx: Sql): Promise<void> {
  const [{ n }] = await tx.query<{ n: number }>("SELECT count(*)::int AS n FROM team_tasks");
  if (n > 0) return;
  await tx.query(
    `INSERT INTO team_tasks (name, period, min_recharge_cents, gift_cents, sort) VALUES
     ('Recharge 100 today', 'DAY', 10000, 200, 1), ('Recharge 1,000 this week', 'WEEK', 100000, 2000, 2)`,
  );
}
