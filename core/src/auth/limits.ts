import { Code } from "#contract/codes";
import type { Sql } from "../platform/db";
import { ApiError } from "../platform/http";

/**
 * Failed sign-ins, counted in the database (so the limits hold across restarts and several core
 * processes) over a sliding window, under three keys per failure: the phone, the address, and the
 * pair of both.
 *
 * - An address is limited strictly: 20 failures in 15 minutes and it may not try again (any
 *   phone, any password) until they age out.
 * - A phone is never locked. After 5 failures, an address that has itself failed on this phone
 *   must wait before each new try, 1 s after the 5th failure and twice as long after each next
 *   one, up to a minute: guessing slows to a crawl.
 * - An address with no failure on this phone is never held back by the phone's count, so a
 *   stranger's wrong guesses never refuse the owner's right password.
 * Unknown phones are counted like known ones, so the answers say nothing about accounts.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_FREE_FAILURES_PER_PHONE = 5;
const LOGIN_MAX_FAILURES_PER_IP = 20;
export const LOGIN_MAX_DELAY_MS = 60 * 1000;
const TOO_MANY_ATTEMPTS = "Too many attempts, try again later";

interface LoginKeys {
  phone: string;
  ip: string;
  pair: string;
}

const phoneKey = (areaCode: string, phone: string) => `phone:${areaCode}-${phone}`;

export function loginKeys(areaCode: string, phone: string, ip: string): LoginKeys {
  return {
    phone: phoneKey(areaCode, phone),
    ip: `ip:${ip}`,
    pair: `pair:${areaCode}-${phone}|${ip}`,
  };
}

/** The wait before the next try after `failures` failures on a phone (0 while they are few). */
export function phoneDelayMs(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES_PER_PHONE) return 0;
  return Math.min(LOGIN_MAX_DELAY_MS, 1000 * 2 ** (failures - LOGIN_FREE_FAILURES_PER_PHONE));
}

async function failuresOf(sql: Sql, key: string, since: string) {
  const [row] = await sql.query<{ n: number; last: Date | string | null }>(
    "SELECT count(*)::int AS n, max(at) AS last FROM auth_failures WHERE key = $1 AND at > $2",
    [key, since],
  );
  return { count: row.n, last: row.last ? new Date(row.last).getTime() : 0 };
}

/** Refuses (429) a sign-in the limits do not allow now; otherwise returns. */
export async function assertLoginAllowed(sql: Sql, keys: LoginKeys, now: number) {
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const ip = await failuresOf(sql, keys.ip, since);
  if (ip.count >= LOGIN_MAX_FAILURES_PER_IP) throw new ApiError(Code.RATE_LIMITED, TOO_MANY_ATTEMPTS);
  const pair = await failuresOf(sql, keys.pair, since);
  if (pair.count === 0) return;
  const phone = await failuresOf(sql, keys.phone, since);
  const wait = phone.last + phoneDelayMs(phone.count) - now;
  if (wait > 0) {
    throw new ApiError(Code.RATE_LIMITED, `Too many attempts, try again in ${Math.ceil(wait / 1000)} s`);
  }
}

export async function recordLoginFailure(sql: Sql, keys: LoginKeys, now: number) {
  const at = new Date(now).toISOString();
  await sql.query("INSERT INTO auth_failures (key, at) VALUES ($1, $3), ($2, $3), ($4, $3)", [
    keys.phone,
    keys.ip,
    at,
    keys.pair,
  ]);
  // Old rows are useless; drop them now and then.
  if (Math.random() < 0.05) {
    await sql.query("DELETE FROM auth_failures WHERE at < $1", [
      new Date(now - LOGIN_WINDOW_MS).toISOString(),
    ]);
  }
}

/**
 * After a right password: this address's own failures on this phone no longer hold it back.
 * The phone's count and the address's count stay (others' guesses, the strict address limit).
 */
export async function forgiveLoginFailures(sql: Sql, keys: LoginKeys) {
  await sql.query("DELETE FROM auth_failures WHERE key = $1", [keys.pair]);
}

/** After a password reset: every failure counted on the phone is forgotten. */
export async function clearPhoneFailures(sql: Sql, areaCode: string, phone: string) {
  await sql.query("DELETE FROM auth_failures WHERE key = $1 OR key LIKE $2", [
    phoneKey(areaCode, phone),
    `pair:${areaCode}-${phone}|%`,
  ]);
}
