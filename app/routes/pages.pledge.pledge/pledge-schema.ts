import { z } from "zod";
import { MONEY_KEYS } from "~/components/assets/money";
import { moneySchema } from "#contract/money";

/** The staking form, in the browser and in the action alike. */
export const pledgeFormSchema = z.object({
  configId: z
    .string({ required_error: "assets:pledge.choosePlan" })
    .regex(/^\d{1,9}$/, "assets:pledge.choosePlan")
    .transform(Number),
  amount: moneySchema({ messages: MONEY_KEYS, typed: true }),
});
