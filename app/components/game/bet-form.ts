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
