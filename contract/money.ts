import { z } from "zod";
import { COINS, type MoneyMessages, type MoneyMin, checkMoney, fromTyped } from "./money-rule";

export * from "./money-rule";

/**
 * Money crosses the wire as a number of currency units with at most two decimals; inside the
 * core it is integer cents, so that sums are exact. The rule itself, the coins and cents are in
 * ./money-rule (no zod, for the browser); this module adds their zod schemas.
 */
export const coinSchema = z.enum(COINS);

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
 * or zero amount unless `min` allows it. `messages` lets the app use its translation keys;
 * `typed` (the app's forms) also reads a player's decimal comma ("10,50", see fromTyped).
 */
export function moneySchema({
  min = "positive",
  messages = MONEY_MESSAGES,
  typed = false,
}: { min?: MoneyMin; messages?: MoneyMessages; typed?: boolean } = {}) {
  return z
    .union([z.string(), z.number()], { errorMap: () => ({ message: messages.invalid }) })
    .transform((value, ctx) => {
      const text = typeof value === "number" ? String(value) : typed ? fromTyped(value) : value;
      const checked = checkMoney(text, min);
      if (checked.ok) return checked.units;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: messages[checked.problem] });
      return z.NEVER;
    });
}

/** A positive amount in units with at most two decimals (a stake, a credit). */
export const amountSchema = moneySchema();
