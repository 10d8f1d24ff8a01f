/**
 * State of the bet popup (spec section 4): a chosen bet name opens it; the multiple steps by 1,
 * never below 0, or is typed directly; after a bet it resets to the first base amount, multiple 1
 * and no bet name. Pure and free of zod so that it costs the browser almost nothing.
 */
import type { BetName } from "./bets";

export const DEFAULT_MULTIPLE = 1;
export const MAX_MULTIPLE = 10_000;

export type BetFormState = {
  betName: BetName | null;
  baseAmount: number;
  multiple: number;
};

export type BetFormAction =
  | { type: "choose"; betName: BetName }
  | { type: "close" }
  | { type: "base"; baseAmount: number }
  | { type: "increment" }
  | { type: "decrement" }
  | { type: "setMultiple"; value: string }
  | { type: "reset"; baseAmounts: number[] };

/** Splits "1,10,100" into [1, 10, 100], dropping blanks, junk and non-positive numbers. */
export function splitAmounts(list: string | null | undefined): number[] {
  if (!list) return [];
  return list
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isFinite(n) && n > 0);
}

export function initialBetForm(
  baseAmounts: number[],
  betName: BetName | null = null,
  chosen?: { baseAmount: number; multiple: number },
): BetFormState {
  if (chosen) return { betName, ...chosen };
  return { betName, baseAmount: baseAmounts[0] ?? 1, multiple: DEFAULT_MULTIPLE };
}

/** Reads a typed multiple: digits only, clamped to 0…MAX_MULTIPLE; junk gives 0. */
export function parseMultiple(value: string): number {
  const digits = value.replace(/[^0-9]/g, "");
  if (!digits) return 0;
  return Math.min(MAX_MULTIPLE, Number.parseInt(digits, 10));
}

export function betFormReducer(state: BetFormState, action: BetFormAction): BetFormState {
  switch (action.type) {
    case "choose":
      return { ...state, betName: action.betName };
    case "close":
      return { ...state, betName: null };
    case "base":
      return { ...state, baseAmount: action.baseAmount };
    case "increment":
      return { ...state, multiple: Math.min(MAX_MULTIPLE, state.multiple + 1) };
    case "decrement":
      return { ...state, multiple: Math.max(0, state.multiple - 1) };
    case "setMultiple":
      return { ...state, multiple: parseMultiple(action.value) };
    case "reset":
      return initialBetForm(action.baseAmounts);
  }
}

/** baseAmount × betMultiples, exact to the cent. */
export function totalBetAmount(baseAmount: number, multiple: number): number {
  return (Math.round(baseAmount * 100) * multiple) / 100;
}

/** A refused bet's choice as the sheet shows it again: an amount not in the room's list is its first. */
export function reopenedChoice(
  choice: { baseAmount: number; multiple: number } | undefined,
  baseAmounts: number[],
): { baseAmount: number; multiple: number } {
  const baseAmount =
    choice && baseAmounts.includes(choice.baseAmount) ? choice.baseAmount : (baseAmounts[0] ?? 1);
  return { baseAmount, multiple: choice?.multiple ?? DEFAULT_MULTIPLE };
}

/**
 * Why a player cannot bet in a room at all: the balance is below its minimum or above its
 * maximum (the core refuses such bets with the same reasons, BELOW_ROOM and ABOVE_ROOM).
 */
export function roomLimitProblem(
  balance: number,
  limits: { min: number; max: number } | null,
): { reason: "BELOW_ROOM" | "ABOVE_ROOM"; amount: number } | null {
  if (!limits) return null;
  const cents = Math.round(balance * 100);
  if (cents < Math.round(limits.min * 100)) return { reason: "BELOW_ROOM", amount: limits.min };
  if (cents > Math.round(limits.max * 100)) return { reason: "ABOVE_ROOM", amount: limits.max };
  return null;
}
