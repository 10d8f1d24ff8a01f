import type { z } from "zod";
import { version } from "../../package.json";
import { APP_ENV_KEYS, appEnvSchema, describeIssues } from "../../server/env-schema";
import { splitSessionSecrets } from "../../server/session-secret";

/**
 * The BFF's configuration: the app's part of the one environment schema (server/env-schema.ts),
 * which the server also validates at start. This module is what loaders and actions read. Parsed
 * again whenever one of its variables changes (tests change process.env), otherwise kept.
 */
export type Env = z.infer<typeof appEnvSchema>;

let parsedEnv: { key: string; env: Env } | undefined;

/**
 * The validated configuration. It is read on every upstream call, so the parse is kept: in
 * production for as long as NODE_ENV stays so (the server validated it at start and nothing
 * changes process.env after), elsewhere until one of the variables changes (tests do). Reading
 * process.env is not free: comparing the 11 variables on every call was 1.6 % of a game page's CPU.
 */
export function getEnv(): Env {
  const fixed = parsedEnv?.env.NODE_ENV === "production" && process.env.NODE_ENV === "production";
  if (parsedEnv && fixed) return parsedEnv.env;
  const key = APP_ENV_KEYS.map((name) => process.env[name] ?? "\u0000").join("\u0001");
  if (parsedEnv?.key === key) return parsedEnv.env;
  const parsed = appEnvSchema.safeParse(process.env);
  if (!parsed.success) throw new Error(`Invalid environment: ${describeIssues(parsed.error)}`);
  parsedEnv = { key, env: parsed.data };
  return parsed.data;
}

/** Base URL of the upstream `/core` API, without a trailing slash. */
export function upstreamBaseUrl(env: Env = getEnv()): string {
  const base = env.UPSTREAM_URL ?? `http://127.0.0.1:${env.CORE_PORT}/core`;
  return base.replace(/\/+$/, "");
}

export function sessionSecrets(env: Env = getEnv()): string[] {
  const secrets = splitSessionSecrets(env.SESSION_SECRET);
  if (secrets.length === 0) throw new Error("SESSION_SECRET is not set (the server sets one in demo mode)");
  return secrets;
}

/** App version shown on the account page (spec section 3): the one in package.json. */
const APP_VERSION = version;

/** The only configuration the browser may see. */
export function publicEnv(env: Env = getEnv()) {
  return { currencySign: env.CURRENCY_SIGN, version: APP_VERSION };
}
