/**
 * What the login page's action parses forms with, imported from a .server module so that the
 * page's browser bundle leaves zod out: in the browser the same checks load after hydration
 * (login-checks.ts, login-validation.ts).
 */
export { parseWithZod } from "@conform-to/zod";
export { forgotSchema, loginSchema, registerSchema, smsRequestSchema } from "./forms";
