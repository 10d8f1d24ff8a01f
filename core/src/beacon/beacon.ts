import { bls12_381 } from "@noble/curves/bls12-381.js";
import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { BEACON_DST, beaconMessage, beaconRandomness, verifyBeaconSignature } from "#contract/fairness-proof";
import { DEV_FAIRNESS, type FairnessConfig } from "../platform/config";
import type { Sql } from "../platform/db";

/**
 * A public randomness beacon (decision 040): round r exists from genesis + (r - 1) x period, and
 * its value is a BLS12-381 signature (G1, RFC 9380 hashing, drand's "bls-unchained-g1-rfc9380")
 * of SHA-256(r as 8 bytes big-endian); randomness = SHA-256(signature). Both sources go through
 * the same verification (contract/fairness-proof.ts); only the public key differs.
 */
export interface Beacon {
  /** "drand-quicknet" or "sandbox": the key of the kept rounds. */
  source: string;
  publicKey: string;
  genesisMs: number;
  periodMs: number;
  scheme: "bls-unchained-g1-rfc9380";
  /** The signature of `round`, or null when it does not exist yet (or cannot be reached now). */
  signatureOf(round: number, nowMs: number): Promise<string | null>;
}

interface BeaconValue {
  source: string;
  round: number;
  signature: string;
  randomness: string;
}

/** The first beacon round whose time is strictly after `ms` (a value that did not exist at `ms`). */
export function beaconRoundAfter(beacon: Pick<Beacon, "genesisMs" | "periodMs">, ms: number): number {
  return Math.max(1, Math.floor((ms - beacon.genesisMs) / beacon.periodMs) + 2);
}

/** The first beacon round whose time is at or after `ms` (decision 078: the sealed ticket list's round). */
export function beaconRoundAtOrAfter(beacon: Pick<Beacon, "genesisMs" | "periodMs">, ms: number): number {
  return Math.max(1, Math.ceil((ms - beacon.genesisMs) / beacon.periodMs) + 1);
}

/** When a beacon round's value comes into existence. */
export function beaconTimeOf(beacon: Pick<Beacon, "genesisMs" | "periodMs">, round: number): number {
  return beacon.genesisMs + (round - 1) * beacon.periodMs;
}

/** The sandbox's genesis: 2026-01-01 00:00:00 UTC. */
const SANDBOX_GENESIS_MS = Date.UTC(2026, 0, 1);

/**
 * The local sandbox beacon (this machine reaches no beacon): a real BLS beacon with its own key,
 * one round every `periodSeconds` from its genesis, signed on demand once its time has come.
 * Unlike drand its key is the operator's, so it only shows the mechanism; production uses drand.
 */
export function sandboxBeacon(secretKeyHex: string, periodSeconds: number): Beacon {
  const sigs = bls12_381.shortSignatures;
  const secretKey = hexToBytes(secretKeyHex);
  return {
    source: "sandbox",
    publicKey: bytesToHex(sigs.getPublicKey(secretKey).toBytes()),
    genesisMs: SANDBOX_GENESIS_MS,
    periodMs: periodSeconds * 1000,
    scheme: "bls-unchained-g1-rfc9380",
    async signatureOf(round, nowMs) {
      if (beaconTimeOf(this, round) > nowMs) return null;
      return bytesToHex(sigs.sign(sigs.hash(beaconMessage(round), BEACON_DST), secretKey).toBytes());
    },
  };
}

/** drand quicknet (League of Entropy mainnet): https://docs.drand.love, chain info pinned here. */
const QUICKNET = {
  chainHash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  publicKey:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  genesisSeconds: 1692803367,
  periodSeconds: 3,
};

/** drand quicknet over HTTP (GET <url>/<chain hash>/public/<round>); a miss is retried next pass. */
export function drandBeacon(url: string, fetchImpl: typeof fetch = fetch): Beacon {
  return {
    source: "drand-quicknet",
    publicKey: QUICKNET.publicKey,
    genesisMs: QUICKNET.genesisSeconds * 1000,
    periodMs: QUICKNET.periodSeconds * 1000,
    scheme: "bls-unchained-g1-rfc9380",
    async signatureOf(round, nowMs) {
      if (beaconTimeOf(this, round) > nowMs) return null;
      try {
        const answer = await fetchImpl(`${url}/${QUICKNET.chainHash}/public/${round}`, {
          signal: AbortSignal.timeout(5000),
        });
        if (!answer.ok) return null;
        const body = (await answer.json()) as { round?: number; signature?: string };
        return body.round === round && typeof body.signature === "string"
          ? body.signature.toLowerCase()
          : null;
      } catch {
        return null;
      }
    },
  };
}

const beacons = new Map<string, Beacon>();
/** The configured beacon (one instance per configuration). */
export function beaconOf(config: FairnessConfig["beacon"] = DEV_FAIRNESS.beacon): Beacon {
  const key = JSON.stringify(config);
  let beacon = beacons.get(key);
  if (!beacon) {
    beacon =
      config.source === "drand"
        ? drandBeacon(config.drandUrl)
        : sandboxBeacon(config.sandboxKey, config.sandboxPeriodSeconds);
    beacons.set(key, beacon);
  }
  return beacon;
}

/**
 * A beacon round's value: the kept one, else fetched (or made), verified against the beacon's
 * public key, and kept. Null while the round does not exist yet; an invalid signature is never kept.
 */
export async function beaconValue(
  db: Sql,
  beacon: Beacon,
  round: number,
  nowMs: number,
): Promise<BeaconValue | null> {
  const kept = await db.query<{ signature: string; randomness: string }>(
    "SELECT signature, randomness FROM beacon_rounds WHERE source = $1 AND round = $2",
    [beacon.source, round],
  );
  if (kept[0]) return { source: beacon.source, round, ...kept[0] };
  const signature = await beacon.signatureOf(round, nowMs);
  if (!signature || !verifyBeaconSignature(beacon.publicKey, round, signature)) return null;
  const randomness = beaconRandomness(signature);
  await db.query(
    `INSERT INTO beacon_rounds (source, round, signature, randomness) VALUES ($1, $2, $3, $4)
     ON CONFLICT (source, round) DO NOTHING`,
    [beacon.source, round, signature, randomness],
  );
  return { source: beacon.source, round, signature, randomness };
}

/** What anyone needs to check this beacon's rounds (the info call, the verify view). */
export function beaconInfo(beacon: Beacon) {
  return {
    source: beacon.source,
    publicKey: beacon.publicKey,
    genesisTime: beacon.genesisMs,
    periodSeconds: beacon.periodMs / 1000,
    scheme: beacon.scheme,
    dst: BEACON_DST,
    sandbox: beacon.source === "sandbox",
  };
}
