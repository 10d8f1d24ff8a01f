/**
 * The bet form as the game page's action reads it (server side). totalBetAmount is computed
 * here; a total sent by the form must match it. Amounts and whole numbers follow the wire
 * contract's rules (contract/money.ts, contract/fields.ts); messages are keys of game:errors.
 */
import { z } from "zod";
import { optionalField, plainInteger } from "#contract/fields";
import { COINS, moneySchema } from "#contract/money";
import { MAX_MULTIPLE, totalBetAmount } from "./bet-form";
import { BET_NAMES } from "./bets";

const amountMessages = {
  invalid: "invalidAmount",
  decimals: "amountDecimals",
  positive: "invalidAmount",
  negative: "invalidAmount",
  tooLarge: "invalidAmount",
};

export const betFormSchema = z
  .object({
    intent: z.literal("bet").optional(),
    gameSessionId: plainInteger("invalidRound").pipe(z.number().positive("invalidRound")),
    betName: z.enum(BET_NAMES, { errorMap: () => ({ message: "chooseBet" }) }),
    baseAmount: moneySchema({ messages: amountMessages }),
    betMultiples: plainInteger("invalidMultiple").pipe(
      z.number().min(1, "multipleAtLeastOne").max(MAX_MULTIPLE, "invalidMultiple"),
    ),
    // Any plain amount: one that is not base × multiple (0 and below included) is a mismatch.
    totalBetAmount: optionalField(
      moneySchema({ min: "any", messages: { ...amountMessages, invalid: "invalidTotal" } }),
    ),
    coin: z.enum(COINS),
    // Not in the spec's payload: the round names its room. When sent, the core checks it.
    level: optionalField(plainInteger("invalidBet").pipe(z.number().min(1).max(99))),
    idempotencyKey: z
      .string()
      .regex(/^[A-Za-z0-9-]{8,64}$/, "invalidKey")
      .optional(),
  })
  .transform((bet, ctx) => {
    const total = totalBetAmount(bet.baseAmount, bet.betMultiples);
    if (
      bet.totalBetAmount !== undefined &&
      Math.round(bet.totalBetAmount * 100) !== Math.round(total * 100)
    ) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["totalBetAmount"], message: "totalMismatch" });
      return z.NEVER;
    }
    return { ...bet, totalBetAmount: total };
  });

export type BetInput = z.output<typeof betFormSchema>;
