/**
 * The assets' pure rules without zod: an exchange's quote, a stake's daily interest, the kinds of
 * asset records. Pages compute live previews with them at start, so this module must not import
 * zod (decision 036); `./assets` re-exports it.
 */

/**
 * What an exchange asked for `askedCents` along `pair` takes (`amountCents`, in cents of its
 * `fromCoin`) and gives (in cents of its `toCoin`).
 */
interface ExchangeQuote {
  /** What is taken: the least that gives `grossCents`; the rest of what was asked stays. */
  amountCents: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/**
 * The one computation of an exchange (the core books it, the page shows it before confirming):
 * the result is rounded down to the cent, and only what that result is worth is taken (7.70
 * points at 100 to 1 give 0.07 chips for 7.00 points; the 0.70 left would give less than a cent
 * and stays with the player). The fee is the basis points of the result rounded up, so that what
 * the player receives is rounded down.
 */
export function quoteExchange(
  pair: { fromUnits: number; toUnits: number; feeRate: number },
  askedCents: number,
): ExchangeQuote {
  const [fromUnits, toUnits] = [BigInt(pair.fromUnits), BigInt(pair.toUnits)];
  const gross = (BigInt(askedCents) * toUnits) / fromUnits;
  const taken = (gross * fromUnits + toUnits - 1n) / toUnits;
  const feeBp = BigInt(Math.round(pair.feeRate * 100));
  const net = Number((gross * (10000n - feeBp)) / 10000n);
  return {
    amountCents: Number(taken),
    grossCents: Number(gross),
    feeCents: Number(gross) - net,
    netCents: net,
  };
}

/** Interest of one day of a stake, rounded down to the cent. */
export function dailyInterestCents(principalCents: number, dailyRateBp: number): number {
  return Math.floor((principalCents * dailyRateBp) / 10000);
}

/**
 * The kinds of ledger entries a player may see (each translated on the page, each a filter of the
 * asset records): the ledger's postings to a player take no other (`AssetKind`).
 */
export const ASSET_KINDS = [
  "RECHARGE",
  "WITHDRAW",
  "WITHDRAW_RETURN",
  "BET",
  "WIN",
  "REFUND",
  "EXCHANGE_OUT",
  "EXCHANGE_IN",
  "POINT_CLAIM",
  "STAKE",
  "STAKE_RETURN",
  "STAKE_INTEREST",
  "REBATE",
  "TASK_GIFT",
  "JACKPOT",
  "DIVIDEND",
  "ADJUST",
  "SEED",
] as const;
export type AssetKind = (typeof ASSET_KINDS)[number];
