import { z } from "zod";
import { pageInputSchema, pageSchema } from "./envelope";
import { upperCaseOneOf } from "./fields";
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
  walletType: upperCaseOneOf(["TRC20", "BEP20"], "walletType must be TRC20 or BEP20"),
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
  /** USDT received, to 6 decimals (rounded down: a BEP20 transfer's 18 are kept, and credited, exactly). */
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

/**
 * Decimals of USDT's token contract on each network: 6 on TRON (TRC20), 18 on BNB Smart Chain
 * (BEP20). A transfer is an exact whole number of these base units.
 */
export const USDT_DECIMALS = { TRC20: 6, BEP20: 18 } as const;

/** The most USDT one deposit may report. */
export const MAX_DEPOSIT_USDT = 1_000_000_000n;

/**
 * A USDT amount as a chain watcher reports it (plain positive decimal, up to the network's
 * decimals) in that network's base units, exactly (no floating point); null when it is not such
 * an amount. Above MAX_DEPOSIT_USDT it is answered as it is: the caller says it is too large.
 */
export function usdtUnits(network: keyof typeof USDT_DECIMALS, text: string): bigint | null {
  const t = text.trim();
  const decimals = USDT_DECIMALS[network];
  if (!/^\d{1,12}(\.\d+)?$/.test(t)) return null;
  const [whole, fraction = ""] = t.split(".");
  if (fraction.length > decimals) return null;
  const units = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0"));
  return units > 0n ? units : null;
}

/** Transaction hashes: 64 hex digits on TRON, "0x" and 64 on BSC; kept lowercase. */
export function normalizeTxHash(network: "TRC20" | "BEP20", raw: string): string | null {
  const t = raw.trim().toLowerCase();
  if (network === "TRC20") return /^[0-9a-f]{64}$/.test(t) ? t : null;
  return /^0x[0-9a-f]{64}$/.test(t) ? t : null;
}
