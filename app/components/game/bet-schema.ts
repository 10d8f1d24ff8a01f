/**
 * The bet form as the game page's action reads it (server side). totalBetAmount is computed
 * here; a total sent by the form must match it.
 */
import { z } from "zod";
import { COINS } from "../../../contract/money";
import { MAX_MULTIPLE, totalBetAmount } from "./bet-form";
import { BET_NAMES } from "./bets";

export const betFormSchema = z
  .object({
    intent: z.literal("bet").optional(),
    gameSessionId: z.coerce
      .number({ invalid_type_error: "invalidRound" })
      .int("invalidRound")
      .positive("invalidRound"),
    betName: z.enum(BET_NAMES, { errorMap: () => ({ message: "chooseBet" }) }),
    baseAmount: z.coerce
      .number({ invalid_type_error: "invalidAmount" })
      .positive("invalidAmount")
      .max(1_000_000_000, "invalidAmount"),
    betMultiples: z.coerce
      .number({ invalid_type_error: "invalidMultiple" })
      .int("invalidMultiple")
      .min(1, "multipleAtLeastOne")
      .max(MAX_MULTIPLE, "invalidMultiple"),
    totalBetAmount: z.coerce.number({ invalid_type_error: "invalidTotal" }).optional(),
    coin: z.enum(COINS),
    level: z.coerce.number().int().min(1).max(99),
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
