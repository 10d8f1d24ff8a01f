import { createPublicKey, verify } from "node:crypto";
import type { Sql } from "../platform/db";
import type { Fairness } from "./fairness-keys";
import { CREATION_LOCK, appendLog } from "./fairness-log";

/** True when `signatureHex` is the Ed25519 signature of `body` under the raw public key (hex). */
function signedBy(publicKeyHex: string, body: string, signatureHex: string): boolean {
  const key = createPublicKey({
    key: Buffer.from(`302a300506032b6570032100${publicKeyHex}`, "hex"),
    format: "der",
    type: "spki",
  });
  return verify(null, Buffer.from(body), key, Buffer.from(signatureHex, "hex"));
}

/** The public key a hand-over entry names, if the body is one. */
function handedTo(body: string): string | null {
  try {
    const value = JSON.parse(body) as { kind?: unknown; publicKey?: unknown };
    return value.kind === "key" && typeof value.publicKey === "string" ? value.publicKey : null;
  } catch {
    return null;
  }
}

/**
 * The public log's signing key at start-up (decision 057; docs/fairness.md, "Keys"). Players
 * and archivers check each entry with the key that signed the entries before it, so a core must
 * not sign on with another key unannounced:
 * - the newest entry signed with FAIRNESS_LOG_KEY, or a hand-over naming it: the core may start;
 * - signed with a key of FAIRNESS_LOG_KEY_PREVIOUS: that key signs a hand-over entry naming the
 *   new public key (kind "key"), and the core signs on with the new key;
 * - else the core must not start: the answer says why and what to do.
 */
export async function handOverLogKey(tx: Sql, f: Fairness, nowMs: number): Promise<string | null> {
  const last = await newestUnlessSignedOn(tx, f);
  if (!last) return null;
  const before = f.previousLogKeys.find((k) => signedBy(k.publicKey, last.body, last.signature));
  if (before) {
    await appendLog(tx, f, { kind: "key", publicKey: f.logPublicKey }, nowMs, before.key);
    return null;
  }
  return (
    `FAIRNESS_LOG_KEY (public key ${f.logPublicKey}) did not sign the newest entry of this database's public ` +
    `fairness log (entry ${last.seq}): players and archivers check the log with the key that did. Set ` +
    "FAIRNESS_LOG_KEY back; to change it on purpose, put the old key in FAIRNESS_LOG_KEY_PREVIOUS, and the " +
    "core announces the new key in the log with an entry signed by the old one. Only if the old key is lost " +
    "for good: node build/core/admin.js fairness announce-log-key (docs/operations.md)."
  );
}

/**
 * Locks the log and reads its newest entry, unless the core's key may sign on after it (it signed
 * it, or a hand-over names it): then null.
 */
async function newestUnlessSignedOn(tx: Sql, f: Fairness) {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [CREATION_LOCK]);
  const [last] = await tx.query<{ seq: number; body: string; signature: string }>(
    "SELECT seq, body, signature FROM fairness_log ORDER BY seq DESC LIMIT 1",
  );
  if (!last) return null;
  const signedOn =
    signedBy(f.logPublicKey, last.body, last.signature) || handedTo(last.body) === f.logPublicKey;
  return signedOn ? null : last;
}

/**
 * After a lost log key only: the new key announces itself in a hand-over entry it signs itself,
 * which tells every archiver that the old key did not vouch for it. Answers the entry's seq, or
 * null when the key may sign on already.
 */
export async function announceLogKey(tx: Sql, f: Fairness, nowMs: number): Promise<number | null> {
  if (!(await newestUnlessSignedOn(tx, f))) return null;
  return appendLog(tx, f, { kind: "key", publicKey: f.logPublicKey }, nowMs);
}
