import { z } from "zod";
import { BLOCK_KINDS, LIMIT_KINDS, LIMIT_PERIODS, REMINDER_MINUTES } from "#contract/limits";
import { type MoneyMessages, moneySchema } from "#contract/money";

/** The page's forms' messages, translated by the caller (browser or server). */
export interface ProtectionMessages extends MoneyMessages {
  minutes: string;
  length: string;
  password: string;
}

/**
 * Every form of the Responsible play page, told apart by `intent`: a limit (amount left empty
 * removes it), confirming or cancelling a waiting change, the reminder, a time-out or
 * self-exclusion (with the password), and "continue" of the game page's reality check. The same
 * schema checks in the browser and in the action; the core checks again.
 */
export function protectionSchema(m: ProtectionMessages) {
  const kind = z.enum(LIMIT_KINDS);
  const period = z.enum(LIMIT_PERIODS);
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("limit"),
      kind,
      period,
      amount: z.preprocess(
        (v) => (typeof v === "string" ? v.trim() : v),
        moneySchema({ messages: m, typed: true }).optional(),
      ),
    }),
    z.object({ intent: z.enum(["confirm", "cancel"]), kind, period }),
    z.object({
      intent: z.literal("reminder"),
      minutes: z.coerce
        .number({ invalid_type_error: m.minutes, required_error: m.minutes })
        .refine((n) => (REMINDER_MINUTES as readonly number[]).includes(n), m.minutes),
    }),
    z.object({
      intent: z.literal("block"),
      kind: z.enum(BLOCK_KINDS),
      length: z.string({ required_error: m.length }).trim().min(1, m.length),
      password: z.string({ required_error: m.password }).min(1, m.password).max(64),
    }),
    z.object({ intent: z.literal("continue"), back: z.string().max(300).optional() }),
  ]);
}
