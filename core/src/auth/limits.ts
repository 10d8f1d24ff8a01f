import { createHash } from "node:crypto";
import { Code } from "#contract/codes";
import type { Sql } from "../platform/db";
import { ApiError } from "../platform/http";

/**
 * Failed sign-ins, counted in the database (so the limits hold across restarts and several core
 * processes) over a sliding window, under three keys per failure: the phone, the address, and the
 * pair of both.
 *
 * - An address is limited: 20 failures in 15 minutes and it may not try again (any phone, any
 *   password) until they age out, except from a trusted device (below).
 * - A device on which a phone has signed in before (the app's device id, sent in x-device-id, kept
 *   as its SHA-256 for 90 days after its last sign-in there) is trusted for that phone: the
 *   address limit never refuses its sign-ins on that phone, so many players behind one address
 *   (carrier-grade NAT) are not locked out by strangers' typos or by one attacker spraying phones
 *   (decision 063, OWASP's "device cookie"). Its wrong passwords are failures like any other,
 *   and after 5 of them on the phone it waits like an address does (below), counting its own
 *   failures there, not those of others behind its address. A request without a device id, or with one never signed
 *   in with on this phone, is not trusted. A password reset forgets the phone's trusted devices.
 * - A phone is never locked. After 5 failures, an address that has itself failed on this phone
 *   must wait before each new try, 1 s after the 5th failure and twice as long after each next
 *   one, up to a minute: guessing slows to a crawl.
 * - An address with no failure on this phone is never held back by the phone's count, so a
 *   stranger's wrong guesses never refuse the owner's right password.
 * Unknown phones are counted like known ones, so the answers say nothing about accounts.
 */
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
export const LOGIN_FREE_FAILURES_PER_PHONE = 5;
const LOGIN_MAX_FAILURES_PER_IP = 20;
export const LOGIN_MAX_DELAY_MS = 60 * 1000;
/** A device stays trusted for a phone this long after its last sign-in there. */
export const TRUSTED_DEVICE_MS = 90 * 24 * 60 * 60 * 1000;
/** Longer device ids are not the app's: not trusted (the app's are UUIDs). */
const MAX_DEVICE_ID_LENGTH = 64;
const TOO_MANY_ATTEMPTS = "Too many attempts, try again later";

interface LoginKeys {
  phone: string;
  ip: string;
  pair: string;
  /** SHA-256 (hex) of the caller's device id; null without one. */
  device: string | null;
  /** The phone and the caller's device, the pair's counterpart for a trusted device; null without one. */
  devicePair: string | null;
}

const phoneKey = (areaCode: string, phone: string) => `phone:${areaCode}-${phone}`;

function deviceHash(deviceId: string | undefined): string | null {
  const id = deviceId?.trim();
  if (!id || id.length > MAX_DEVICE_ID_LENGTH) return null;
  return createHash("sha256").update(id).digest("hex");
}

export function loginKeys(areaCode: string, phone: string, ip: string, deviceId?: string): LoginKeys {
  const device = deviceHash(deviceId);
  return {
    phone: phoneKey(areaCode, phone),
    ip: `ip:${ip}`,
    pair: `pair:${areaCode}-${phone}|${ip}`,
    device,
    devicePair: device ? `device:${areaCode}-${phone}|${device}` : null,
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

/** Whether the phone has signed in on the caller's device within TRUSTED_DEVICE_MS. */
async function isTrustedDevice(sql: Sql, keys: LoginKeys, now: number): Promise<boolean> {
  if (!keys.device) return false;
  const rows = await sql.query(
    "SELECT 1 FROM auth_trusted_devices WHERE phone_key = $1 AND device_hash = $2 AND last_seen_at > $3",
    [keys.phone, keys.device, new Date(now - TRUSTED_DEVICE_MS).toISOString()],
  );
  return rows.length > 0;
}

/**
 * Whether the caller's device is trusted for this phone (it signed in there within
 * TRUSTED_DEVICE_MS): its requests for SMS codes are the owner's (sms.ts, decision 077).
 */
export function isTrustedForPhone(
  sql: Sql,
  areaCode: string,
  phone: string,
  deviceId: string | undefined,
  now: number,
): Promise<boolean> {
  return isTrustedDevice(sql, loginKeys(areaCode, phone, "", deviceId), now);
}

/** Refuses (429) a sign-in the limits do not allow now; otherwise returns. */
export async function assertLoginAllowed(sql: Sql, keys: LoginKeys, now: number) {
  const since = new Date(now - LOGIN_WINDOW_MS).toISOString();
  const ip = await failuresOf(sql, keys.ip, since);
  if (ip.count >= LOGIN_MAX_FAILURES_PER_IP && !(await isTrustedDevice(sql, keys, now)))
    throw new ApiError(Code.RATE_LIMITED, TOO_MANY_ATTEMPTS);
  const pair = await failuresOf(sql, keys.pair, since);
  if (pair.count === 0) return;
  // Others behind the address may have failed on this phone: a trusted device waits for its own
  // failures only.
  const trusted = keys.devicePair !== null && (await isTrustedDevice(sql, keys, now));
  const failures = await failuresOf(sql, trusted && keys.devicePair ? keys.devicePair : keys.phone, since);
  const wait = failures.last + phoneDelayMs(failures.count) - now;
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
  if (keys.devicePair)
    await sql.query("INSERT INTO auth_failures (key, at) VALUES ($1, $2)", [keys.devicePair, at]);
  // Old rows are useless; drop them now and then.
  if (Math.random() < 0.05) {
    await sql.query("DELETE FROM auth_failures WHERE at < $1", [
      new Date(now - LOGIN_WINDOW_MS).toISOString(),
    ]);
  }
}

/**
 * After a right password: this address's and this device's own failures on this phone no longer
 * hold them back. The phone's count and the address's count stay (others' guesses, the strict
 * address limit).
 */
export async function forgiveLoginFailures(sql: Sql, keys: LoginKeys) {
  await sql.query("DELETE FROM auth_failures WHERE key = $1 OR key = $2", [keys.pair, keys.devicePair]);
}

/**
 * After a sign-in (a right password, or a registration): the caller's device is trusted for the
 * phone for TRUSTED_DEVICE_MS from now. Nothing without a device id.
 */
export async function trustDevice(sql: Sql, keys: LoginKeys, now: number) {
  if (!keys.device) return;
  await sql.query(
    `INSERT INTO auth_trusted_devices (phone_key, device_hash, last_seen_at) VALUES ($1, $2, $3)
     ON CONFLICT (phone_key, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`,
    [keys.phone, keys.device, new Date(now).toISOString()],
  );
  // Devices not seen for long are useless; drop them now and then.
  if (Math.random() < 0.05) {
    await sql.query("DELETE FROM auth_trusted_devices WHERE last_seen_at < $1", [
      new Date(now - TRUSTED_DEVICE_MS).toISOString(),
    ]);
  }
}

/**
 * After a password reset: every failure counted on the phone is forgotten, and so is every device
 * it was trusted on (whoever knew the old password signs in again before being trusted).
 */
export async function clearPhoneFailures(sql: Sql, areaCode: string, phone: string) {
  await sql.query("DELETE FROM auth_failures WHERE key = $1 OR key LIKE $2 OR key LIKE $3", [
    phoneKey(areaCode, phone),
    `pair:${areaCode}-${phone}|%`,
    `device:${areaCode}-${phone}|%`,
  ]);
  await sql.query("DELETE FROM auth_trusted_devices WHERE phone_key = $1", [phoneKey(areaCode, phone)]);
}
