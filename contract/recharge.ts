import { z } from "zod";
import { pageInputSchema, pageSchema } from "./envelope";
import { moneySchema } from "./money";
import { networkSchema } from "./wallet";

/**
 * Recharge (money in), spec sections 3, 7 and 9: pay channels, the cash recharge through a payment
 * provider, the player's USDT deposit address, and both record lists. Amounts in units of CHIP
 * with two decimals (contract/money.ts); the core keeps cents.
 */

const RECHARGE_STATUSES = ["PENDING", "SUCCESS", "FAILED", "EXPIRED"] as const;
export const rechargeStatusSchema = z.enum(RECHARGE_STATUSES);
export type RechargeStatus = z.infer<typeof rechargeStatusSchema>;

/** How long a cash recharge order waits for the provider before it expires. */
export const RECHARGE_ORDER_MINUTES = 30;

// ---- POST /app/payChannel/list: the enabled channels, in the operator's order
const payChannelSchema = z.object({
  id: z.number().int(),
  /** What the player reads. */
  showName: z.string(),
  /** The code the recharge call names. */
  payChannelName: z.string(),
});
export type PayChannel = z.infer<typeof payChannelSchema>;
export const payChannelListSchema = z.array(payChannelSchema);

const channelName = z
  .string({ required_error: "Choose a pay channel", invalid_type_error: "Choose a pay channel" })
  .trim()
  .min(1, "Choose a pay channel")
  .max(40, "Choose a pay channel");

// ---- POST /app/user/recharge/recharge (idempotency-key honoured)
export const rechargeInputSchema = z.object({
  amount: moneySchema(),
  payChannelName: channelName,
});
export type RechargeInput = z.infer<typeof rechargeInputSchema>;

/** The order made, and where the player pays it (the provider's pay page). */
export const rechargeResultSchema = z.object({
  id: z.string(),
  amount: z.number(),
  payChannelName: z.string(),
  status: rechargeStatusSchema,
  /** The provider's pay page; for the sandbox a path of the app (/pay/sandbox/...). */
  payUrl: z.string(),
});
export type RechargeResult = z.infer<typeof rechargeResultSchema>;

// ---- POST /app/user/recharge/page: the player's cash recharges, newest first
export const rechargePageInputSchema = pageInputSchema;
const cashRechargeRecordSchema = z.object({
  id: z.string(),
  currency: z.literal("CASH"),
  amount: z.number(),
  payChannelName: z.string(),
  showName: z.string(),
  /** The provider's transaction reference once paid, else null. */
  txHash: z.string().nullable(),
  status: rechargeStatusSchema,
  createDateTime: z.string(),
  updateDateTime: z.string(),
  /** Where to finish paying a PENDING order (its provider's pay page), else null. */
  payUrl: z.string().nullable().default(null),
});
export type CashRechargeRecord = z.infer<typeof cashRechargeRecordSchema>;
export const cashRechargePageSchema = pageSchema(cashRechargeRecordSchema);

// ---- POST /app/wallet/getRecharge {walletType}: the player's deposit address (result: the address)
export const getRechargeInputSchema = z.object({
  walletType: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() : v),
    z.enum(["TRC20", "BEP20"], { errorMap: () => ({ message: "walletType must be TRC20 or BEP20" }) }),
  ),
});
export const depositAddressSchema = z.string();

// ---- POST /app/wallet/getRechargeRecord: the player's USDT deposits, newest first
export const usdtRechargePageInputSchema = pageInputSchema;
const usdtRechargeRecordSchema = z.object({
  id: z.number().int(),
  currency: z.literal("USDT"),
  walletType: networkSchema,
  address: z.string(),
  txHash: z.string(),
  /** USDT received (up to 6 decimals). */
  usdtAmount: z.number(),
  /** CHIP credited (null until credited). */
  amount: z.number().nullable(),
  /** CHIP per USDT applied (null until credited). */
  usdtRate: z.number().nullable(),
  confirmations: z.number().int(),
  status: rechargeStatusSchema,
  createDateTime: z.string(),
  updateDateTime: z.string(),
});
export type UsdtRechargeRecord = z.infer<typeof usdtRechargeRecordSchema>;
export const usdtRechargePageSchema = pageSchema(usdtRechargeRecordSchema);

/** A USDT amount as a chain watcher reports it: plain decimal, up to 6 places, positive. */
const USDT_AMOUNT = /^\d{1,12}(\.\d{1,6})?$/;

/** "100.5" USDT in millionths (exact, no floating point), or null when not a plain positive amount. */
export function usdtMicros(text: string): number | null {
  const t = text.trim();
  if (!USDT_AMOUNT.test(t)) return null;
  const [whole, fraction = ""] = t.split(".");
  const micros = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, "0"));
  return micros > 0 && Number.isSafeInteger(micros) ? micros : null;
}

/** Transaction hashes: 64 hex digits on TRON, "0x" and 64 on BSC; kept lowercase. */
export function normalizeTxHash(network: "TRC20" | "BEP20", raw: string): string | null {
  const t = raw.trim().toLowerCase();
  if (network === "TRC20") return /^[0-9a-f]{64}$/.test(t) ? t : null;
  return /^0x[0-9a-f]{64}$/.test(t) ? t : null;
}
