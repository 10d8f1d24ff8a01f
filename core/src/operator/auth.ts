import { createHash } from "node:crypto";
import type { Context, Next } from "hono";
import { Code } from "#contract/codes";
import { verifyPassword } from "../auth/passwords";
import { ConfigError, type CoreConfig, DEV_OPERATOR_PASSWORD } from "../platform/config";
import type { CoreEnv } from "../platform/context";
import { ApiError, clientNetwork } from "../platform/http";

/** Failed sign-ins allowed per address in a window, before the API answers 429 for a while. */
const MAX_FAILURES = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
/** A verified credential is remembered briefly, so that each request does not pay for scrypt. */
const VERIFIED_TTL_MS = 60_000;

const failures = new Map<string, { count: number; since: number }>();
const verified = new Map<string, { operator: string; until: number }>();

/**
 * Production refuses to start with an operator whose password is the public development one
 * (its hash made with `admin operator hash operator-dev-password`): anyone could move money.
 */
export async function refuseDevOperatorPassword(config: CoreConfig) {
  if (config.env !== "production") return;
  for (const [name, hash] of Object.entries(config.operators)) {
    if (await verifyPassword(DEV_OPERATOR_PASSWORD, hash)) {
      throw new ConfigError(
        `Invalid core configuration: OPERATORS: ${name} has the public development password; hash your own with admin operator hash`,
      );
    }
  }
}

/**
 * The operator API's gate: HTTP Basic credentials (curl -u name:password) checked against the
 * scrypt hashes of OPERATORS. Sets c.get("operator"). Wrong credentials get 401, too many from
 * one address 429; no answer says whether the name exists.
 */
export async function requireOperator(c: Context<CoreEnv>, next: Next) {
  const { config, now } = c.get("deps");
  const ip = clientNetwork(c);
  const time = now();
  const failed = failures.get(ip);
  if (failed && time - failed.since < FAILURE_WINDOW_MS && failed.count >= MAX_FAILURES) {
    throw new ApiError(Code.RATE_LIMITED, "Too many failed sign-ins; try again later");
  }
  const header = c.req.header("authorization") ?? "";
  const key = createHash("sha256").update(header).digest("base64");
  const known = verified.get(key);
  if (known && known.until > time && config.operators[known.operator]) {
    c.set("operator", known.operator);
    return next();
  }
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header);
  const decoded = match ? Buffer.from(match[1], "base64").toString("utf8") : "";
  const colon = decoded.indexOf(":");
  const name = colon > 0 ? decoded.slice(0, colon) : "";
  const password = colon > 0 ? decoded.slice(colon + 1) : "";
  const hash = Object.hasOwn(config.operators, name) ? config.operators[name] : undefined;
  if (!(await verifyPassword(password, hash))) {
    const current = failed && time - failed.since < FAILURE_WINDOW_MS ? failed : { count: 0, since: time };
    failures.set(ip, { count: current.count + 1, since: current.since });
    c.header("www-authenticate", 'Basic realm="operator"');
    throw new ApiError(Code.UNAUTHENTICATED, "Operator credentials required");
  }
  failures.delete(ip);
  verified.set(key, { operator: name, until: time + VERIFIED_TTL_MS });
  c.set("operator", name);
  return next();
}

/** The signed-in operator's name (only inside the operator API). */
export function operatorOf(c: Context<CoreEnv>): string {
  const name = c.get("operator");
  if (!name) throw new ApiError(Code.UNAUTHENTICATED, "Operator credentials required");
  return name;
}
