import { createHash, randomBytes } from "node:crypto";
import type { TokenLifetime } from "../platform/config";
import type { Sql } from "../platform/db";

/**
 * Sign-in tokens: 32 random bytes as hex, given to the client once. The table keeps only their
 * SHA-256, so a database copy signs nobody in. A token dies after `idleMs` without a request
 * (sliding: last_seen_at is written at most once a minute) and `maxMs` after the sign-in however
 * busy the player is (design section 3); it can also be revoked.
 */
export const DEFAULT_TOKEN_LIFETIME: TokenLifetime = { idleMs: 30 * 60_000, maxMs: 7 * 24 * 60 * 60_000 };
/** last_seen_at is written at most this often per token: a page's calls cost no write. */
export const TOKEN_TOUCH_MS = 60_000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueToken(
  sql: Sql,
  userId: number,
  now: number,
  lifetime: TokenLifetime = DEFAULT_TOKEN_LIFETIME,
) {
  const token = randomBytes(32).toString("hex");
  const expiresAt = now + lifetime.maxMs;
  const at = new Date(now).toISOString();
  await sql.query(
    `INSERT INTO auth_tokens (token_hash, user_id, created_at, expires_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $3)`,
    [hashToken(token), userId, at, new Date(expiresAt).toISOString()],
  );
  return { token, userId, expiresAt };
}

type TokenCheck = { ok: true; userId: number } | { ok: false; reason: "expired" | "invalid" };

/**
 * Recent successful look-ups, kept for a moment: a page makes several calls with one token, and on
 * PGlite a look-up costs a third of a millisecond. Revocation in this process takes effect at once;
 * another process sharing the database sees it within CACHE_MS.
 */
const CACHE_MS = 2_000;
const CACHE_MAX = 10_000;
interface Known {
  userId: number;
  createdAt: number;
  expiresAt: number;
  lastSeen: number;
  until: number;
}
const recent = new Map<string, Known>();

async function lookUp(sql: Sql, hash: string, now: number): Promise<Known | null> {
  const cached = recent.get(hash);
  if (cached && cached.until > now && cached.until - CACHE_MS <= now) return cached;
  const rows = await sql.query<{
    user_id: number;
    created_at: Date;
    expires_at: Date;
    last_seen_at: Date;
    revoked_at: Date | null;
    user_status: string;
  }>(
    `SELECT t.user_id, t.created_at, t.expires_at, t.last_seen_at, t.revoked_at, u.user_status
     FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
    [hash],
  );
  const row = rows[0];
  if (!row || row.revoked_at || row.user_status !== "NORMAL") return null;
  const known: Known = {
    userId: row.user_id,
    createdAt: new Date(row.created_at).getTime(),
    expiresAt: new Date(row.expires_at).getTime(),
    lastSeen: new Date(row.last_seen_at).getTime(),
    until: now + CACHE_MS,
  };
  if (recent.size >= CACHE_MAX) recent.clear();
  recent.set(hash, known);
  return known;
}

/**
 * Who the token signs in, or why not. A live token's last_seen_at moves forward when it is a
 * minute old or more, so the idle time counts from the last request within a minute.
 */
export async function resolveToken(
  sql: Sql,
  token: string,
  now: number,
  lifetime: TokenLifetime = DEFAULT_TOKEN_LIFETIME,
): Promise<TokenCheck> {
  if (!/^[0-9a-f]{64}$/.test(token)) return { ok: false, reason: "invalid" };
  const hash = hashToken(token);
  const known = await lookUp(sql, hash, now);
  if (!known) return { ok: false, reason: "invalid" };
  // The stored expiry and today's configuration: a lowered SESSION_MAX_DAYS applies to old tokens.
  const dies = Math.min(known.expiresAt, known.createdAt + lifetime.maxMs, known.lastSeen + lifetime.idleMs);
  if (dies <= now) return { ok: false, reason: "expired" };
  if (now - known.lastSeen >= TOKEN_TOUCH_MS) {
    known.lastSeen = now;
    await sql.query("UPDATE auth_tokens SET last_seen_at = $2 WHERE token_hash = $1 AND last_seen_at < $2", [
      hash,
      new Date(now).toISOString(),
    ]);
  }
  return { ok: true, userId: known.userId };
}

export async function revokeToken(sql: Sql, token: string, now: number) {
  recent.delete(hashToken(token));
  await sql.query("UPDATE auth_tokens SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL", [
    hashToken(token),
    new Date(now).toISOString(),
  ]);
}

/** Signs the player out everywhere (after a password reset). */
export async function revokeAllTokens(sql: Sql, userId: number, now: number) {
  for (const [hash, entry] of recent) if (entry.userId === userId) recent.delete(hash);
  await sql.query("UPDATE auth_tokens SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL", [
    userId,
    new Date(now).toISOString(),
  ]);
}

/**
 * When the sign-in of `token` started, and when the player's sign-in before it started (null for
 * the first): the session clock of the reality check and "previous sign-in" (core/src/limits).
 */
export async function signInTimes(
  sql: Sql,
  userId: number,
  token: string,
): Promise<{ startedAt: number | null; previous: number | null }> {
  const [row] = await sql.query<{ started: Date | string | null; previous: Date | string | null }>(
    `SELECT t.created_at AS started,
            (SELECT max(p.created_at) FROM auth_tokens p
              WHERE p.user_id = $1 AND p.created_at < t.created_at) AS previous
     FROM auth_tokens t WHERE t.token_hash = $2 AND t.user_id = $1`,
    [userId, hashToken(token)],
  );
  const ms = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : null);
  return { startedAt: ms(row?.started), previous: ms(row?.previous) };
}
