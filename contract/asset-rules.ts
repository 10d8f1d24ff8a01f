/**
 * The assets' pure rules without zod: an exchange's quote, a stake's daily interest, the kinds of
 * asset records. Pages compute live previews with them at start, so this module must not import
 * zod (decision 036); `./assets` re-exports it.
 */

/** What an exchange of `amountCents` along `pair` gives, in cents of its `toCoin`. */
interface ExchangeQuote {
  amountCents: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/**
 * The one computation of an exchange (the core books it, the page shows it before confirming):
 * the result is rounded down to the cent, the fee is the basis points of it rounded up, so that
 * what the player receives is rounded down.
 */
export function quoteExchange(
  pair: { fromUnits: number; toUnits: number; feeRate: number },
  amountCents: number,
): ExchangeQuote {
  const gross = Number((BigInt(amountCents) * BigInt(pair.toUnits)) / BigInt(pair.fromUnits));
  const feeBp = BigInt(Math.round(pair.feeRate * 100));
  const net = Number((BigInt(gross) * (10000n - feeBp)) / 10000n);
  return { amountCents, grossCents: gross, feeCents: gross - net, netCents: net };
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
