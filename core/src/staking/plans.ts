import type { PledgeConfig } from "#contract/assets";
import { type Coin, fromCents } from "#contract/money";
import { type AddOrEdit, saveAudited } from "../operator/audit";
import { type FieldColumn, columnsOf, onOff, positiveAmountCents, shownName } from "../operator/fields";
import type { Db, Sql } from "../platform/db";
import { Refusal } from "../platform/http";

interface PlanRow {
  id: number;
  name: string;
  coin: Coin;
  term_days: number;
  daily_rate_bp: number;
  min_cents: number;
  max_cents: number;
  enabled: boolean;
}

function planOf(r: PlanRow): PledgeConfig {
  return {
    id: r.id,
    name: r.name,
    coin: r.coin,
    termDays: r.term_days,
    dailyRate: r.daily_rate_bp / 100,
    minAmount: fromCents(Number(r.min_cents)),
    maxAmount: fromCents(Number(r.max_cents)),
    enabled: r.enabled,
  };
}

export async function listPlans(db: Sql, onlyEnabled = false): Promise<PledgeConfig[]> {
  const rows = await db.query<PlanRow>(
    `SELECT * FROM staking_plans ${onlyEnabled ? "WHERE enabled" : ""} ORDER BY term_days, id`,
  );
  return rows.map(planOf);
}

export async function findPlanRow(db: Sql, id: number): Promise<PlanRow | null> {
  const rows = await db.query<PlanRow>("SELECT * FROM staking_plans WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/** Each field an operator sets of a plan, its column and how its text is read. */
const PLAN_FIELDS: Record<string, FieldColumn> = {
  name: ["name", (text) => shownName(text, 40)],
  termDays: [
    "term_days",
    (text) => {
      if (!/^\d{1,4}$/.test(text) || Number(text) < 1 || Number(text) > 3650)
        throw new Refusal("termDays: 1 to 3650");
      return Number(text);
    },
  ],
  dailyRate: [
    "daily_rate_bp",
    (text) => {
      if (!/^\d{1,2}(\.\d{1,2})?$/.test(text) || Number(text) > 10)
        throw new Refusal("dailyRate: a percent a day from 0 to 10, such as 0.5");
      return Math.round(Number(text) * 100);
    },
  ],
  minAmount: ["min_cents", (text, field) => positiveAmountCents(field, text, "99.50")],
  maxAmount: ["max_cents", (text, field) => positiveAmountCents(field, text, "99.50")],
  enabled: ["enabled", onOff],
};

/**
 * Adds a plan (no id: needs every field but enabled) or changes the fields given of plan `id`.
 * Stakes already made keep their terms. Answers before (null when added) and after, for the audit.
 */
async function savePlan(
  tx: Sql,
  { id, changes }: AddOrEdit,
): Promise<{ before: PledgeConfig | null; after: PledgeConfig }> {
  const sets = columnsOf(changes, PLAN_FIELDS);
  if (sets.length === 0) throw new Refusal("Name at least one field");
  try {
    if (id === null) {
      const values = Object.fromEntries(sets);
      for (const [column, field] of [
        ["name", "name"],
        ["term_days", "termDays"],
        ["daily_rate_bp", "dailyRate"],
        ["min_cents", "minAmount"],
        ["max_cents", "maxAmount"],
      ])
        if (values[column] === undefined) throw new Refusal(`A new plan needs ${field}`);
      const [row] = await tx.query<PlanRow>(
        `INSERT INTO staking_plans (name, term_days, daily_rate_bp, min_cents, max_cents, enabled)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [
          values.name,
          values.term_days,
          values.daily_rate_bp,
          values.min_cents,
          values.max_cents,
          values.enabled ?? true,
        ],
      );
      return { before: null, after: planOf(row) };
    }
    const [beforeRow] = await tx.query<PlanRow>("SELECT * FROM staking_plans WHERE id = $1 FOR UPDATE", [id]);
    if (!beforeRow) throw new Refusal(`No plan ${id}`);
    const assignments = sets.map(([column], i) => `${column} = $${i + 2}`).join(", ");
    const [row] = await tx.query<PlanRow>(
      `UPDATE staking_plans SET ${assignments}, updated_at = now() WHERE id = $1 RETURNING *`,
      [id, ...sets.map(([, v]) => v)],
    );
    return { before: planOf(beforeRow), after: planOf(row) };
  } catch (error) {
    if ((error as { code?: string }).code === "23514")
      throw new Refusal("Refused: the minimum must not exceed the maximum");
    throw error;
  }
}

/**
 * An operator's add or edit of a plan (the API's POST /staking/plans, the CLI's `staking plan`),
 * and its audit entry, in one transaction.
 */
export function savePlanAudited(db: Db, operator: string, edit: AddOrEdit) {
  return saveAudited(db, operator, "staking.plan", edit, savePlan);
}
