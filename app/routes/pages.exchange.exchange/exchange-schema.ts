import { z } from "zod";
import { MONEY_KEYS } from "~/components/assets/money";
import { moneySchema } from "#contract/money";

/** The pair as the form sends it: "CHIP>GOLD". */
export const PAIR = /^(CHIP|GOLD|POINT)>(CHIP|GOLD|POINT)$/;

/** The exchange form, in the browser (as the player types) and in the action alike. */
export const exchangeFormSchema = z.object({
  pair: z.string({ required_error: "assets:exchange.choosePair" }).regex(PAIR, "assets:exchange.choosePair"),
  amount: moneySchema({ messages: MONEY_KEYS, typed: true }),
});
