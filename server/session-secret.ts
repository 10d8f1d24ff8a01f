// The one rule for SESSION_SECRET, shared by the server (checked before it starts, demo-secret.ts)
// and the app (app/utils/env.server.ts, through env-schema.ts). No imports.

/** AES-256 keys are derived from it with HKDF: shorter secrets are guessable, so refused. */
const MIN_SESSION_SECRET_LENGTH = 32;

/** The secrets of a comma list, newest first: the first encrypts, every one decrypts (rotation). */
export function splitSessionSecrets(value: string | null | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * Why SESSION_SECRET cannot be used, or null. In production it is required and every secret of
 * the list (old ones still decrypt) must be at least 32 characters. The message never shows it.
 */
export function sessionSecretProblem(value: string | null | undefined, production: boolean): string | null {
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
