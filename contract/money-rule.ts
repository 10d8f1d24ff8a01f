/**
 * The money rule without zod: the coins, cents, and the check of a typed amount. The browser
 * reads these at start (a page's live fee or interest, a coin filter), so this module must not
 * import zod (decision 036); `./money` builds its schemas on it and re-exports it.
 */
export const COINS = ["CHIP", "GOLD", "POINT"] as const;
export type Coin = (typeof COINS)[number];

/** The coin named by `value`, or undefined. */
export function asCoin(value: unknown): Coin | undefined {
  return (COINS as readonly unknown[]).includes(value) ? (value as Coin) : undefined;
}

export function toCents(units: number): number {
  return Math.round(units * 100);
}
export function fromCents(cents: number): number {
  return cents / 100;
}

/** The largest amount any field takes, in units: cents stay exact integers well below it. */
export const MAX_AMOUNT = 1_000_000_000;

/** A plain decimal: digits, then optionally a point and one or two digits; a minus sign is checked apart. */
const PLAIN_AMOUNT = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;
/** The same with any number of decimals: only the decimals are wrong. */
const TOO_PRECISE = /^-?\d{1,13}\.\d{3,}$/;

export interface MoneyMessages {
  /** Not a plain decimal: hex, exponent, Infinity, a leading +, spaces, letters, or nothing. */
  invalid: string;
  /** More than two decimals. */
  decimals: string;
  /** Zero or below where the field takes only positive amounts. */
  positive: string;
  /** Below zero where the field takes 0 and up. */
  negative: string;
  /** Above MAX_AMOUNT. */
  tooLarge: string;
}

export type MoneyMin = "positive" | "zero" | "any";

/**
 * What a player typed, with a decimal comma read as the point: "10,50" -> "10.50". A phone's
 * decimal keypad types the comma in German and French (on some, nothing else). Only a comma with
 * one or two digits after it, so "1,000" (a thousand, written in English) stays refused as it was.
 * The app's forms read amounts through it; the wire (the core, the CLI) takes the point only.
 */
export function fromTyped(text: string): string {
  return text.replace(/^(-?\d{1,13}),(\d{1,2})$/, "$1.$2");
}

/**
 * The one money input rule on a text ("10", "10.5", "0.25"): the amount in units (its cents
 * exact), or which of the messages applies. `moneySchema` (./money) is this rule as a zod schema.
 */
export function checkMoney(
  text: string,
  min: MoneyMin = "positive",
): { ok: true; units: number } | { ok: false; problem: keyof MoneyMessages } {
  const match = PLAIN_AMOUNT.exec(text);
  if (!match) return { ok: false, problem: TOO_PRECISE.test(text) ? "decimals" : "invalid" };
  const [, sign, whole, fraction = ""] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  const signed = sign ? -cents : cents;
  if (signed > MAX_AMOUNT * 100 || signed < -MAX_AMOUNT * 100) return { ok: false, problem: "tooLarge" };
  if (min === "positive" && signed <= 0) return { ok: false, problem: "positive" };
  if (min === "zero" && signed < 0) return { ok: false, problem: "negative" };
  return { ok: true, units: fromCents(signed === 0 ? 0 : signed) };
}
