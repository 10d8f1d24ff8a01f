import { z } from "zod";
import { version } from "../../package.json";
import { sessionSecretProblem, splitSessionSecrets } from "../../session-secret.mjs";
import { FALLBACK_TIME_ZONE, isTimeZone } from "./format";

/**
 * The BFF's configuration, validated with zod. server.mjs validates the same variables at start
 * (it is plain JS); this module is what loaders and actions read. Parsed again whenever one of
 * its variables changes (tests change process.env), otherwise kept.
 */
const envSchema = z
  .object({
    NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
    SESSION_SECRET: z.string().min(1).optional(),
    UPSTREAM_URL: z.string().url().optional(),
    CORE_PORT: z.coerce.number().int().min(1).max(65535).default(3100),
    UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
    UPSTREAM_ENCRYPT: z
      .enum(["0", "1", "true", "false"])
      .default("0")
      .transform((v) => v === "1" || v === "true"),
    CURRENCY_SIGN: z.string().min(1).default("₹"),
    /** The player must sign in again after this many minutes without a request (the core too). */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(30),
    /** ...and this many days after signing in, however active (the core reads it too). */
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(7),
    /** Zone of the times shown to a player whose browser has not told its own (see format.ts). */
    DEFAULT_TIME_ZONE: z
      .string()
      .default(FALLBACK_TIME_ZONE)
      .refine(isTimeZone, "DEFAULT_TIME_ZONE must be an IANA time zone such as Asia/Kolkata"),
  })
  .superRefine((env, ctx) => {
    // The same rule server.mjs applies at start (session-secret.mjs).
    const problem = sessionSecretProblem(env.SESSION_SECRET, env.NODE_ENV === "production");
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: ["SESSION_SECRET"] });
  });

export type Env = z.infer<typeof envSchema>;

const ENV_KEYS = [
  "NODE_ENV",
  "SESSION_SECRET",
  "UPSTREAM_URL",
  "CORE_PORT",
  "UPSTREAM_TIMEOUT_MS",
  "UPSTREAM_ENCRYPT",
  "CURRENCY_SIGN",
  "DEFAULT_TIME_ZONE",
  "SESSION_IDLE_MINUTES",
  "SESSION_MAX_DAYS",
] as const;
let parsedEnv: { key: string; env: Env } | undefined;

/**
 * The validated configuration. It is read on every upstream call, so the parse is kept until one
 * of the variables changes (tests change process.env; comparing ten strings is cheap).
 */
export function getEnv(): Env {
  const key = ENV_KEYS.map((name) => process.env[name] ?? "\u0000").join("\u0001");
  if (parsedEnv?.key === key) return parsedEnv.env;
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
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
  if (secrets.length === 0) throw new Error("SESSION_SECRET is not set (server.mjs sets one in demo mode)");
  return secrets;
}

/** App version shown on the account page (spec section 3): the one in package.json. */
const APP_VERSION = version;

/** The only configuration the browser may see. */
export function publicEnv(env: Env = getEnv()) {
  return { currencySign: env.CURRENCY_SIGN, version: APP_VERSION };
}
