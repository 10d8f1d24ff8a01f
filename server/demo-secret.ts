// Session secret: required in production (32 characters or more, session-secret.ts); in demo mode
// generated once into APP_DATA_DIR/session-secret.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "./config";
import { log } from "./log";
import { sessionSecretProblem } from "./session-secret";

/** Exits when the configured secret is refused; sets a generated one in demo mode. */
export function ensureSessionSecret(config: Config) {
  const problem = sessionSecretProblem(config.SESSION_SECRET, config.NODE_ENV === "production");
  if (problem) {
    log.fatal(problem);
    process.exit(1);
  }
  if (config.SESSION_SECRET?.trim()) return;
  const file = path.resolve(config.APP_DATA_DIR, "session-secret");
  let secret = "";
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    // Not there yet.
  }
  if (!secret) {
    secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  process.env.SESSION_SECRET = secret;
  log.warn({ file }, "SESSION_SECRET is not set: using a generated demo secret (set it in production)");
}
