import { TEAM_LEVELS } from "#contract/team";
import { writeAudit } from "../operator/audit";
import type { Db, Sql } from "../platform/db";
import { Refusal } from "../platform/http";

/**
 * What the operator configures (table team_settings, seeded, edited by `admin team` and
 * POST /core/operator/team/settings, audited). Rates are in basis points (100 = 1 %), one per
 * level, at most three levels; amounts in cents.
 */
export interface TeamSettings {
  betRatesBp: number[];
  rechargeRatesBp: number[];
  registerRebateCents: number;
  registerMinRechargeCents: number;
}

const DEFAULT_TEAM_SETTINGS: TeamSettings = {
  betRatesBp: [100, 50, 20],
  rechargeRatesBp: [100, 50, 25],
  registerRebateCents: 500,
  registerMinRechargeCents: 10_000,
};

/** The highest rate an operator may set, 20 %. */
const MAX_RATE_BP = 2000;

export async function getTeamSettings(sql: Sql): Promise<TeamSettings> {
  const rows = await sql.query<{ key: string; value: unknown }>("SELECT key, value FROM team_settings");
  const out: TeamSettings = { ...DEFAULT_TEAM_SETTINGS };
  for (const { key, value } of rows) {
    const parsed = typeof value === "string" ? JSON.parse(value) : value;
    if (key in out) (out as unknown as Record<string, unknown>)[key] = parsed;
  }
  return out;
}

/** Seeds the defaults; an operator's value is never overwritten. */
export async function seedTeamSettings(tx: Sql): Promise<void> {
  for (const [key, value] of Object.entries(DEFAULT_TEAM_SETTINGS))
    await tx.query("INSERT INTO team_settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING", [
      key,
      JSON.stringify(value),
    ]);
}

/** "1, 0.5, 0.2" (percent per level) → basis points; 1 to 3 levels. */
function ratesOf(field: string, text: string): number[] {
  const parts = text.split(",").map((p) => p.trim());
  if (parts.length < 1 || parts.length > TEAM_LEVELS || parts.some((p) => !/^\d{1,2}(\.\d{1,2})?$/.test(p)))
    throw new Refusal(`${field}: one to three percentages separated by commas, e.g. 1,0.5,0.2`);
  const bp = parts.map((p) => Math.round(Number(p) * 100));
  if (bp.some((r) => r > MAX_RATE_BP)) throw new Refusal(`${field}: at most ${MAX_RATE_BP / 100} %`);
  return bp;
}

function centsOf(field: string, text: string, min: number): number {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text.trim())) throw new Refusal(`${field}: an amount, e.g. 5 or 2.50`);
  const cents = Math.round(Number(text) * 100);
  if (cents < min) throw new Refusal(`${field}: at least ${min / 100}`);
  return cents;
}

/** The fields an operator edits, as the operator API and the CLI name them. */
const SETTING_FIELDS = ["betRates", "rechargeRates", "registerRebate", "registerMinRecharge"] as const;

/**
 * Applies `changes` (field → text, see SETTING_FIELDS) and returns the settings before and after.
 * Rates apply to events the job handles from then on; rebates already earned keep their rate.
 */
async function editTeamSettings(tx: Sql, changes: Record<string, string>) {
  const before = await getTeamSettings(tx);
  const after: TeamSettings = { ...before };
  const unknown = Object.keys(changes).filter((k) => !(SETTING_FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0)
    throw new Refusal(`Unknown setting ${unknown[0]} (settings: ${SETTING_FIELDS.join(", ")})`);
  if (Object.keys(changes).length === 0) throw new Refusal("Nothing to change");
  if (changes.betRates !== undefined) after.betRatesBp = ratesOf("betRates", changes.betRates);
  if (changes.rechargeRates !== undefined)
    after.rechargeRatesBp = ratesOf("rechargeRates", changes.rechargeRates);
  if (changes.registerRebate !== undefined)
    after.registerRebateCents = centsOf("registerRebate", changes.registerRebate, 0);
  if (changes.registerMinRecharge !== undefined)
    after.registerMinRechargeCents = centsOf("registerMinRecharge", changes.registerMinRecharge, 1);
  for (const [key, value] of Object.entries(after))
    await tx.query(
      `INSERT INTO team_settings (key, value, updated_at) VALUES ($1, $2, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [key, JSON.stringify(value)],
    );
  return { before, after };
}

/** Percent per level for the wire: [100, 50] → [1, 0.5]. */
export const percents = (bp: number[]) => bp.map((r) => r / 100);

/**
 * An operator's change of the team settings (the API's POST /team/settings, the CLI's `team set`)
 * and its audit entry, in one transaction.
 */
export async function editTeamSettingsAudited(db: Db, operator: string, changes: Record<string, string>) {
  await db.tx(async (tx) => {
    const { before, after } = await editTeamSettings(tx, changes);
    await writeAudit(tx, { operator, action: "team.settings.edit", detail: { changes, before, after } });
  });
}
