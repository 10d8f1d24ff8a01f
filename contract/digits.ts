/**
 * What a drawn digit is (design section 4), shared by the core, the BFF and the browser. Free of
 * zod and of the payout formula, so that the game page's start-up code takes only these lines.
 */

/** Colours of a digit: 0 red+violet, 5 green+violet, 1 3 7 9 green, 2 4 6 8 red. */
export function coloursOf(digit: number): Array<"Red" | "Green" | "Violet"> {
  if (digit === 0) return ["Red", "Violet"];
  if (digit === 5) return ["Green", "Violet"];
  return digit % 2 === 1 ? ["Green"] : ["Red"];
}

/** Big is 5-9, Small is 0-4. */
export function sizeOf(digit: number): "Big" | "Small" {
  return digit >= 5 ? "Big" : "Small";
}
