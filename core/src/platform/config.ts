import { z } from "zod";
import { sessionLifetimeEnv } from "#contract/session-lifetime";
import type { HttpSmsConfig } from "./sms";

/**
 * The core's configuration, read once from the environment at start and validated: a bad value
 * stops the process with a message naming the variable. There are no fallback secrets.
 */
const digits = (name: string, min: number, max: number) =>
  z.string().regex(new RegExp(`^\\d{${min},${max}}$`), `${name} must be ${min}-${max} digits`);

function validTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
const hex32 = (name: string) => z.string().regex(/^[0-9a-fA-F]{64}$/, `${name} must be 64 hex characters`);
/** A comma-separated list of 64-hex keys (empty by default), lower-cased. */
const hexList = (name: string) =>
  z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((key) => key.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(hex32(`Each key of ${name}`)));

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  CORE_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  CORE_HOST: z.string().min(1).default("127.0.0.1"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  DATA_DIR: z.string().min(1).default("data/core-db"),
  UPLOAD_DIR: z.string().min(1).default("data/uploads"),
  MIGRATIONS_DIR: z.string().min(1).default("core/migrations"),
  /**
   * Who may use the operator API (/core/operator/): "name:HASH,name2:HASH2", each HASH made by
   * `admin operator hash PASSWORD`. Outside production, unset means one operator "operator" with
   * the password "operator-dev-password"; production has no default (the API then refuses all).
   */
  OPERATORS: z
    .string()
    .regex(
      /^[a-z][\w.-]{0,31}:scrypt\$[^,:]+(,[a-z][\w.-]{0,31}:scrypt\$[^,:]+)*$/,
      "OPERATORS must be name:HASH[,name:HASH] (hashes from `admin operator hash`)",
    )
    .optional(),
  DEMO_AREA_CODE: digits("DEMO_AREA_CODE", 1, 4).default("91"),
  DEMO_PHONE: digits("DEMO_PHONE", 5, 15).default("9000000001"),
  DEMO_PASSWORD: z.string().min(6, "DEMO_PASSWORD must be at least 6 characters").max(64).optional(),
  /** "0" turns the demo seed (demo player and balances) off; defaults to on outside production. */
  DEMO_SEED: z.enum(["0", "1"]).optional(),
  SMS_PROVIDER: z.enum(["log", "http"]).default("log"),
  /** "1" lets the log provider run in production (it then writes no texts, never a code). */
  SMS_ALLOW_LOG_PROVIDER: z.enum(["0", "1"]).default("0"),
  SMS_HTTP_URL: z
    .string()
    .url("SMS_HTTP_URL must be a URL such as https://sms.example.com/send")
    .regex(/^https?:\/\//, "SMS_HTTP_URL must be an http(s) URL")
    .optional(),
  SMS_HTTP_AUTH_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/, "SMS_HTTP_AUTH_HEADER must be a header name")
    .default("authorization"),
  SMS_HTTP_AUTH_VALUE: z.string().min(1).optional(),
  SMS_HTTP_FORMAT: z.enum(["json", "form"]).default("json"),
  SMS_HTTP_BODY: z.string().default('{"to":"{{to}}","text":"{{text}}","reference":"{{id}}"}'),
  SMS_HTTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  SMS_HTTP_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Codes one address may request in an hour (a carrier's NAT puts many players behind one). */
  SMS_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  ROUND_SECONDS: z.coerce.number().int().min(10).max(3600).default(60),
  BET_CLOSE_SECONDS: z.coerce.number().int().min(1).max(600).default(5),
  /** Length of a jackpot day (docs/jackpot.md); shorter only for tests and demos. */
  JACKPOT_DAY_SECONDS: z.coerce.number().int().min(60).max(86_400).default(86_400),
  CURRENCY_SIGN: z.string().min(1).max(8).default("₹"),
  /** Prefix of the invite link in getUserInfo, e.g. https://play.example.com (default: relative). */
  INVITE_LINK_BASE: z.string().default(""),
  /**
   * Player protection (core/src/limits): the time zone of day, week and month (also the team's
   * days, decision 068); hours of cooling.
   */
  LIMITS_TIME_ZONE: z
    .string()
    .default("Asia/Kolkata")
    .refine(validTimeZone, "LIMITS_TIME_ZONE must be an IANA time zone such as Asia/Kolkata"),
  LIMITS_COOLING_HOURS: z.coerce.number().min(0).max(720).default(24),
  /** A gambling-help organisation the Responsible play page links to. */
  LIMITS_HELP_URL: z
    .string()
    .regex(/^https?:\/\//, "LIMITS_HELP_URL must be an http(s) URL")
    .default("https://www.begambleaware.org/"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ...sessionLifetimeEnv,
  /** AES-256-GCM key (64 hex) of the seeds of unplayed rounds; required in production. */
  FAIRNESS_SEED_KEY: hex32("FAIRNESS_SEED_KEY").optional(),
  /**
   * Earlier seed keys, comma-separated (64 hex each): they still open the seeds sealed before a
   * rotation; new seeds are sealed with FAIRNESS_SEED_KEY only (docs/operations.md).
   */
  FAIRNESS_SEED_KEY_PREVIOUS: hexList("FAIRNESS_SEED_KEY_PREVIOUS"),
  /** Ed25519 private key (32-byte seed, 64 hex) that signs the public fairness log; required in production. */
  FAIRNESS_LOG_KEY: hex32("FAIRNESS_LOG_KEY").optional(),
  /**
   * Earlier log keys, comma-separated (64 hex each): when the log's newest entry was signed by one,
   * the core announces FAIRNESS_LOG_KEY in the log with an entry signed by that key (docs/fairness.md).
   */
  FAIRNESS_LOG_KEY_PREVIOUS: hexList("FAIRNESS_LOG_KEY_PREVIOUS"),
  /** Rounds per hash chain (a new chain is made and announced when one is used up). */
  FAIRNESS_CHAIN_LENGTH: z.coerce.number().int().min(2).max(1_000_000).default(10_000),
  /** The highest return to player any bet type may have (payout table check), below 1. */
  GAME_RTP_CEILING: z.coerce.number().gt(0).lt(1).default(0.98),
  /** The public randomness beacon: drand quicknet, or the local sandbox (no network). */
  BEACON: z.enum(["sandbox", "drand"]).default("sandbox"),
  /** "1" lets production run on the sandbox beacon (then players must trust the operator's beacon key). */
  BEACON_ALLOW_SANDBOX: z.enum(["0", "1"]).default("0"),
  BEACON_DRAND_URL: z.string().url().default("https://api.drand.sh"),
  /** The sandbox beacon's BLS secret key (64 hex) and period. */
  BEACON_SANDBOX_KEY: hex32("BEACON_SANDBOX_KEY").optional(),
  BEACON_SANDBOX_PERIOD_SECONDS: z.coerce.number().int().min(1).max(60).default(1),
});

/** Lifetime of sign-in tokens (auth/tokens.ts): sliding idle time and absolute maximum, in ms. */
export interface TokenLifetime {
  idleMs: number;
  maxMs: number;
}

export interface CoreConfig {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  uploadDir: string;
  migrationsDir: string;
  /** Operator name to scrypt hash (OPERATORS); empty in production when unset. */
  operators: Record<string, string>;
  demo: { enabled: boolean; areaCode: string; phone: string; password: string };
  sms: { provider: "log"; writeCodes: boolean } | { provider: "http"; http: HttpSmsConfig };
  /** SMS_MAX_PER_IP_PER_HOUR. */
  smsMaxPerIpPerHour: number;
  roundSeconds: number;
  betCloseSeconds: number;
  /** JACKPOT_DAY_SECONDS. */
  jackpotDaySeconds: number;
  currencySign: string;
  /** Player protection: LIMITS_TIME_ZONE, LIMITS_COOLING_HOURS (in ms), LIMITS_HELP_URL. */
  limits: { timeZone: string; coolingMs: number; helpUrl: string };
  inviteLinkBase: string;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  /** Lifetime of sign-in tokens: sliding idle time and absolute maximum, in ms. */
  tokens: TokenLifetime;
  /** The draw's keys and beacon (game/fairness-config.ts, beacon/). */
  fairness: FairnessConfig;
}

export interface FairnessConfig {
  seedKey: string;
  /** Keys that only open seeds sealed before a rotation (none by default). */
  previousSeedKeys?: string[];
  logKey: string;
  /** Log keys before a rotation: the one that signed the newest entry announces logKey. */
  previousLogKeys?: string[];
  chainLength: number;
  rtpCeiling: number;
  beacon: { source: "sandbox" | "drand"; drandUrl: string; sandboxKey: string; sandboxPeriodSeconds: number };
}

/**
 * Development keys of the draw, public on purpose (docs/fairness.md): never used in production,
 * which refuses to start without its own FAIRNESS_SEED_KEY and FAIRNESS_LOG_KEY.
 */
export const DEV_FAIRNESS: FairnessConfig = {
  seedKey: "6465762d6f6e6c792d736565642d6b65792d2d636f6c6f75722d6c6f74746572",
  logKey: "6465762d6f6e6c792d6c6f672d6b65792d2d2d636f6c6f75722d6c6f74746572",
  chainLength: 10_000,
  rtpCeiling: 0.98,
  beacon: {
    source: "sandbox",
    drandUrl: "https://api.drand.sh",
    sandboxKey: "2f6a0b1c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8",
    sandboxPeriodSeconds: 1,
  },
};

function fairnessConfig(e: z.infer<typeof envSchema>, production: boolean): FairnessConfig {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid core configuration: ${message}`);
  };
  if (production && !e.FAIRNESS_SEED_KEY) fail("FAIRNESS_SEED_KEY is required in production (64 hex)");
  if (production && !e.FAIRNESS_LOG_KEY) fail("FAIRNESS_LOG_KEY is required in production (64 hex)");
  // The development keys are in this file for anyone to read: with them, anyone could open the
  // seeds of unplayed rounds or sign the public log.
  for (const [name, key, devKey] of [
    ["FAIRNESS_SEED_KEY", e.FAIRNESS_SEED_KEY, DEV_FAIRNESS.seedKey],
    ["FAIRNESS_LOG_KEY", e.FAIRNESS_LOG_KEY, DEV_FAIRNESS.logKey],
  ] as const) {
    if (production && key?.toLowerCase() === devKey) {
      fail(`${name} is the public development key: generate your own with openssl rand -hex 32`);
    }
  }
  if (production && e.BEACON === "sandbox" && e.BEACON_ALLOW_SANDBOX !== "1") {
    fail("BEACON=sandbox is a local stand-in: set BEACON=drand in production, or BEACON_ALLOW_SANDBOX=1");
  }
  return {
    seedKey: (e.FAIRNESS_SEED_KEY ?? DEV_FAIRNESS.seedKey).toLowerCase(),
    previousSeedKeys: e.FAIRNESS_SEED_KEY_PREVIOUS,
    logKey: (e.FAIRNESS_LOG_KEY ?? DEV_FAIRNESS.logKey).toLowerCase(),
    previousLogKeys: e.FAIRNESS_LOG_KEY_PREVIOUS,
    chainLength: e.FAIRNESS_CHAIN_LENGTH,
    rtpCeiling: e.GAME_RTP_CEILING,
    beacon: {
      source: e.BEACON,
      drandUrl: e.BEACON_DRAND_URL.replace(/\/+$/, ""),
      sandboxKey: (e.BEACON_SANDBOX_KEY ?? DEV_FAIRNESS.beacon.sandboxKey).toLowerCase(),
      sandboxPeriodSeconds: e.BEACON_SANDBOX_PERIOD_SECONDS,
    },
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Where SMS go. Production refuses the log provider (it would either write codes to the log or
 * send nothing) unless SMS_ALLOW_LOG_PROVIDER=1, and then it writes no code.
 */
function smsConfig(e: z.infer<typeof envSchema>, production: boolean): CoreConfig["sms"] {
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid core configuration: ${message}`);
  };
  if (e.SMS_PROVIDER === "log") {
    if (production && e.SMS_ALLOW_LOG_PROVIDER !== "1") {
      fail(
        "SMS_PROVIDER=log cannot send codes in production: set SMS_PROVIDER=http and SMS_HTTP_URL, or SMS_ALLOW_LOG_PROVIDER=1 to run without SMS",
      );
    }
    return { provider: "log", writeCodes: !production };
  }
  const url = e.SMS_HTTP_URL ?? fail("SMS_HTTP_URL is required when SMS_PROVIDER=http");
  let body: unknown;
  try {
    body = JSON.parse(e.SMS_HTTP_BODY);
  } catch {
    fail("SMS_HTTP_BODY must be a JSON object");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) fail("SMS_HTTP_BODY must be a JSON object");
  const fields = body as Record<string, unknown>;
  if (
    e.SMS_HTTP_FORMAT === "form" &&
    Object.values(fields).some((v) => typeof v === "object" && v !== null)
  ) {
    fail("SMS_HTTP_BODY must be flat (no nested objects) when SMS_HTTP_FORMAT=form");
  }
  if (!JSON.stringify(fields).includes("{{text}}") && !JSON.stringify(fields).includes("{{code}}")) {
    fail("SMS_HTTP_BODY must contain {{text}} or {{code}}");
  }
  return {
    provider: "http",
    http: {
      url,
      authHeader: e.SMS_HTTP_AUTH_HEADER.toLowerCase(),
      authValue: e.SMS_HTTP_AUTH_VALUE,
      format: e.SMS_HTTP_FORMAT,
      body: fields,
      timeoutMs: e.SMS_HTTP_TIMEOUT_MS,
      retries: e.SMS_HTTP_RETRIES,
    },
  };
}

/**
 * The development operator's password hash (password "operator-dev-password"), fixed so that no
 * start pays for hashing. Never used in production.
 */
export const DEV_OPERATOR_PASSWORD = "operator-dev-password";
const DEV_OPERATOR_HASH =
  "scrypt$16384$8$1$ZGV2LW9wZXJhdG9yLXNhbHQ=$0pttwwFKcv2vOqow5bvKXc0TM8fT04w2pLptr710OkE=";

function operatorsOf(value: string | undefined, production: boolean): Record<string, string> {
  if (!value) return production ? {} : { operator: DEV_OPERATOR_HASH };
  return Object.fromEntries(value.split(",").map((pair) => pair.split(":") as [string, string]));
}

/**
 * `env` as `schema` reads it, or the error `fail` makes of every problem in one line
 * ("NAME: what is wrong; OTHER: ...").
 */
export function parseEnv<S extends z.ZodTypeAny>(
  schema: S,
  env: Record<string, string | undefined>,
  fail: (problems: string) => Error,
): z.infer<S> {
  const parsed = schema.safeParse(env);
  if (!parsed.success)
    throw fail(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  return parsed.data;
}

/** Validates `env` (default process.env); `overrides` win over it (tests, startCore options). */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<CoreConfig> = {},
): CoreConfig {
  const e = parseEnv(
    envSchema,
    env,
    (problems) => new ConfigError(`Invalid core configuration: ${problems}`),
  );
  if (e.BET_CLOSE_SECONDS >= e.ROUND_SECONDS) {
    throw new ConfigError("Invalid core configuration: BET_CLOSE_SECONDS must be less than ROUND_SECONDS");
  }
  const production = e.NODE_ENV === "production";
  // In production the demo player exists only when its password is given explicitly.
  const demoEnabled = e.DEMO_SEED ? e.DEMO_SEED === "1" : !production || Boolean(e.DEMO_PASSWORD);
  if (production && demoEnabled && !e.DEMO_PASSWORD) {
    throw new ConfigError(
      "Invalid core configuration: DEMO_PASSWORD is required for the demo seed in production",
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.CORE_PORT,
    host: e.CORE_HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    uploadDir: e.UPLOAD_DIR,
    migrationsDir: e.MIGRATIONS_DIR,
    operators: operatorsOf(e.OPERATORS, production),
    demo: {
      enabled: demoEnabled,
      areaCode: e.DEMO_AREA_CODE,
      phone: e.DEMO_PHONE,
      password: e.DEMO_PASSWORD ?? "demo1234",
    },
    sms: smsConfig(e, production),
    smsMaxPerIpPerHour: e.SMS_MAX_PER_IP_PER_HOUR,
    roundSeconds: e.ROUND_SECONDS,
    betCloseSeconds: e.BET_CLOSE_SECONDS,
    jackpotDaySeconds: e.JACKPOT_DAY_SECONDS,
    currencySign: e.CURRENCY_SIGN,
    limits: {
      timeZone: e.LIMITS_TIME_ZONE,
      coolingMs: Math.round(e.LIMITS_COOLING_HOURS * 3_600_000),
      helpUrl: e.LIMITS_HELP_URL,
    },
    inviteLinkBase: e.INVITE_LINK_BASE.replace(/\/+$/, ""),
    logLevel: e.LOG_LEVEL,
    tokens: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, maxMs: e.SESSION_MAX_DAYS * 24 * 60 * 60_000 },
    fairness: fairnessConfig(e, production),
    ...overrides,
  };
}
