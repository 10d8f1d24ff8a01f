import { z } from "zod";
import { type MoneyMessages, moneySchema } from "#contract/money";

/** What the cash form's messages say, translated by the caller (browser or server). */
export interface CashMessages extends MoneyMessages {
  limits: string;
  channel: string;
}

/**
 * The cash recharge form: the amount (the one money rule, then the config's limits, in cents) and
 * the pay channel (the form's idempotency key is read apart: formIdempotencyKey). The same schema
 * checks in the browser and on the server; the core checks again.
 */
export function cashRechargeSchema(messages: CashMessages, limits: { minCents: number; maxCents: number }) {
  return z.object({
    amount: z.preprocess(
      (v) => (typeof v === "string" ? v.trim() : v),
      // pipe: the limits are checked only on an amount that passed the money rule.
      moneySchema({ messages, typed: true }).pipe(
        z.number().refine((units) => {
          const cents = Math.round(units * 100);
          return cents >= limits.minCents && cents <= limits.maxCents;
        }, messages.limits),
      ),
    ),
    payChannelName: z.string({ required_error: messages.channel }).trim().min(1, messages.channel),
  });
}
