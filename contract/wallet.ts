import { z } from "zod";

import { upperCaseOneOf } from "./fields";
import { CURRENCIES, NETWORKS } from "./wallet-names";

export * from "./wallet-names";

export const currencySchema = z.enum(CURRENCIES);
export const networkSchema = z.enum(NETWORKS);

/** GET /app/chargeAndWithdrawConfig/getConfig?currency=CASH|USDT */
export const getConfigInputSchema = z.object({
  currency: upperCaseOneOf(CURRENCIES, "currency must be CASH or USDT"),
});

/** "HH:MM-HH:MM", both ends inclusive, in the config's time zone; an end before the start spans midnight. */
export const TIME_WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
/** ISO weekdays, Monday 1 to Sunday 7, comma-separated, e.g. "1,2,3,4,5". */
export const WEEK_DAYS = /^[1-7](,[1-7]){0,6}$/;

/**
 * The withdraw and charge config of one currency: every field of the spec (note the spec's own
 * spelling `curreny`), amounts in units of the player's balance (CHIP), rates in percent. Three
 * fields beyond the spec: `rechargePresets` (the amount buttons), `usdtRate` (CHIP per USDT: the
 * page's "1 USDT = N ₹"; 1 for CASH), `timeZone` (of `weekDays`, `startAndEndTime` and the
 * single-day limit's day: always the operator's zone, LIMITS_TIME_ZONE, decision 072), and
 * `usdtConfirmations` (chain confirmations before a USDT deposit is credited).
 */
export const currencyConfigSchema = z.object({
  id: z.number().int(),
  curreny: currencySchema,
  openRecharge: z.boolean(),
  openWithdraw: z.boolean(),
  chargeMinLimit: z.number(),
  chargeMaxLimit: z.number(),
  withdrawMinLimit: z.number(),
  withdrawMaxLimit: z.number(),
  withdrawLimitSingleDay: z.number(),
  /** Percent of the amount, e.g. 2 for 2 %. */
  withdrawFeeRate: z.number(),
  /** Withdrawals up to this amount are approved at once; above it an operator reviews them. */
  autoAuditAmount: z.number(),
  /** Bets since the last recharge must reach this multiple of it before a withdrawal (0: no rule). */
  betLimitRechargeMultiple4Withdraw: z.number(),
  weekDays: z.string().regex(WEEK_DAYS),
  startAndEndTime: z.string().regex(TIME_WINDOW),
  rechargePresets: z.array(z.number()),
  usdtRate: z.number(),
  usdtConfirmations: z.number().int(),
  timeZone: z.string(),
  createDateTime: z.string(),
  updateDateTime: z.string(),
});
export type CurrencyConfig = z.infer<typeof currencyConfigSchema>;

/** The fields an operator may change (/core/operator/wallet/config, `admin wallet-config set`). */
export const EDITABLE_CONFIG_FIELDS = [
  "openRecharge",
  "openWithdraw",
  "chargeMinLimit",
  "chargeMaxLimit",
  "withdrawMinLimit",
  "withdrawMaxLimit",
  "withdrawLimitSingleDay",
  "withdrawFeeRate",
  "autoAuditAmount",
  "betLimitRechargeMultiple4Withdraw",
  "weekDays",
  "startAndEndTime",
  "rechargePresets",
  "usdtRate",
  "usdtConfirmations",
  "timeZone",
] as const;
export type EditableConfigField = (typeof EDITABLE_CONFIG_FIELDS)[number];
