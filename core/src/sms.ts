import { createHash, randomInt, timingSafeEqual } from "node:crypto";
import type { Logger } from "pino";
import type { SmsPurpose } from "../../contract/auth";
import { Code } from "../../contract/codes";
import type { Deps } from "./context";
import type { Db, Sql } from "./db";
import { ApiError } from "./http";

/**
 * SMS verification codes: 6 digits, single use, valid 5 minutes, at most one per phone per
 * minute and a few per address per hour; five wrong tries kill a code. Only the newest code of
 * a phone and purpose counts. Codes are stored hashed.
 */
export const SMS_TTL_MS = 5 * 60 * 1000;
export const SMS_RESEND_MS = 60 * 1000;
export const SMS_MAX_PER_IP_PER_HOUR = 10;
export const SMS_MAX_WRONG_TRIES = 5;
const SMS_LOCK = 7_144_002;

export interface SmsSender {
  send(message: { areaCode: string; phone: string; code: string; purpose: SmsPurpose }): Promise<void>;
}

/** Last code sent to each phone by the log provider in this process (tests read it). */
const lastCodes = new Map<string, string>();

/** The last code the log provider sent to `phone` (any country code when areaCode is left out). */
export function lastSmsCode(phone: string, areaCode?: string): string | undefined {
  return areaCode ? lastCodes.get(`${areaCode} ${phone}`) : lastCodes.get(phone);
}

/**
 * The default provider: the code goes to the core's log, one line per code, easy to grep:
 *   "SMS code for +91 9000000001: 123456"
 */
export function logSmsSender(log: Logger): SmsSender {
  return {
    async send({ areaCode, phone, code, purpose }) {
      lastCodes.set(`${areaCode} ${phone}`, code);
      lastCodes.set(phone, code);
      log.info({ sms: true, purpose }, `SMS code for +${areaCode} ${phone}: ${code}`);
    },
  };
}

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

export async function sendSmsCode(
  deps: Deps,
  target: { areaCode: string; phone: string; purpose: SmsPurpose; ip: string },
) {
  const now = deps.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await deps.db.tx(async (tx) => {
    // One sender at a time decides, so two quick requests cannot both pass the limits.
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SMS_LOCK]);
    const [last] = await tx.query<{ created_at: Date }>(
      "SELECT created_at FROM sms_codes WHERE area_code = $1 AND phone = $2 ORDER BY created_at DESC LIMIT 1",
      [target.areaCode, target.phone],
    );
    const wait = last ? new Date(last.created_at).getTime() + SMS_RESEND_MS - now : 0;
    if (wait > 0) {
      throw new ApiError(
        Code.RATE_LIMITED,
        `Please wait ${Math.ceil(wait / 1000)} s before asking for another code`,
      );
    }
    const [{ n }] = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sms_codes WHERE ip = $1 AND created_at > $2",
      [target.ip, new Date(now - 60 * 60 * 1000).toISOString()],
    );
    if (n >= SMS_MAX_PER_IP_PER_HOUR) {
      throw new ApiError(Code.RATE_LIMITED, "Too many codes requested from this network, try again later");
    }
    await tx.query(
      `INSERT INTO sms_codes (area_code, phone, purpose, code_hash, ip, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        target.areaCode,
        target.phone,
        target.purpose,
        hashCode(code),
        target.ip,
        new Date(now).toISOString(),
        new Date(now + SMS_TTL_MS).toISOString(),
      ],
    );
  });
  await (deps.sms ?? logSmsSender(deps.log)).send({ ...target, code });
  return { resendAfterSeconds: SMS_RESEND_MS / 1000, expiresInSeconds: SMS_TTL_MS / 1000 };
}

const WRONG_CODE = "The SMS code is wrong or has expired";

/**
 * A cheap early refusal when no live code exists, so that a guessed code costs no password hash.
 * withSmsCode checks again, for real, inside its transaction.
 */
export async function assertLiveSmsCode(
  db: Sql,
  now: number,
  target: { areaCode: string; phone: string; purpose: SmsPurpose },
) {
  const rows = await db.query(
    `SELECT 1 FROM sms_codes WHERE area_code = $1 AND phone = $2 AND purpose = $3 AND used_at IS NULL
     AND expires_at > $4 AND failed_attempts < $5 LIMIT 1`,
    [target.areaCode, target.phone, target.purpose, new Date(now).toISOString(), SMS_MAX_WRONG_TRIES],
  );
  if (rows.length === 0) throw new ApiError(Code.BAD_REQUEST, WRONG_CODE);
}

/**
 * Checks `code` and runs `action` in the same transaction: the code is used up only when the
 * action succeeds. A wrong code counts against the code even though the transaction rolls back.
 */
export async function withSmsCode<T>(
  db: Db,
  now: number,
  target: { areaCode: string; phone: string; purpose: SmsPurpose; code: string },
  action: (tx: Sql) => Promise<T>,
): Promise<T> {
  let wrongId: number | null = null;
  try {
    return await db.tx(async (tx) => {
      const [row] = await tx.query<{ id: number; code_hash: string; failed_attempts: number }>(
        `SELECT id, code_hash, failed_attempts FROM sms_codes
         WHERE area_code = $1 AND phone = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $4
         ORDER BY id DESC LIMIT 1 FOR UPDATE`,
        [target.areaCode, target.phone, target.purpose, new Date(now).toISOString()],
      );
      if (!row || row.failed_attempts >= SMS_MAX_WRONG_TRIES)
        throw new ApiError(Code.BAD_REQUEST, WRONG_CODE);
      const given = Buffer.from(hashCode(target.code));
      if (!timingSafeEqual(given, Buffer.from(row.code_hash))) {
        wrongId = row.id;
        throw new ApiError(Code.BAD_REQUEST, WRONG_CODE);
      }
      await tx.query("UPDATE sms_codes SET used_at = $2 WHERE id = $1", [
        row.id,
        new Date(now).toISOString(),
      ]);
      return action(tx);
    });
  } catch (error) {
    if (wrongId !== null) {
      await db.query("UPDATE sms_codes SET failed_attempts = failed_attempts + 1 WHERE id = $1", [wrongId]);
    }
    throw error;
  }
}
