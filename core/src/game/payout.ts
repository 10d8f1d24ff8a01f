/**
 * Colours, bet names and the payout table (design section 4). Pure; used by settlement (which
 * applies the same formula in SQL), the rules call and the tests.
 *
 * A winning bet pays floor(stake x (1 - serviceFeeRate) x multiplier) in integer cents. The
 * formula is the contract's (contract/payout.ts), so that the BFF's bet sheet shows what
 * settlement pays; this module adds the defaults and the validation.
 */
import { BET_NAMES, type BetName } from "#contract/game";
import {
  type PayoutTable,
  multiplierBp as multiplierOf,
  netStakeBp as netOf,
  returnToPlayer,
  winAmountCents as winOf,
} from "#contract/payout";

export { BET_NAMES, type BetName, coloursOf, sizeOf } from "#contract/game";
export type { PayoutTable } from "#contract/payout";

export function isBetName(value: string): value is BetName {
  return (BET_NAMES as readonly string[]).includes(value);
}

export const DEFAULT_PAYOUT_TABLE: PayoutTable = {
  serviceFeeRate: 0.02,
  colour: 2,
  colourOnVioletDigit: 1.5,
  violet: 4.5,
  number: 9,
  bigSmall: 2,
};

/**
 * The table's problem, or null: rates in range, and no bet type returning more than `rtpCeiling`
 * of its stake on average (GAME_RTP_CEILING, below 1), so the game never pays out more than it takes.
 */
export function validatePayoutTable(t: PayoutTable, rtpCeiling: number): string | null {
  if (!(t.serviceFeeRate >= 0 && t.serviceFeeRate < 1)) return "serviceFeeRate must be in [0, 1)";
  for (const key of ["colour", "colourOnVioletDigit", "violet", "number", "bigSmall"] as const) {
    if (!(Number.isFinite(t[key]) && t[key] >= 0 && t[key] <= 1000)) return `${key} must be in [0, 1000]`;
  }
  for (const name of BET_NAMES) {
    const rtp = returnToPlayer(name, t);
    if (rtp > rtpCeiling + 1e-12) {
      return `${name} would return ${(rtp * 100).toFixed(2)} % to players, above the ceiling of ${(rtpCeiling * 100).toFixed(2)} %`;
    }
  }
  return null;
}

/** The multiplier of a bet for a drawn digit in basis points (0 = the bet loses). */
export function multiplierBp(
  betName: BetName,
  digit: number,
  table: PayoutTable = DEFAULT_PAYOUT_TABLE,
): number {
  return multiplierOf(betName, digit, table);
}

/** What a stake of `stakeCents` on `betName` wins when `digit` is drawn, in cents (0 = lost). */
export function winAmountCents(
  stakeCents: number,
  betName: BetName,
  digit: number,
  table: PayoutTable = DEFAULT_PAYOUT_TABLE,
): number {
  return winOf(stakeCents, betName, digit, table);
}

/** Net-of-fee factor in basis points, for the SQL form of the same formula. */
export function netStakeBp(table: PayoutTable = DEFAULT_PAYOUT_TABLE): number {
  return netOf(table);
}

/** Every bet name with its multiplier for one digit: the input of the set-based settlement. */
export function multipliersFor(digit: number, table: PayoutTable = DEFAULT_PAYOUT_TABLE) {
  return BET_NAMES.map((name) => ({ name, bp: multiplierBp(name, digit, table) }));
}
