import { createHash, randomBytes } from "node:crypto";
import type { Sql } from "../platform/db";

/**
 * Sign-in tokens: 32 random bytes as hex, given to the client once. The table keeps only their
 * SHA-256, so a database copy signs nobody in. Tokens expire and can be revoked.
 */
export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export async function issueToken(sql: Sql, userId: number, now: number) {
  const token = randomBytes(32).toString("hex");
  const expiresAt = now + TOKEN_TTL_MS;
  await sql.query(
    "INSERT INTO auth_tokens (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)",
    [hashToken(token), userId, new Date(now).toISOString(), new Date(expiresAt).toISOString()],
  );
  return { token, userId, expiresAt };
}

export type TokenCheck = { ok: true; userId: number } | { ok: false; reason: "expired" | "invalid" };

/**
 * Recent successful look-ups, kept for a moment: a page makes several calls with one token, and on
 * PGlite a look-up costs a third of a millisecond. Revocation in this process takes effect at once;
 * another process sharing the database sees it within CACHE_MS.
 */
const CACHE_MS = 2_000;
const CACHE_MAX = 10_000;
const recent = new Map<string, { userId: number; expiresAt: number; until: number }>();

export async function resolveToken(sql: Sql, token: string, now: number): Promise<TokenCheck> {
  if (!/^[0-9a-f]{64}$/.test(token)) return { ok: false, reason: "invalid" };
  const hash = hashToken(token);
  const cached = recent.get(hash);
  if (cached && cached.until > now && cached.until - CACHE_MS <= now) {
    if (cached.expiresAt <= now) return { ok: false, reason: "expired" };
    return { ok: true, userId: cached.userId };
  }
  const rows = await sql.query<{
    user_id: number;
    expires_at: Date;
    revoked_at: Date | null;
    user_status: string;
  }>(
    `SELECT t.user_id, t.expires_at, t.revoked_at, u.user_status
     FROM auth_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = $1`,
    [hash],
  );
  const row = rows[0];
  if (!row || row.revoked_at || row.user_status !== "NORMAL") return { ok: false, reason: "invalid" };
  const expiresAt = new Date(row.expires_at).getTime();
  if (expiresAt <= now) return { ok: false, reason: "expired" };
  if (recent.size >= CACHE_MAX) recent.clear();
  recent.set(hash, { userId: row.user_id, expiresAt, until: now + CACHE_MS });
  return { ok: true, userId: row.user_id };
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
