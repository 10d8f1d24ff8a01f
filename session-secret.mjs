// The one rule for SESSION_SECRET, shared by server.mjs (checked before the server starts) and
// the app (app/utils/env.server.ts). Plain JS so the production server runs it without a build.

/** AES-256 keys are derived from it with HKDF: shorter secrets are guessable, so refused. */
export const MIN_SESSION_SECRET_LENGTH = 32;

/**
 * The secrets of a comma list, newest first: the first encrypts, every one decrypts (rotation).
 * @param {string | null | undefined} value
 * @returns {string[]}
 */
export function splitSessionSecrets(value) {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Why SESSION_SECRET cannot be used, or null. In production it is required and every secret of
 * the list (old ones still decrypt) must be at least 32 characters. The message never shows it.
 * @param {string | null | undefined} value
 * @param {boolean} production
 * @returns {string | null}
 */
export function sessionSecretProblem(value, production) {
  if (!production) return null;
  const secrets = splitSessionSecrets(value);
  if (secrets.length === 0) return "SESSION_SECRET is required when NODE_ENV=production";
  const short = secrets.findIndex((s) => s.length < MIN_SESSION_SECRET_LENGTH);
  if (short === -1) return null;
  const which = secrets.length > 1 ? ` (secret ${short + 1} of the comma list is shorter)` : "";
  return (
    `SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters in production${which}; ` +
    `generate one with: node -e "console.log(require('node:crypto').randomBytes(32).toString('hex'))"`
  );
}
