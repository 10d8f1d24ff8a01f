/**
 * Bet names, their colours and what a drawn digit means. Pure, shared by the server and the
 * browser. Colours are chosen so that white text on them has a contrast of at least 4.5:1
 * (WCAG AA for normal text); a test checks it.
 */
import { coloursOf, sizeOf } from "#contract/digits";

export const COLOUR_BETS = ["Red", "Green", "Violet"] as const;
export const SIZE_BETS = ["Big", "Small"] as const;
export const NUMBER_BETS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"] as const;
export const BET_NAMES = [...COLOUR_BETS, ...SIZE_BETS, ...NUMBER_BETS] as const;
export type BetName = (typeof BET_NAMES)[number];

export function isBetName(value: unknown): value is BetName {
  return typeof value === "string" && (BET_NAMES as readonly string[]).includes(value);
}

/** Fixed colours of the named bets. */
export const NAMED_BET_COLOURS: Record<(typeof COLOUR_BETS)[number] | (typeof SIZE_BETS)[number], string> = {
  Red: "#c62828",
  Green: "#2e7d32",
  Violet: "#6a1b9a",
  Big: "#b45309",
  Small: "#1d4ed8",
};

/** The ten-colour palette of the number bets 0–9. */
export const DIGIT_PALETTE = [
  "#9f1239",
  "#166534",
  "#b91c1c",
  "#047857",
  "#c2410c",
  "#6d28d9",
  "#be185d",
  "#0f766e",
  "#a16207",
  "#1e40af",
] as const;

export const BET_TEXT_COLOUR = "#ffffff";

export function betColour(name: BetName): string {
  if (name in NAMED_BET_COLOURS) return NAMED_BET_COLOURS[name as keyof typeof NAMED_BET_COLOURS];
  return DIGIT_PALETTE[Number(name)];
}

/**
 * How a drawn digit looks (results, balls, the trend chart): in the game's own colours, never the
 * number buttons' palette: red or green, and half red (0) or half green (5) with violet. Text
 * on it is white (each colour keeps 4.5:1).
 */
export function ballBackground(digit: number): string {
  const [first, second] = coloursOf(digit).map((c) => NAMED_BET_COLOURS[c]);
  return second ? `linear-gradient(135deg, ${first} 50%, ${second} 50%)` : first;
}

/** Colours a digit stands for (0 red+violet, 5 green+violet, odd green, even red); Big 5–9, Small 0–4. */
export { coloursOf as digitColours, sizeOf as digitSize };

/** Whether a bet wins on a drawn digit. */
export function betWins(name: BetName, digit: number): boolean {
  if (name === "Big" || name === "Small") return sizeOf(digit) === name;
  if (name === "Red" || name === "Green" || name === "Violet") return coloursOf(digit).includes(name);
  return Number(name) === digit;
}

/** Parses a drawn result ("7", 7, "07") into a digit 0–9, or null when there is none yet. */
export function parseDigit(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(String(value).trim());
  return Number.isInteger(n) && n >= 0 && n <= 9 ? n : null;
}

/** Relative luminance and contrast ratio (WCAG 2.x), for the palette test and badges. */
function luminance(hex: string): number {
  const v = hex.replace("#", "");
  const channel = (i: number) => {
    const c = Number.parseInt(v.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
