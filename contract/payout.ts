/**
 * What a round's payout table means (design section 4), shared by the core (settlement) and the
 * BFF (the bet sheet's "pays if it wins"), so that what the sheet promises is what settlement
 * pays. Pure and free of zod, so that browser code can import it.
 *
 * A winning bet pays floor(stake x (1 - serviceFeeRate) x multiplier) in integer cents: the
 * service fee comes off the stake first, and any fraction of a cent is rounded down.
 */

import { coloursOf, sizeOf } from "./digits";

export interface PayoutTable {
  /** Taken off the stake before the multiplier: 0.02 = 2 %. */
  serviceFeeRate: number;
  /** Red or Green on a digit of that colour. */
  colour: number;
  /** Red on 0, or Green on 5: the digit also counts as Violet. */
  colourOnVioletDigit: number;
  /** Violet on 0 or 5. */
  violet: number;
  /** The exact digit. */
  number: number;
  /** Big on 5-9, Small on 0-4. */
  bigSmall: number;
}

/** Rates and multipliers are kept to four decimals (basis points) so that payouts are exact. */
const BP = 10_000;
const toBp = (x: number) => Math.round(x * BP);

/** The multiplier of a bet (a bet name: Red, Green, Violet, Big, Small, 0-9) for a drawn digit, in basis points (0 = lost). */
export function multiplierBp(betName: string, digit: number, table: PayoutTable): number {
  const colours = coloursOf(digit);
  switch (betName) {
    case "Red":
    case "Green":
      if (!colours.includes(betName)) return 0;
      return toBp(colours.includes("Violet") ? table.colourOnVioletDigit : table.colour);
    case "Violet":
      return colours.includes("Violet") ? toBp(table.violet) : 0;
    case "Big":
    case "Small":
      return sizeOf(digit) === betName ? toBp(table.bigSmall) : 0;
    default:
      return Number(betName) === digit ? toBp(table.number) : 0;
  }
}

/** Net-of-fee factor in basis points. */
export function netStakeBp(table: PayoutTable): number {
  return BP - toBp(table.serviceFeeRate);
}

/** What a stake of `stakeCents` on `betName` wins when `digit` is drawn, in cents (0 = lost). */
export function winAmountCents(
  stakeCents: number,
  betName: string,
  digit: number,
  table: PayoutTable,
): number {
  const mult = multiplierBp(betName, digit, table);
  if (mult === 0) return 0;
  return Number((BigInt(stakeCents) * BigInt(netStakeBp(table)) * BigInt(mult)) / BigInt(BP * BP));
}

/**
 * What a bet pays if it wins, in cents, for each different amount it can win: one amount for
 * most bets; two for Red and Green (on 2 4 6 8 or 1 3 7 9, and on 0 or 5), most first, each
 * with the digits it is won on.
 */
export function possibleWinsCents(
  stakeCents: number,
  betName: string,
  table: PayoutTable,
): Array<{ cents: number; digits: number[] }> {
  const byAmount = new Map<number, number[]>();
  for (let digit = 0; digit <= 9; digit++) {
    const cents = winAmountCents(stakeCents, betName, digit, table);
    if (cents > 0) byAmount.set(cents, [...(byAmount.get(cents) ?? []), digit]);
  }
  return [...byAmount].map(([cents, digits]) => ({ cents, digits })).sort((a, b) => b.cents - a.cents);
}

/**
 * A bet's return to player under a table: the stake's expected payout when each digit is drawn
 * with probability 1/10, net of the fee (e.g. 0.98 = 98 %). Exact in basis points.
 */
export function returnToPlayer(betName: string, table: PayoutTable): number {
  let sumBp = 0;
  for (let digit = 0; digit < 10; digit++) sumBp += multiplierBp(betName, digit, table);
  return (sumBp / 10 / BP) * (netStakeBp(table) / BP);
}
