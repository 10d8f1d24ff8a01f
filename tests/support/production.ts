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
