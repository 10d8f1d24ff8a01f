import { parseWithZod } from "@conform-to/zod";
import { forgotSchema, loginSchema, registerSchema, smsRequestSchema } from "./forms";

/**
 * The login page's checks in the browser (zod and its conform adapter, about 27 KB gzip), in a
 * module of their own that the page loads after it has hydrated (login-checks.ts): they are not
 * part of the JavaScript the page loads at start. The server runs the same schemas on submit.
 */
export const loginChecks = {
  login: (formData: FormData) => parseWithZod(formData, { schema: loginSchema }),
  register: (formData: FormData) =>
    parseWithZod(formData, {
      schema: formData.get("intent") === "sendSms" ? smsRequestSchema : registerSchema,
    }),
  forgot: (formData: FormData) =>
    parseWithZod(formData, {
      schema: formData.get("intent") === "sendSms" ? smsRequestSchema : forgotSchema,
    }),
};
export type LoginChecks = typeof loginChecks;
