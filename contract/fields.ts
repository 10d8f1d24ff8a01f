import { z } from "zod";

/**
 * Field rules every input schema shares (the core's and the app's), so that one spelling of a
 * field means the same everywhere. Inputs arrive as form-encoded strings.
 */

/**
 * A form sends a field left empty as "" (or spaces): an optional field treats that as not sent,
 * so that an empty optional box never fails a rule meant for a filled one.
 */
export function blankAsAbsent(value: unknown): unknown {
  return value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;
}

/** An optional field: absent, null or blank is undefined; anything else must pass `schema`. */
export function optionalField<T extends z.ZodTypeAny>(schema: T) {
  return z.preprocess(blankAsAbsent, schema.optional());
}

/** A string trimmed and upper-cased ("trc20 " is "TRC20"); anything else as it came. */
export function trimmedUpperCase(value: unknown): unknown {
  return typeof value === "string" ? value.trim().toUpperCase() : value;
}

/**
 * One of `values`, whatever its case or the spaces around it ("usdt " is USDT); anything else,
 * or nothing, fails with `message`.
 */
export function upperCaseOneOf<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.preprocess(trimmedUpperCase, z.enum(values, { errorMap: () => ({ message }) }));
}

/** Digits, optionally after a minus sign (for the range check to name); kept to safe integers. */
const PLAIN_INTEGER = /^-?\d{1,16}$/;

/**
 * A whole number written plainly: digits only. `Number()` (and z.coerce) would also take "0x0A",
 * "1e1", " 5", "+5" or "5.0"; a form field never means those, so they are refused with `message`.
 * A number (a JSON body) is accepted when it is a safe integer. Chain .pipe() for the range.
 */
export function plainInteger(message: string) {
  return z.union([z.string(), z.number()], { errorMap: () => ({ message }) }).transform((value, ctx) => {
    const text = typeof value === "number" ? String(value) : value;
    if (!PLAIN_INTEGER.test(text) || !Number.isSafeInteger(Number(text))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return Number(text);
  });
}
