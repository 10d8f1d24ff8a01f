import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod as parseWithConform } from "@conform-to/zod";
import { type ZodErrorMap, ZodObject, type ZodTypeAny, defaultErrorMap } from "zod";

/**
 * Conform's zod parser with the app's error map: an issue whose schema names no message of its
 * own (an enum without one, a missing field, a wrong type) gets a translation key instead of
 * zod's developer English ("Invalid enum value. Expected 'TRC20' | 'BEP20', received 'ERC20'"),
 * so that no form, in the browser or in an action, shows the player zod's words. Every form
 * parses through this; the browser loads it with the schemas, after first paint (decision 036).
 */
const formErrorMap: ZodErrorMap = (issue, ctx) => {
  // A message the schema gave (its own errorMap) comes first: this map is asked last.
  if (ctx.defaultError !== defaultErrorMap(issue, ctx).message) return { message: ctx.defaultError };
  switch (issue.code) {
    case "invalid_enum_value":
    case "invalid_literal":
    case "invalid_union_discriminator":
    case "invalid_union":
      return { message: "common:validation.choose" };
    case "invalid_type":
      return {
        message: issue.received === "undefined" ? "common:validation.required" : "common:validation.invalid",
      };
    default:
      return { message: "common:validation.invalid" };
  }
};

export function parseWithZod<Schema extends ZodTypeAny>(
  payload: FormData | URLSearchParams,
  options: { schema: Schema },
) {
  return parseWithConform(payload, { schema: options.schema, errorMap: formErrorMap });
}

/**
 * `submission`, whose answer marks only `names` as checked. Conform marks every field sent as
 * checked, so a "Send code" press (which checks the phone alone) made the next keystroke show the
 * fields not reached yet (an empty password, its confirmation) as errors: a new player who typed
 * the code read "Please enter the login password" under both.
 */
export function checkingOnly<S extends { reply: (options?: never) => SubmissionResult<string[]> }>(
  submission: S,
  names: readonly string[],
): S {
  const reply = submission.reply.bind(submission) as (options?: unknown) => SubmissionResult<string[]>;
  return {
    ...submission,
    reply: (options?: unknown) => {
      const result = reply(options);
      return result.fields ? { ...result, fields: result.fields.filter((f) => names.includes(f)) } : result;
    },
  };
}

/** The fields a zod object schema reads (none for another schema). */
export function fieldsOf(schema: ZodTypeAny): string[] {
  return schema instanceof ZodObject ? Object.keys(schema.shape) : [];
}
