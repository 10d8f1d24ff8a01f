import { fromCents, toCents } from "#contract/money";
import { MAX_USDT_RATE_CENTS } from "#contract/usdt-amounts";
import {
  type Currency,
  type CurrencyConfig,
  EDITABLE_CONFIG_FIELDS,
  type EditableConfigField,
  TIME_WINDOW,
  WEEK_DAYS,
} from "#contract/wallet";
import { OPERATOR_ZONE } from "../limits/operator-day";
import { type FieldColumn, columnsOf, onOff, percentBp } from "../operator/fields";
import type { Sql } from "../platform/db";
import { Refusal } from "../platform/http";

interface ConfigRow {
  id: number;
  currency: Currency;
  open_recharge: boolean;
  open_withdraw: boolean;
  charge_min_cents: number;
  charge_max_cents: number;
  withdraw_min_cents: number;
  withdraw_max_cents: number;
  withdraw_day_limit_cents: number;
  withdraw_fee_bp: number;
  auto_audit_cents: number;
  bet_multiple_bp: number;
  week_days: string;
  start_and_end_time: string;
  recharge_presets_cents: number[];
  usdt_rate_cents: number;
  usdt_confirmations: number;
  /** The operator's zone, LIMITS_TIME_ZONE (limits_settings), not a column (decision 072). */
  time_zone: string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The config in the core's own units (cents, basis points), for the services that enforce it. */
export interface CurrencyRules {
  currency: Currency;
  openRecharge: boolean;
  openWithdraw: boolean;
  chargeMinCents: number;
  chargeMaxCents: number;
  withdrawMinCents: number;
  withdrawMaxCents: number;
  withdrawDayLimitCents: number;
  /** 1 % = 100. */
  withdrawFeeBp: number;
  autoAuditCents: number;
  /** Turnover multiple of the last recharge, 1x = 10000. */
  betMultipleBp: number;
  weekDays: number[];
  /** Minutes after midnight, both inclusive; end < start spans midnight. */
  window: { start: number; end: number };
  rechargePresetsCents: number[];
  /** CHIP cents per USDT. */
  usdtRateCents: number;
  usdtConfirmations: number;
  /** The operator's zone (LIMITS_TIME_ZONE): of the weekdays, the hours and the single-day limit's day. */
  timeZone: string;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function rulesOf(row: ConfigRow): CurrencyRules {
  const [start, end] = row.start_and_end_time.split("-");
  return {
    currency: row.currency,
    openRecharge: row.open_recharge,
    openWithdraw: row.open_withdraw,
    chargeMinCents: Number(row.charge_min_cents),
    chargeMaxCents: Number(row.charge_max_cents),
    withdrawMinCents: Number(row.withdraw_min_cents),
    withdrawMaxCents: Number(row.withdraw_max_cents),
    withdrawDayLimitCents: Number(row.withdraw_day_limit_cents),
    withdrawFeeBp: row.withdraw_fee_bp,
    autoAuditCents: Number(row.auto_audit_cents),
    betMultipleBp: row.bet_multiple_bp,
    weekDays: row.week_days.split(",").map(Number),
    window: { start: minutes(start), end: minutes(end) },
    rechargePresetsCents: row.recharge_presets_cents.map(Number),
    usdtRateCents: Number(row.usdt_rate_cents),
    usdtConfirmations: row.usdt_confirmations,
    timeZone: row.time_zone,
  };
}

function wireOf(row: ConfigRow): CurrencyConfig {
  return {
    id: row.id,
    curreny: row.currency,
    openRecharge: row.open_recharge,
    openWithdraw: row.open_withdraw,
    chargeMinLimit: fromCents(Number(row.charge_min_cents)),
    chargeMaxLimit: fromCents(Number(row.charge_max_cents)),
    withdrawMinLimit: fromCents(Number(row.withdraw_min_cents)),
    withdrawMaxLimit: fromCents(Number(row.withdraw_max_cents)),
    withdrawLimitSingleDay: fromCents(Number(row.withdraw_day_limit_cents)),
    withdrawFeeRate: row.withdraw_fee_bp / 100,
    autoAuditAmount: fromCents(Number(row.auto_audit_cents)),
    betLimitRechargeMultiple4Withdraw: row.bet_multiple_bp / 10000,
    weekDays: row.week_days,
    startAndEndTime: row.start_and_end_time,
    rechargePresets: row.recharge_presets_cents.map((c) => fromCents(Number(c))),
    usdtRate: fromCents(Number(row.usdt_rate_cents)),
    usdtConfirmations: row.usdt_confirmations,
    timeZone: row.time_zone,
    createDateTime: new Date(row.created_at).toISOString(),
    updateDateTime: new Date(row.updated_at).toISOString(),
  };
}

async function readRow(db: Sql, currency: Currency, lock = false): Promise<ConfigRow> {
  const rows = await db.query<ConfigRow>(
    `SELECT *, ${OPERATOR_ZONE} AS time_zone FROM wallet_currency_config
     WHERE currency = $1${lock ? " FOR UPDATE" : ""}`,
    [currency],
  );
  if (!rows[0]) throw new Error(`No wallet config for ${currency}`);
  return rows[0];
}

/** The config as the spec's getConfig answers it (units, percent). */
export async function currencyConfig(db: Sql, currency: Currency): Promise<CurrencyConfig> {
  return wireOf(await readRow(db, currency));
}

/** The config in cents and basis points, for enforcing it. */
export async function currencyRules(db: Sql, currency: Currency): Promise<CurrencyRules> {
  return rulesOf(await readRow(db, currency));
}

/**
 * Whether `nowMs` falls on one of the config's weekdays and inside its time window, in the
 * operator's time zone.
 */
export function withinWindow(rules: CurrencyRules, nowMs: number): boolean {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: rules.timeZone,
    weekday: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(new Date(nowMs));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(get("weekday")) + 1;
  const minute = Number(get("hour")) * 60 + Number(get("minute"));
  if (!rules.weekDays.includes(weekday)) return false;
  const { start, end } = rules.window;
  return start <= end ? minute >= start && minute <= end : minute >= start || minute <= end;
}

/** Reads one operator-typed value of `field` (a Refusal naming the field when it will not do). */
type ReadValue = FieldColumn[1];

const amount: ReadValue = (raw, field) => {
  if (!/^\d{1,13}(\.\d{1,2})?$/.test(raw.trim()))
    throw new Refusal(`${field}: enter an amount such as 100 or 99.50`);
  return toCents(Number(raw));
};

/**
 * CHIP per USDT: more than 0 and at most MAX_USDT_RATE_CENTS (1,000), so that a typo cannot price
 * USDT absurdly and a USDT withdrawal's sub-micro-USDT remainder stays under a tenth of a cent
 * (decision 061).
 */
const usdtRate: ReadValue = (raw, field) => {
  const cents = amount(raw, field) as number;
  if (cents <= 0) throw new Refusal(`${field}: the rate must be more than 0 (CHIP per USDT, such as 90)`);
  if (cents > MAX_USDT_RATE_CENTS) {
    throw new Refusal(`${field}: the rate must be at most ${fromCents(MAX_USDT_RATE_CENTS)} CHIP per USDT`);
  }
  return cents;
};

const feePercent = percentBp(50);

const turnoverMultiple: ReadValue = (raw, field) => {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(raw.trim())) throw new Refusal(`${field}: a multiple such as 1 or 1.5`);
  return Math.round(Number(raw) * 10000);
};

const confirmations: ReadValue = (raw, field) => {
  if (!/^\d{1,3}$/.test(raw.trim()) || Number(raw) > 100) throw new Refusal(`${field}: 0 to 100`);
  return Number(raw);
};

const weekDays: ReadValue = (raw, field) => {
  if (!WEEK_DAYS.test(raw.trim())) throw new Refusal(`${field}: ISO weekdays such as 1,2,3,4,5 (Monday 1)`);
  return [...new Set(raw.trim().split(",").map(Number))].sort().join(",");
};

const timeWindow: ReadValue = (raw, field) => {
  if (!TIME_WINDOW.test(raw.trim())) throw new Refusal(`${field}: HH:MM-HH:MM such as 09:00-21:00`);
  return raw.trim();
};

const amounts: ReadValue = (raw, field) => {
  const items = raw
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  if (items.length === 0 || items.length > 8) throw new Refusal(`${field}: 1 to 8 amounts, comma-separated`);
  return items.map((item) => amount(item, field));
};

/**
 * The config's time zone is the operator's, LIMITS_TIME_ZONE (decision 072; `zone`, as the config
 * was read): a value naming another zone is refused, one naming it changes nothing (a script that
 * sets it still runs).
 */
function checkTimeZone(raw: string, zone: string, field = "timeZone"): void {
  if (raw.trim() !== zone)
    throw new Refusal(
      `${field}: withdrawals follow the operator's time zone, ${zone}; change LIMITS_TIME_ZONE to change it`,
    );
}

/** Each editable field's column, and how an operator's value for it is read. */
const EDITABLE: Record<Exclude<EditableConfigField, "timeZone">, FieldColumn> = {
  openRecharge: ["open_recharge", onOff],
  openWithdraw: ["open_withdraw", onOff],
  chargeMinLimit: ["charge_min_cents", amount],
  chargeMaxLimit: ["charge_max_cents", amount],
  withdrawMinLimit: ["withdraw_min_cents", amount],
  withdrawMaxLimit: ["withdraw_max_cents", amount],
  withdrawLimitSingleDay: ["withdraw_day_limit_cents", amount],
  withdrawFeeRate: ["withdraw_fee_bp", feePercent],
  autoAuditAmount: ["auto_audit_cents", amount],
  betLimitRechargeMultiple4Withdraw: ["bet_multiple_bp", turnoverMultiple],
  weekDays: ["week_days", weekDays],
  startAndEndTime: ["start_and_end_time", timeWindow],
  rechargePresets: ["recharge_presets_cents", amounts],
  usdtRate: ["usdt_rate_cents", usdtRate],
  usdtConfirmations: ["usdt_confirmations", confirmations],
};

/**
 * Changes some fields of one currency's config, all or none (the table's checks keep min <= max
 * and the like). Returns the new config and what changed, for the audit log.
 */
export async function updateCurrencyConfig(
  tx: Sql,
  currency: Currency,
  changes: Record<string, string>,
): Promise<{ config: CurrencyConfig; before: CurrencyConfig }> {
  const fields = Object.keys(changes);
  if (fields.length === 0) throw new Refusal("Name at least one field to change");
  const unknown = fields.filter((f) => !(EDITABLE_CONFIG_FIELDS as readonly string[]).includes(f));
  if (unknown.length)
    throw new Refusal(`Unknown field ${unknown[0]}; fields: ${EDITABLE_CONFIG_FIELDS.join(", ")}`);
  const before = wireOf(await readRow(tx, currency, true));
  const { timeZone, ...columns } = changes;
  if (timeZone !== undefined) checkTimeZone(timeZone, before.timeZone);
  if (Object.keys(columns).length === 0) return { config: before, before };
  const sets = columnsOf(columns, EDITABLE);
  const assignments = sets.map(([column], i) => `${column} = $${i + 2}`).join(", ");
  try {
    await tx.query(
      `UPDATE wallet_currency_config SET ${assignments}, updated_at = now() WHERE currency = $1`,
      [currency, ...sets.map(([, value]) => value)],
    );
  } catch (error) {
    if ((error as { code?: string }).code === "23514") {
      throw new Refusal(
        "Refused: minimums must not exceed maximums (and the single-day limit not below the minimum)",
      );
    }
    throw error;
  }
  return { config: wireOf(await readRow(tx, currency)), before };
}
