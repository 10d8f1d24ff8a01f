import { parseWithZod as parseWithConform } from "@conform-to/zod";
import { type ZodErrorMap, type ZodTypeAny, defaultErrorMap } from "zod";

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
