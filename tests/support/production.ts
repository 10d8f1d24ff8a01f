import { randomBytes } from "node:crypto";

/**
 * What a production start needs besides the settings a test is about: the draw's own keys
 * (FAIRNESS_SEED_KEY, FAIRNESS_LOG_KEY, fresh for each run) and the sandbox beacon allowed, since
 * no drand relay is reachable here. Tests of production rules spread it into their env.
 */
export const PRODUCTION_KEYS = {
  FAIRNESS_SEED_KEY: randomBytes(32).toString("hex"),
  FAIRNESS_LOG_KEY: randomBytes(32).toString("hex"),
  BEACON_ALLOW_SANDBOX: "1",
} as const;

/**
 * A production env that starts: the keys above and an SMS gateway (production refuses the log
 * provider; nothing here sends an SMS through it).
 */
export const PRODUCTION_ENV = {
  NODE_ENV: "production",
  ...PRODUCTION_KEYS,
  SMS_PROVIDER: "http",
  SMS_HTTP_URL: "https://sms.example.com/send",
} as const;
