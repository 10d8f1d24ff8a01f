/**
 * Colours, bet names and the payout table (design section 4). Pure; used by settlement (which
 * applies the same formula in SQL), the rules call and the tests.
 *
 * A winning bet pays floor(stake x (1 - serviceFeeRate) x multiplier) in integer cents: the 2 %
 * service fee comes off the stake first, and any fraction of a cent is rounded down.
 */
import { BET_NAMES, type BetName, coloursOf, sizeOf } from "../../../contract/game";

export { BET_NAMES, type BetName, coloursOf, sizeOf } from "../../../contract/game";

export function isBetName(value: string): value is BetName {
  return (BET_NAMES as readonly string[]).includes(value);
}

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

export const DEFAULT_PAYOUT_TABLE: PayoutTable = {
  serviceFeeRate: 0.02,
  colour: 2,
  colourOnVioletDigit: 1.5,
  violet: 4.5,
  number: 9,
  bigSmall: 2,
};

/** Rates and multipliers are kept to four decimals (basis points) so that payouts are exact. */
const BP = 10_000;
const toBp = (x: number) => Math.round(x * BP);

export function validatePayoutTable(t: PayoutTable): string | null {
  if (!(t.serviceFeeRate >= 0 && t.serviceFeeRate < 1)) return "serviceFeeRate must be in [0, 1)";
  for (const key of ["colour", "colourOnVioletDigit", "violet", "number", "bigSmall"] as const) {
    if (!(Number.isFinite(t[key]) && t[key] >= 0 && t[key] <= 1000)) return `${key} must be in [0, 1000]`;
  }
  return null;
}

/** The multiplier of a bet for a drawn digit in basis points (0 = the bet loses). */
export function multiplierBp(
  betName: BetName,
  digit: number,
  table: PayoutTable = DEFAULT_PAYOUT_TABLE,
): number {
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

/** What a stake of `stakeCents` on `betName` wins when `digit` is drawn, in cents (0 = lost). */
export function winAmountCents(
  stakeCents: number,
  betName: BetName,
  digit: number,
  table: PayoutTable = DEFAULT_PAYOUT_TABLE,
): number {
  const mult = multiplierBp(betName, digit, table);
  if (mult === 0) return 0;
  const netBp = BP - toBp(table.serviceFeeRate);
  return Number((BigInt(stakeCents) * BigInt(netBp) * BigInt(mult)) / BigInt(BP * BP));
}

/** Net-of-fee factor in basis points, for the SQL form of the same formula. */
export function netStakeBp(table: PayoutTable = DEFAULT_PAYOUT_TABLE): number {
  return BP - toBp(table.serviceFeeRate);
}

/** Every bet name with its multiplier for one digit: the input of the set-based settlement. */
export function multipliersFor(digit: number, table: PayoutTable = DEFAULT_PAYOUT_TABLE) {
  return BET_NAMES.map((name) => ({ name, bp: multiplierBp(name, digit, table) }));
}
