import { z } from "zod";
import { type MoneyMessages, moneySchema } from "#contract/money";

/**
 * The withdrawal and bank-card forms as the browser and the BFF check them (messages are keys of
 * the "withdraw" namespace); the core checks everything again, and more (limits, checksums).
 * Browser code names this module with `import()` only (useKitForm loads it after first paint);
 * actions import it through ./withdraw-schemas.server (decision 036). The live fee and net need
 * no zod: they are in ./withdraw-amounts.
 */
const amountMessages: MoneyMessages = {
  invalid: "withdraw:validation.amountInvalid",
  decimals: "withdraw:validation.amountDecimals",
  positive: "withdraw:validation.amountPositive",
  negative: "withdraw:validation.amountPositive",
  tooLarge: "withdraw:validation.amountTooLarge",
};

export const amountField = z
  .string({ required_error: "withdraw:validation.amountRequired" })
  .pipe(moneySchema({ messages: amountMessages, typed: true }));

const password = z
  .string({ required_error: "withdraw:validation.passwordRequired" })
  .regex(/^\d{6}$/, "withdraw:validation.password6");

export const cashFormSchema = z.object({
  amount: amountField,
  userBankId: z
    .string({ required_error: "withdraw:validation.cardRequired" })
    .regex(/^\d{1,15}$/, "withdraw:validation.cardRequired"),
  assetPassword: password,
});

export const usdtFormSchema = z.object({
  amount: amountField,
  network: z.enum(["TRC20", "BEP20"], { errorMap: () => ({ message: "withdraw:validation.network" }) }),
  address: z
    .string({ required_error: "withdraw:validation.addressRequired" })
    .trim()
    .min(1, "withdraw:validation.addressRequired")
    .max(100, "withdraw:refusal.BAD_ADDRESS"),
  assetPassword: password,
});

/**
 * A withdrawal form as the browser checks it: also no more than the balance the page shows
 * (`message` says it, translated with the balance). The action leaves that to the core, whose
 * refusal (INSUFFICIENT) is said under the amount too.
 */
export function withinBalance(tab: "cash" | "usdt", balance: number, message: string) {
  const schema = tab === "cash" ? cashFormSchema : usdtFormSchema;
  return schema.extend({ amount: amountField.refine((amount) => amount <= balance, message) });
}

/** Only the amount, for the no-JS "Show fee" button. */
export const previewSchema = z.object({ amount: amountField });

export const bankCardFormSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
  bankId: z
    .string({ required_error: "withdraw:validation.bankRequired" })
    .regex(/^\d{1,9}$/, "withdraw:validation.bankRequired"),
  holderName: z
    .string({ required_error: "withdraw:validation.holderRequired" })
    .trim()
    .min(2, "withdraw:validation.holderRequired")
    .max(60, "withdraw:validation.holderInvalid")
    .regex(/^[\p{L}][\p{L} .'-]*$/u, "withdraw:validation.holderInvalid"),
  bankCardNo: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{6,20}$/, "withdraw:validation.numberInvalid"))
    .optional(),
  ifsc: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, "withdraw:validation.ifscInvalid"))
    .optional(),
  assetPassword: password,
});
