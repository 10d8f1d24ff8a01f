import { z } from "zod";
import { pageInputSchema, pageSchema } from "./envelope";
import { blankAsAbsent, optionalField, plainInteger, trimmedUpperCase, upperCaseOneOf } from "./fields";
import { moneySchema } from "./money";
import { currencySchema, networkSchema } from "./wallet";

/**
 * Money out: bank cards and withdrawals (spec sections 3, 4, 7; issue 8). Amounts in units of
 * CHIP with two decimals (contract/money.ts); the core keeps cents.
 */

/** Cards a player may keep. */
export const MAX_BANK_CARDS = 5;
/** Indian Financial System Code: 4 letters (the bank), 0, 6 letters or digits (the branch). */
export const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
/** Account numbers: 6 to 20 digits (Indian banks use 9 to 18). */
const ACCOUNT_NUMBER = /^\d{6,20}$/;

/** "**** 1234": only the last four digits of an account number ever leave the core. */
export function maskAccountNumber(last4: string): string {
  return `**** ${last4}`;
}

const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v);
const compact = (v: unknown) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v);

const assetPasswordSchema = z
  .string({ required_error: "Enter the payment password" })
  .regex(/^\d{6}$/, "The payment password is 6 digits");

const idSchema = (message: string) => plainInteger(message).pipe(z.number().int().min(1, message));

/** POST /app/bank/page: the banks a card may belong to. */
export const bankPageInputSchema = pageInputSchema;
const bankSchema = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** Whether a card of this bank needs an IFSC (Indian banks). */
  ifscRequired: z.boolean(),
});
export type Bank = z.infer<typeof bankSchema>;
export const bankPageSchema = pageSchema(bankSchema);

/** POST /app/userBank/page (pageSize 100 in the spec). */
export const userBankPageInputSchema = pageInputSchema;
export const userBankSchema = z.object({
  id: z.number().int(),
  bankId: z.number().int(),
  bankName: z.string(),
  holderName: z.string(),
  /** Masked: "**** 1234". */
  bankCardNo: z.string(),
  last4: z.string(),
  ifsc: z.string().nullable(),
  createTime: z.number(),
});
export type UserBank = z.infer<typeof userBankSchema>;
export const userBankPageSchema = pageSchema(userBankSchema);

/**
 * POST /app/userBank/saveOrUpdate: a new card without `id`; with `id`, an edit of the player's
 * own card, where an empty `bankCardNo` keeps the number (the page only knows its last four).
 */
export const saveUserBankInputSchema = z.object({
  id: optionalField(idSchema("Choose one of your cards")),
  bankId: z.preprocess(blankAsAbsent, idSchema("Choose a bank")),
  holderName: z.preprocess(
    trimmed,
    z
      .string({ required_error: "Enter the account holder's name" })
      .min(2, "Enter the account holder's name")
      .max(60, "The name is too long")
      .regex(/^[\p{L}][\p{L} .'-]*$/u, "Letters, spaces, dots and hyphens only"),
  ),
  bankCardNo: optionalField(z.preprocess(compact, z.string().regex(ACCOUNT_NUMBER, "6 to 20 digits"))),
  ifsc: optionalField(
    z.preprocess(trimmedUpperCase, z.string().regex(IFSC, "An IFSC is 11 characters, such as SBIN0001234")),
  ),
  assetPassword: assetPasswordSchema,
});
export type SaveUserBankInput = z.infer<typeof saveUserBankInputSchema>;

const WITHDRAWAL_STATUSES = ["WAITING", "APPROVED", "REJECT"] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

const amountField = moneySchema();

/** POST /app/user/cashWithdrawal/apply */
export const cashWithdrawalInputSchema = z.object({
  amount: z.preprocess((v) => (v === undefined ? "" : v), amountField),
  userBankId: z.preprocess(blankAsAbsent, idSchema("Choose a bank card")),
  assetPassword: assetPasswordSchema,
});

/** POST /app/wallet/withdrawal (amount in CHIP; paid in USDT at the configured rate). */
export const usdtWithdrawalInputSchema = z.object({
  amount: z.preprocess((v) => (v === undefined ? "" : v), amountField),
  address: z.preprocess(
    trimmed,
    z
      .string({ required_error: "Enter the withdrawal address" })
      .min(1, "Enter the withdrawal address")
      .max(100, "This address is not valid"),
  ),
  network: upperCaseOneOf(["TRC20", "BEP20"], "network must be TRC20 or BEP20"),
  assetPassword: assetPasswordSchema,
});

/** POST /app/user/cashWithdrawal/page and /app/wallet/getWithdrawalRecord */
export const withdrawalPageInputSchema = pageInputSchema;

export const withdrawalRecordSchema = z.object({
  id: z.number().int(),
  currency: currencySchema,
  /** What left the balance (CHIP). */
  amount: z.number(),
  fee: z.number(),
  /** amount - fee, in CHIP. */
  netAmount: z.number(),
  /** USDT paid for netAmount at the rate of the day (USDT only). */
  usdtAmount: z.number().nullable(),
  usdtRate: z.number().nullable(),
  status: withdrawalStatusSchema,
  rejectReason: z.string().nullable(),
  /**
   * REJECT because the payout provider did not pay (rejectReason then holds its words, for
   * operators): the page says so in the player's language instead.
   */
  payoutFailed: z.boolean().default(false),
  /** Cash: bank and masked number. */
  bankName: z.string().nullable(),
  bankCardNo: z.string().nullable(),
  /** USDT: the address and network. */
  address: z.string().nullable(),
  network: networkSchema.nullable(),
  createTime: z.number(),
  updateTime: z.number(),
});
export type WithdrawalRecord = z.infer<typeof withdrawalRecordSchema>;
export const withdrawalPageSchema = pageSchema(withdrawalRecordSchema);

/** Why a withdrawal or a card was refused (answer's result.reason), for the client's own words. */
export const WITHDRAWAL_REFUSALS = [
  "CLOSED",
  "OUTSIDE_HOURS",
  "BELOW_MIN",
  "ABOVE_MAX",
  "DAY_LIMIT",
  "TURNOVER",
  "INSUFFICIENT",
  "NO_CARD",
  "BAD_ADDRESS",
  "WRONG_NETWORK",
  "NO_PASSWORD",
  "WRONG_PASSWORD",
  "PASSWORD_LOCKED",
  "TOO_MANY_CARDS",
  "DUPLICATE_CARD",
  "IFSC_REQUIRED",
  "NUMBER_REQUIRED",
  "NO_BANK",
] as const;
export const withdrawalRefusalSchema = z.object({
  reason: z.enum(WITHDRAWAL_REFUSALS),
  amount: z.number().optional(),
  triesLeft: z.number().optional(),
  retryInSeconds: z.number().optional(),
});

/**
 * GET /app/wallet/withdrawalInfo?currency= (beyond the spec): what the withdrawal page explains
 * before the player types: balance, limits left today, the turnover still to bet, whether it is
 * open now, the remembered addresses.
 */
export const withdrawalInfoInputSchema = z.object({
  currency: upperCaseOneOf(["CASH", "USDT"], "currency must be CASH or USDT"),
});
export const withdrawalInfoSchema = z.object({
  currency: currencySchema,
  balance: z.number(),
  openWithdraw: z.boolean(),
  /** Inside the weekdays and hours now. */
  openNow: z.boolean(),
  withdrawMinLimit: z.number(),
  withdrawMaxLimit: z.number(),
  withdrawLimitSingleDay: z.number(),
  /** Applied today (local day of the config), not counting rejected ones. */
  withdrawnToday: z.number(),
  dayLeft: z.number(),
  withdrawFeeRate: z.number(),
  autoAuditAmount: z.number(),
  betLimitRechargeMultiple4Withdraw: z.number(),
  /** Every recharge since the last withdrawal: what the turnover rule asks to be bet (times the multiple). */
  rechargedSinceWithdrawal: z.number(),
  turnoverRequired: z.number(),
  turnoverDone: z.number(),
  turnoverLeft: z.number(),
  weekDays: z.string(),
  startAndEndTime: z.string(),
  timeZone: z.string(),
  usdtRate: z.number(),
  hasAssetPassword: z.boolean(),
  walletTrc: z.string().nullable(),
  walletErc: z.string().nullable(),
});
export type WithdrawalInfo = z.infer<typeof withdrawalInfoSchema>;

/** The fee of `amountCents` at `feeBp` basis points, rounded half up to the cent. */
export function withdrawalFeeCents(amountCents: number, feeBp: number): number {
  return Math.floor((amountCents * feeBp + 5000) / 10000);
}
