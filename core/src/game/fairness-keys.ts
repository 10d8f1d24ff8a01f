import {
  type KeyObject,
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  randomBytes,
} from "node:crypto";
import type { Logger } from "pino";
import { type Beacon, beaconOf } from "../beacon/beacon";
import { DEV_FAIRNESS, type FairnessConfig } from "../platform/config";

/** The draw's keys, beacon and limits, made once per configuration (decision 040). */
export interface Fairness {
  /** AES-256-GCM key of the seeds of unplayed rounds (and chains' top seeds). */
  seedKey: Buffer;
  /** The keys that open a sealed seed: seedKey first, then the ones before a rotation. */
  openKeys: Buffer[];
  /** Signs the public log (Ed25519). */
  logKey: KeyObject;
  /** The log's public key, raw 32 bytes as hex (documented in docs/fairness.md). */
  logPublicKey: string;
  /** Log keys before a rotation (FAIRNESS_LOG_KEY_PREVIOUS): one of them hands the log over. */
  previousLogKeys: LogKey[];
  chainLength: number;
  rtpCeiling: number;
  beacon: Beacon;
  /** Where alarms are written besides fairness_alarms (the scheduler's logger). */
  log?: Pick<Logger, "error">;
}

const ED25519_PKCS8_PREFIX = "302e020100300506032b657004220420";

interface LogKey {
  key: KeyObject;
  /** Raw 32 bytes as hex. */
  publicKey: string;
}

/** An Ed25519 log key from its 32-byte seed (hex), with its public half. */
function logKeyOf(seedHex: string): LogKey {
  const key = createPrivateKey({
    key: Buffer.from(ED25519_PKCS8_PREFIX + seedHex, "hex"),
    format: "der",
    type: "pkcs8",
  });
  const spki = createPublicKey(key).export({ format: "der", type: "spki" });
  return { key, publicKey: spki.subarray(spki.length - 32).toString("hex") };
}

const made = new Map<string, Fairness>();
/** The fairness of a core configuration (tests' partial configs get the development keys). */
export function fairnessOf(config?: { fairness?: FairnessConfig }, log?: Fairness["log"]): Fairness {
  const c = config?.fairness ?? DEV_FAIRNESS;
  const key = JSON.stringify(c);
  let f = made.get(key);
  if (!f) {
    const log = logKeyOf(c.logKey);
    const seedKey = Buffer.from(c.seedKey, "hex");
    f = {
      seedKey,
      openKeys: [seedKey, ...(c.previousSeedKeys ?? []).map((key) => Buffer.from(key, "hex"))],
      logKey: log.key,
      logPublicKey: log.publicKey,
      previousLogKeys: (c.previousLogKeys ?? []).map(logKeyOf),
      chainLength: c.chainLength,
      rtpCeiling: c.rtpCeiling,
      beacon: beaconOf(c.beacon),
    };
    made.set(key, f);
  }
  return log ? { ...f, log } : f;
}

/** Encrypts a secret seed for storage: "v1:" iv, tag and ciphertext in hex (AES-256-GCM). */
export function sealSeed(f: Pick<Fairness, "seedKey">, seedHex: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", f.seedKey, iv);
  cipher.setAAD(Buffer.from(context));
  const ct = Buffer.concat([cipher.update(Buffer.from(seedHex, "hex")), cipher.final()]);
  return `v1:${iv.toString("hex")}:${cipher.getAuthTag().toString("hex")}:${ct.toString("hex")}`;
}

/**
 * The seed back from sealSeed, opened with the first of the keys that authenticates it (the
 * current key, then the ones before a rotation); throws when none does, or the context or the
 * text is wrong.
 */
export function openSeed(f: Pick<Fairness, "openKeys">, sealed: string, context: string): string {
  const [version, iv, tag, ct] = sealed.split(":");
  if (version !== "v1" || !iv || !tag || !ct) throw new Error("Not a sealed seed");
  for (const key of f.openKeys) {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "hex"));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, "hex"));
    try {
      return Buffer.concat([decipher.update(Buffer.from(ct, "hex")), decipher.final()]).toString("hex");
    } catch {
      // Not sealed with this key (GCM's tag does not match): try the next one.
    }
  }
  throw new Error("No seed key opens this sealed seed (FAIRNESS_SEED_KEY, FAIRNESS_SEED_KEY_PREVIOUS)");
}
