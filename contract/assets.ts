import { z } from "zod";
import { pageInputSchema, pageSchema } from "./envelope";
import { blankAsAbsent, optionalField, plainInteger, upperCaseOneOf } from "./fields";
import { type Coin, type MoneyMessages, coinSchema, moneySchema } from "./money";

// The pure rules (no zod), for the browser too; re-exported so that callers keep one import.
export * from "./asset-rules";

/**
 * The player's assets beyond the balances (issue 8): exchange between the coins, points from
 * turnover, staking (pledge) and the asset records (every ledger entry). Amounts in units with
 * two decimals at most, rates in percent, as everywhere on the wire.
 */

// ---- Exchange

/** One pair an operator opened: `fromUnits` of `fromCoin` give `toUnits` of `toCoin`. */
const exchangePairSchema = z.object({
  id: z.number().int(),
  fromCoin: coinSchema,
  toCoin: coinSchema,
  fromUnits: z.number().int().positive(),
  toUnits: z.number().int().positive(),
  /** Percent of the result kept as a fee, e.g. 1 for 1 %. */
  feeRate: z.number(),
  enabled: z.boolean(),
});
export type ExchangePair = z.infer<typeof exchangePairSchema>;

/** GET /app/user/account/exchangeConfig (ours): the enabled pairs. */
export const exchangeConfigSchema = z.object({ pairs: z.array(exchangePairSchema) });

export const EXCHANGE_MESSAGES = {
  sameCoin: "Choose two different coins",
  unknownPair: "This exchange is not offered",
  disabledPair: "This exchange is closed for now",
  tooSmall: "The amount is too small to give anything",
  insufficient: "Insufficient balance",
  keyReused: "This idempotency key was already used for a different exchange",
  quoteChanged: "The rate or the fee has changed: check what you would receive now",
} as const;

/** The exchange form's fields; `messages` lets the app use its own translation keys. */
function exchangeInputSchemaWith(messages?: MoneyMessages) {
  return z.object({
    fromCoin: upperCaseOneOf(["CHIP", "GOLD", "POINT"], "fromCoin must be CHIP, GOLD or POINT"),
    toCoin: upperCaseOneOf(["CHIP", "GOLD", "POINT"], "toCoin must be CHIP, GOLD or POINT"),
    amount: moneySchema(messages ? { messages } : {}),
    /**
     * What the player saw and confirmed they would receive (optional): an exchange that would now
     * give another amount, its rate or fee changed since, is refused (QUOTE_CHANGED).
     */
    received: moneySchema(messages ? { messages } : {}).optional(),
  });
}

/** POST /app/user/account/exchange {fromCoin, toCoin, amount, received?}, idempotency-key header. */
export const exchangeInputSchema = exchangeInputSchemaWith();
export type ExchangeInput = z.infer<typeof exchangeInputSchema>;

const balancesSchema = z.object({ chip: z.number(), gold: z.number(), point: z.number() });

export const exchangeResultSchema = z.object({
  id: z.number().int(),
  fromCoin: coinSchema,
  toCoin: coinSchema,
  amount: z.number(),
  /** The result before the fee. */
  gross: z.number(),
  fee: z.number(),
  /** What the player received. */
  received: z.number(),
  createTime: z.number(),
  balances: balancesSchema,
});
export type ExchangeResult = z.infer<typeof exchangeResultSchema>;

// ---- Points

/** GET /app/user/account/pointInfo (ours): turnover so far, the rate and what can be claimed. */
export const pointInfoSchema = z.object({
  /** The coin whose stakes earn points. */
  coin: coinSchema,
  /** Stakes placed so far in that coin. */
  turnover: z.number(),
  /** Points per 100 of that coin staked. */
  pointsPer100: z.number(),
  earned: z.number(),
  claimed: z.number(),
  claimable: z.number(),
});
export type PointInfo = z.infer<typeof pointInfoSchema>;

/** POST /app/user/account/receivePoint: claims what has accrued. */
export const receivePointResultSchema = z.object({ received: z.number(), point: z.number() });

// ---- Staking (pledge)

const pledgeConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  coin: coinSchema,
  termDays: z.number().int(),
  /** Percent of the principal paid each day, e.g. 0.5. */
  dailyRate: z.number(),
  minAmount: z.number(),
  maxAmount: z.number(),
  enabled: z.boolean(),
});
export type PledgeConfig = z.infer<typeof pledgeConfigSchema>;
export const pledgeConfigListSchema = z.array(pledgeConfigSchema);

function pledgeInputSchemaWith(messages?: MoneyMessages) {
  return z.object({
    configId: plainInteger("Choose a plan").pipe(z.number().int().min(1, "Choose a plan")),
    amount: moneySchema(messages ? { messages } : {}),
  });
}
/** POST /app/user/pledge/pledge {configId, amount}, idempotency-key header. */
export const pledgeInputSchema = pledgeInputSchemaWith();

const PLEDGE_STATUSES = ["ACTIVE", "MATURED"] as const;

const pledgeRecordSchema = z.object({
  id: z.number().int(),
  configId: z.number().int(),
  name: z.string(),
  coin: coinSchema,
  amount: z.number(),
  dailyRate: z.number(),
  termDays: z.number().int(),
  daysPaid: z.number().int(),
  interest: z.number(),
  /** Interest the stake pays over its whole term. */
  expectedInterest: z.number(),
  status: z.enum(PLEDGE_STATUSES),
  createTime: z.number(),
  maturityTime: z.number(),
  endTime: z.number().nullable(),
});
export type PledgeRecord = z.infer<typeof pledgeRecordSchema>;
export const pledgePageSchema = pageSchema(pledgeRecordSchema);
export const pledgePageInputSchema = pageInputSchema.extend({
  status: optionalField(z.enum(PLEDGE_STATUSES)),
});
export const pledgeResultSchema = z.object({ pledge: pledgeRecordSchema, balances: balancesSchema });

// ---- Asset records

export const assetRecordPageInputSchema = pageInputSchema.extend({
  coin: optionalField(coinSchema),
  kind: z.preprocess(
    blankAsAbsent,
    z
      .string()
      .regex(/^[A-Z_]{1,40}$/, "kind must be a kind of entry such as BET or RECHARGE")
      .optional(),
  ),
});

const assetRecordSchema = z.object({
  id: z.number().int(),
  coin: coinSchema,
  kind: z.string(),
  /** Signed: a credit is positive, a debit negative. */
  amount: z.number(),
  balanceAfter: z.number(),
  createTime: z.number(),
  refId: z.string().nullable(),
  memo: z.string().nullable(),
  /** What the entry refers to, when the page can link it: a bet (its details page). */
  refType: z.enum(["BET", "EXCHANGE", "PLEDGE"]).nullable(),
});
export type AssetRecord = z.infer<typeof assetRecordSchema>;
export const assetRecordPageSchema = pageSchema(assetRecordSchema);

export const coinOf = (value: string): Coin | undefined => coinSchema.safeParse(value).data;
