import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type { Logger } from "pino";
import type { SmsPurpose } from "#contract/auth";
import { Code } from "#contract/codes";
import type { CoreConfig } from "../platform/config";
import type { Deps } from "../platform/context";
import type { Db, Sql } from "../platform/db";
import { ApiError } from "../platform/http";
import type { SmsMessage, SmsSender } from "../platform/sms";
import { httpSmsSender } from "./sms-http";

/**
 * SMS verification codes: 6 digits, single use, valid 5 minutes, at most one per phone per
 * minute and a few per address per hour; five wrong tries kill a code. Of a phone and purpose,
 * only the newest code the owner asked for and the newest strangers asked for count (decision
 * 079): a stranger's request no longer replaces the owner's code; using either spends both.
 * Codes are stored hashed.
 *
 * The per-phone limits (one a minute, SMS_MAX_PER_PHONE_PER_DAY a day) count the owner's requests
 * apart from strangers' (decision 077): the owner is the signed-in account, or a device trusted for
 * the phone (it signed in there, limits.ts). Strangers sharing one count, a stranger who used up a
 * phone's codes for the day no longer locks its owner out of a password reset; strangers still get
 * no more codes (and guesses) than before, and nobody becomes an owner without the password.
 *
 * Whether a phone has an account never shows in an answer, its time or its limits: every request
 * for a code is counted and recorded the same way, and what is texted depends on the account only
 * (a code, a notice that the number is already registered, or nothing), sent after the answer.
 */
const SMS_TTL_MS = 5 * 60 * 1000;
const SMS_RESEND_MS = 60 * 1000;
/** The default of SMS_MAX_PER_IP_PER_HOUR (config.smsMaxPerIpPerHour). */
export const SMS_MAX_PER_IP_PER_HOUR = 10;
/**
 * Codes (and notices) one phone is sent in a day at strangers' requests, whatever their purpose
 * (and as many more at its owner's). One a
 * minute alone let a few addresses text a phone 1,440 times a day, and try 5 guesses on each reset
 * code: 7,200 guesses a day at the 6 digits of a stranger's account, about 0.7% a day of taking it.
 */
export const SMS_MAX_PER_PHONE_PER_DAY = 10;
const SMS_MAX_WRONG_TRIES = 5;
const SMS_LOCK = 7_144_002;

/** What a request for a code texts: the code, a notice that the number has an account, or nothing. */
export type SmsDelivery = "code" | "registered-notice" | "none";

/** Last code sent to each phone by the log provider in this process (tests read it). */
const lastCodes = new Map<string, string>();

/** The last code the log provider sent to `phone` (any country code when areaCode is left out). */
export function lastSmsCode(phone: string, areaCode?: string): string | undefined {
  return areaCode ? lastCodes.get(`${areaCode} ${phone}`) : lastCodes.get(phone);
}

/** "9000000001" -> "90******01": enough for an operator to match a complaint, not to collect numbers. */
export function maskPhone(phone: string): string {
  return phone.length <= 4 ? "****" : `${phone.slice(0, 2)}${"*".repeat(phone.length - 4)}${phone.slice(-2)}`;
}

/**
 * The development provider: texts go to the core's log, one line per code, easy to grep:
 *   "SMS code for +91 9000000001: 123456"
 * With `writeCodes` false (production, where it runs only when SMS_ALLOW_LOG_PROVIDER=1) it writes
 * that a text was not sent, with the phone masked and never the code.
 */
export function logSmsSender(log: Logger, { writeCodes = true }: { writeCodes?: boolean } = {}): SmsSender {
  return {
    async send({ id, areaCode, phone, code, purpose, text, reqId }) {
      if (!writeCodes) {
        log.warn(
          { sms: true, reqId, id, purpose, to: `+${areaCode} ${maskPhone(phone)}` },
          "SMS not sent: the log provider does not write texts in production",
        );
        return;
      }
      if (code) {
        lastCodes.set(`${areaCode} ${phone}`, code);
        lastCodes.set(phone, code);
        log.info({ sms: true, reqId, purpose }, `SMS code for +${areaCode} ${phone}: ${code}`);
      } else {
        log.info({ sms: true, reqId, purpose }, `SMS to +${areaCode} ${phone}: ${text}`);
      }
    },
  };
}

/** The provider the configuration names (core/src/platform/config.ts). */
export function createSmsSender(config: CoreConfig["sms"], log: Logger): SmsSender {
  if (config.provider === "http") return httpSmsSender(config.http, log);
  return logSmsSender(log, { writeCodes: config.writeCodes });
}

/** The texts, in English (the core has no translations; the gateway may template its own). */
function smsText(delivery: Exclude<SmsDelivery, "none">, code: string): string {
  if (delivery === "code") {
    return `Your Colour Lottery verification code is ${code}. It expires in ${SMS_TTL_MS / 60_000} minutes. Never share it.`;
  }
  return "Someone asked to register this number with Colour Lottery, but it already has an account. If it was you, log in or use Forgot password.";
}

/** Texts being sent (the answer does not wait for them); the core's shutdown waits. */
const deliveries = new Set<Promise<void>>();

/** Resolves when every text handed to a provider so far has been sent or has failed. */
export async function smsDeliveriesSettled(): Promise<void> {
  await Promise.allSettled([...deliveries]);
}

function deliverLater(deps: Deps, message: SmsMessage) {
  const sender = deps.sms ?? logSmsSender(deps.log);
  const delivery = sender
    .send(message)
    .catch((err) =>
      deps.log.error(
        {
          sms: true,
          reqId: message.reqId,
          id: message.id,
          purpose: message.purpose,
          err: String((err as Error).message ?? err),
        },
        "SMS could not be sent",
      ),
    )
    .finally(() => deliveries.delete(delivery));
  deliveries.add(delivery);
}

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/**
 * Records a request for a code against the per-phone and per-address limits and, when
 * `delivery` is "code", texts a new code. Otherwise the stored hash belongs to no 6-digit code
 * (nobody can use it) and the phone gets the notice or nothing; the answer is the same.
 */
export async function sendSmsCode(
  deps: Deps,
  target: {
    areaCode: string;
    phone: string;
    purpose: SmsPurpose;
    ip: string;
    /** Asked by the phone's owner (signed in, or from a device trusted for it): its own limits. */
    owner?: boolean;
    delivery?: SmsDelivery;
    /** The asking request's id, on the delivery's log lines. */
    reqId?: string;
  },
) {
  const now = deps.now();
  const delivery = target.delivery ?? "code";
  const owner = target.owner ?? false;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const stored = delivery === "code" ? code : randomBytes(32).toString("hex");
  await deps.db.tx(async (tx) => {
    // One sender at a time decides, so two quick requests cannot both pass the limits.
    await tx.query("SELECT pg_advisory_xact_lock($1)", [SMS_LOCK]);
    const [last] = await tx.query<{ created_at: Date }>(
      `SELECT created_at FROM sms_codes WHERE area_code = $1 AND phone = $2 AND owner = $3
       ORDER BY created_at DESC LIMIT 1`,
      [target.areaCode, target.phone, owner],
    );
    const wait = last ? new Date(last.created_at).getTime() + SMS_RESEND_MS - now : 0;
    if (wait > 0) {
      throw new ApiError(
        Code.RATE_LIMITED,
        `Please wait ${Math.ceil(wait / 1000)} s before asking for another code`,
      );
    }
    const [today] = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sms_codes WHERE area_code = $1 AND phone = $2 AND owner = $4 AND created_at > $3",
      [target.areaCode, target.phone, new Date(now - 24 * 60 * 60 * 1000).toISOString(), owner],
    );
    if (today.n >= SMS_MAX_PER_PHONE_PER_DAY) {
      throw new ApiError(Code.RATE_LIMITED, "Too many codes were sent to this number today, try again later");
    }
    const [{ n }] = await tx.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM sms_codes WHERE ip = $1 AND created_at > $2",
      [target.ip, new Date(now - 60 * 60 * 1000).toISOString()],
    );
    if (n >= (deps.config.smsMaxPerIpPerHour ?? SMS_MAX_PER_IP_PER_HOUR)) {
      throw new ApiError(Code.RATE_LIMITED, "Too many codes requested from this network, try again later");
    }
    await tx.query(
      `INSERT INTO sms_codes (area_code, phone, purpose, code_hash, ip, created_at, expires_at, owner)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        target.areaCode,
        target.phone,
        target.purpose,
        hashCode(stored),
        target.ip,
        new Date(now).toISOString(),
        new Date(now + SMS_TTL_MS).toISOString(),
        owner,
      ],
    );
  });
  if (delivery !== "none") {
    deliverLater(deps, {
      id: randomUUID(),
      areaCode: target.areaCode,
      phone: target.phone,
      purpose: target.purpose,
      text: smsText(delivery, code),
      code: delivery === "code" ? code : undefined,
      reqId: target.reqId,
    });
  }
  return { resendAfterSeconds: SMS_RESEND_MS / 1000, expiresInSeconds: SMS_TTL_MS / 1000 };
}

export const WRONG_SMS_CODE = "The SMS code is wrong or has expired";

/**
 * A cheap early refusal when no live code exists, so that a guessed code costs no password hash.
 * withSmsCode checks again, for real, inside its transaction. It asks, as before decision 079,
 * whether any code of the phone and purpose is live, of either class: an answer's time says no
 * more than it did about the owner's code.
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
  if (rows.length === 0) throw new ApiError(Code.BAD_REQUEST, WRONG_SMS_CODE);
}

/** What withSmsCode's transaction answers for a wrong code (committed, unlike a failed action). */
const WRONG = Symbol("wrong SMS code");

/** A live code a check compares with: the newest unused, unexpired one of its class. */
interface LiveCode {
  id: number;
  code_hash: string;
  failed_attempts: number;
  owner: boolean;
}

/**
 * Checks `code` and runs `action` in the same transaction: the code is used up only when the
 * action succeeds. The code may be the newest unused, unexpired code of either class of the phone
 * and purpose, the owner's or strangers' (decision 079), so that a stranger's request does not
 * replace the code its owner was sent; older codes of a class count for nothing. A wrong code
 * counts against every code it was compared with (five kill them), in the transaction that
 * compared it; a right one spends every code of the phone and purpose, so the other cannot be
 * used after it.
 */
export async function withSmsCode<T>(
  db: Db,
  now: number,
  target: { areaCode: string; phone: string; purpose: SmsPurpose; code: string },
  action: (tx: Sql) => Promise<T>,
): Promise<T> {
  const result = await db.tx(async (tx): Promise<T | typeof WRONG> => {
    const at = new Date(now).toISOString();
    // Every live row is locked (a few at most: one a minute per class, 5 minutes each), so two
    // checks of the same phone and purpose take turns; the newest of each class is kept.
    const rows = await tx.query<LiveCode>(
      `SELECT id, code_hash, failed_attempts, owner FROM sms_codes
       WHERE area_code = $1 AND phone = $2 AND purpose = $3 AND used_at IS NULL AND expires_at > $4
       ORDER BY id DESC FOR UPDATE`,
      [target.areaCode, target.phone, target.purpose, at],
    );
    const live = [rows.find((r) => r.owner), rows.find((r) => !r.owner)].filter(
      (r): r is LiveCode => r !== undefined && r.failed_attempts < SMS_MAX_WRONG_TRIES,
    );
    if (live.length === 0) return WRONG;
    const given = Buffer.from(hashCode(target.code));
    // Compared with each, without stopping at a match: the time does not say which matched.
    const right = live.filter((r) => timingSafeEqual(given, Buffer.from(r.code_hash)));
    if (right.length === 0) {
      // Counted before the rows are unlocked (this transaction commits it, nothing else is done):
      // checks arriving together cannot all see the count from before them.
      await tx.query(
        "UPDATE sms_codes SET failed_attempts = failed_attempts + 1 WHERE id = ANY($1::bigint[])",
        [live.map((r) => r.id)],
      );
      return WRONG;
    }
    await tx.query(
      `UPDATE sms_codes SET used_at = $4
       WHERE area_code = $1 AND phone = $2 AND purpose = $3 AND used_at IS NULL`,
      [target.areaCode, target.phone, target.purpose, at],
    );
    return action(tx);
  });
  if (result === WRONG) throw new ApiError(Code.BAD_REQUEST, WRONG_SMS_CODE);
  return result;
}
