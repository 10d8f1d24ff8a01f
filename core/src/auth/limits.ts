import { Code } from "../../../contract/codes";
import type { Sql } from "../db";
import { ApiError } from "../http";

/**
 * Failed sign-ins counted in the database (so the limit holds across restarts and several core
 * processes): per phone and per address, over a sliding window.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_MAX_FAILURES_PER_PHONE = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const TOO_MANY_ATTEMPTS = "Too many attempts, try again later";

export function loginKeys(areaCode: string, phone: string, ip: string) {
  return [
    { key: `phone:${areaCode}-${phone}`, max: LOGIN_MAX_FAILURES_PER_PHONE },
    { key: `ip:${ip}`, max: LOGIN_MAX_FAILURES_PER_IP },
  ];
}

export async function assertNotLimited(sql: Sql, keys: { key: string; max: number }[], now: number) {
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  for (const { key, max } of keys) {
    const [{ n }] = await sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM auth_failures WHERE key = $1 AND at > $2",
      [key, since],
    );
    if (n >= max) throw new ApiError(Code.RATE_LIMITED, TOO_MANY_ATTEMPTS);
  }
}

export async function recordFailure(sql: Sql, keys: { key: string }[], now: number) {
  const at = new Date(now).toISOString();
  for (const { key } of keys)
    await sql.query("INSERT INTO auth_failures (key, at) VALUES ($1, $2)", [key, at]);
  // Old rows are useless; drop them now and then.
  if (Math.random() < 0.05) {
    await sql.query("DELETE FROM auth_failures WHERE at < $1", [
      new Date(now - LOGIN_WINDOW_MS).toISOString(),
    ]);
  }
}

export async function clearFailures(sql: Sql, key: string) {
  await sql.query("DELETE FROM auth_failures WHERE key = $1", [key]);
}
