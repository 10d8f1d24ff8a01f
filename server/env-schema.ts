import { isIP } from "node:net";
import { z } from "zod";
import { FALLBACK_TIME_ZONE, isTimeZone } from "../app/utils/format";
/**
 * The one environment schema of the app process (decision 021): the server validates it at start
 * (config.ts) and the Remix loaders and actions read their part of it (app/utils/env.server.ts).
 * Each variable is described once, here; docs/operations.md lists them for the operator.
 */
import { sessionLifetimeEnv } from "../contract/session-lifetime";
import { sessionSecretProblem } from "./session-secret";

const port = z.coerce.number().int().min(0).max(65535);

/** What express's "trust proxy" takes by name besides addresses. */
const PROXY_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** One proxy as express takes it: a named range, an address, or an address with a prefix or mask. */
function isProxy(item: string): boolean {
  if (PROXY_RANGES.has(item)) return true;
  const [address, mask, ...rest] = item.split("/");
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(mask) === 4;
}

/**
 * The proxies in front of the app, as an operator writes them: how many (1), or their addresses
 * and ranges, comma-separated (loopback, 10.0.0.0/8). Unset, empty or "false": none. "true" would
 * trust every hop, so any client could name its own address in X-Forwarded-For and walk past the
 * per-address limits: it is refused with what to write instead, as is anything express would only
 * reject when the server starts (it took "true" for an address and failed). A number is believed
 * only from a peer on this host or a private network (server/trust-proxy.ts).
 */
const trustProxy = z
  .string()
  .optional()
  .transform((v) =>
    v === undefined || ["", "false"].includes(v.trim().toLowerCase()) ? undefined : v.trim(),
  )
  .refine(
    (v) => v?.toLowerCase() !== "true",
    "TRUST_PROXY=true would believe any client's X-Forwarded-For: give the number of proxies in front of the app (such as 1) or their addresses (such as loopback or 10.0.0.0/8)",
  )
  .refine(
    (v) =>
      v === undefined ||
      v.toLowerCase() === "true" ||
      /^\d{1,2}$/.test(v) ||
      v.split(",").every((item) => isProxy(item.trim())),
    "TRUST_PROXY must be the number of proxies in front of the app (such as 1) or their addresses, comma-separated (such as loopback, 10.0.0.0/8)",
  );

const envFields = {
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  /** The operator's upstream; unset, the server starts the embedded core and sets it. */
  UPSTREAM_URL: z
    .string()
    .url("UPSTREAM_URL must be a URL such as https://api.example.com/core")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Unset or 0: the embedded core listens on a port the system chooses at each start. */
  CORE_PORT: port.default(0),
  /** Comma list, newest first (session-secret.ts); generated in demo mode by the server. */
  SESSION_SECRET: z.string().optional(),
  ...sessionLifetimeEnv,
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  UPSTREAM_ENCRYPT: z
    .enum(["0", "1", "true", "false"])
    .default("0")
    .transform((v) => v === "1" || v === "true"),
  CURRENCY_SIGN: z.string().min(1).default("₹"),
  /** Zone of the times shown to a player whose browser has not told its own (see format.ts). */
  DEFAULT_TIME_ZONE: z
    .string()
    .default(FALLBACK_TIME_ZONE)
    .refine(isTimeZone, "DEFAULT_TIME_ZONE must be an IANA time zone such as Asia/Kolkata"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** express "trust proxy": set when a reverse proxy sets X-Forwarded-For / -Proto (trustProxy below). */
  TRUST_PROXY: trustProxy,
  /** Where the demo session secret is kept (the core has its own DATA_DIR). */
  APP_DATA_DIR: z.string().default("data"),
  CORE_READY_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /**
   * How stale the game page's knowledge of a sign-in's next reality check may be: it asks the
   * core again after this long whatever the core said (a reminder changed on another device is
   * seen within it); 0 asks on every load.
   */
  REALITY_RECHECK_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /**
   * Server processes sharing PORT (node:cluster): one process renders on one CPU, so a machine
   * with N CPUs serves the most pages with N (the embedded core takes its share of them too).
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * The slowest a request body may arrive, on average, once 10 s have passed (decision 069): a
   * sixth of a 2G (EDGE) phone's upload, so that a 10 MB avatar upload still succeeds on one.
   */
  BODY_MIN_BYTES_PER_SECOND: z.coerce
    .number()
    .int()
    .min(256, "BODY_MIN_BYTES_PER_SECOND must be at least 256 (a 10 MB upload would take 11 hours)")
    .max(1_000_000, "BODY_MIN_BYTES_PER_SECOND must be at most 1000000 (a phone on 3G sends less)")
    .default(4096),
};

/**
 * Everything the server reads at start. The session secret's rule is checked by the server
 * itself (demo-secret.ts), which then generates one in demo mode.
 */
export const serverEnvSchema = z.object(envFields);

/** The part loaders and actions read, with the session secret's rule applied. */
export const appEnvSchema = serverEnvSchema
  .pick({
    NODE_ENV: true,
    SESSION_SECRET: true,
    UPSTREAM_URL: true,
    CORE_PORT: true,
    UPSTREAM_TIMEOUT_MS: true,
    UPSTREAM_ENCRYPT: true,
    CURRENCY_SIGN: true,
    DEFAULT_TIME_ZONE: true,
    SESSION_IDLE_MINUTES: true,
    SESSION_MAX_DAYS: true,
    REALITY_RECHECK_SECONDS: true,
  })
  .superRefine((env, ctx) => {
    const problem = sessionSecretProblem(env.SESSION_SECRET, env.NODE_ENV === "production");
    if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem, path: ["SESSION_SECRET"] });
  });

/** The variables of `appEnvSchema`, in its order. */
export const APP_ENV_KEYS = Object.keys(appEnvSchema.innerType().shape) as Array<
  keyof z.infer<typeof appEnvSchema>
>;

/** Every problem of a failed parse on one line: "NAME: message; NAME: message". */
export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
}
