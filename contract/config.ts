import { z } from "zod";

/** Keys the core seeds; operators may add others (upper case, digits, underscores). */
const SYS_CFG_KEYS = ["COUNTRY_CODE", "JACKPOT_APPLY", "CUSTOMER_SERVICE_URL", "CURRENCY_SIGN"] as const;

/** GET /app/config/getSysCfgValue?sysCfgKeyEnum=COUNTRY_CODE */
export const getSysCfgValueInputSchema = z.object({
  sysCfgKeyEnum: z
    .string({ required_error: "sysCfgKeyEnum is required" })
    .trim()
    .regex(/^[A-Z][A-Z0-9_]{0,63}$/, "sysCfgKeyEnum must be an upper-case configuration key"),
});

/**
 * The value as text, e.g. COUNTRY_CODE "91,1,44,86,81,82,33,49", JACKPOT_APPLY "0" (a value that
 * converts to a non-zero number shows the jackpot tab), CUSTOMER_SERVICE_URL "" when not set.
 */
export const sysCfgValueResultSchema = z.string();

export function parseCountryCodes(value: string): string[] {
  return value
    .split(",")
    .map((v) => v.trim())
    .filter((v) => /^\d{1,4}$/.test(v));
}
