import { z } from "zod";

/**
 * Money crosses the wire as a number of currency units with at most two decimals; inside the
 * core it is integer cents, so that sums are exact.
 */
export const COINS = ["CHIP", "GOLD", "POINT"] as const;
export const coinSchema = z.enum(COINS);
export type Coin = z.infer<typeof coinSchema>;

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

export const MONEY_MESSAGES: MoneyMessages = {
  invalid: "Enter an amount such as 10 or 10.50",
  decimals: "At most two decimals",
  positive: "The amount must be more than 0",
  negative: "The amount cannot be negative",
  tooLarge: "The amount is too large",
};

/**
 * The one money input rule (design: "money input takes plain decimals with at most two places"),
 * used by every amount field of the core, the app and the operator's CLI. It takes the text a
 * form sends ("10", "10.5", "0.25") or a JSON number, and answers units whose cents are exact.
 * Refused: "0x0A", "1e1", "Infinity", "+10", " 10", "10.", ".5", "0.999999999", and a negative
 * or zero amount unless `min` allows it. `messages` lets the app use its translation keys.
 */
export function moneySchema({
  min = "positive",
  messages = MONEY_MESSAGES,
}: { min?: "positive" | "zero" | "any"; messages?: MoneyMessages } = {}) {
  return z
    .union([z.string(), z.number()], { errorMap: () => ({ message: messages.invalid }) })
    .transform((value, ctx) => {
      const text = typeof value === "number" ? String(value) : value;
      const fail = (message: string) => {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      };
      const match = PLAIN_AMOUNT.exec(text);
      if (!match) return fail(TOO_PRECISE.test(text) ? messages.decimals : messages.invalid);
      const [, sign, whole, fraction = ""] = match;
      const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
      const signed = sign ? -cents : cents;
      if (signed > MAX_AMOUNT * 100 || signed < -MAX_AMOUNT * 100) return fail(messages.tooLarge);
      if (min === "positive" && signed <= 0) return fail(messages.positive);
      if (min === "zero" && signed < 0) return fail(messages.negative);
      return fromCents(signed === 0 ? 0 : signed);
    });
}

/** A positive amount in units with at most two decimals (a stake, a credit). */
export const amountSchema = moneySchema();
