/**
 * The draw's proof, checkable by anyone from public data (docs/fairness.md, decision 040). Pure,
 * no zod, no Node-only imports: the core (settlement, the chain), the BFF (the verify page) and
 * scripts/verify-round.mjs (its plain-JS twin) compute exactly this.
 *
 *   Hash chain (per room and lane): seed_k = 32 bytes; commitment_k = SHA-256(seed_k) = seed_{k-1};
 *   commitment_1 = SHA-256(seed_1) = seed_0 = the chain's terminal hash, published first. So
 *   SHA-256 applied k times to seed_k gives the terminal hash.
 *   Beacon: round r's signature is a BLS12-381 signature on G1 of SHA-256(r as 8 bytes big-endian)
 *   with the DST of RFC 9380 (drand quicknet, "bls-unchained-g1-rfc9380"); randomness = SHA-256(sig).
 *   Digit (scheme 2): the first byte b < 250 of HMAC-SHA256(key = seed bytes,
 *   message = roundId ":" randomness hex [":" counter]) gives b mod 10.
 */
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/** drand quicknet's domain separation tag for hashing a round onto G1. */
export const BEACON_DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
const HEX64 = /^[0-9a-f]{64}$/;

/** SHA-256 of hex bytes, as hex. */
export function sha256Hex(hex: string): string {
  return bytesToHex(sha256(hexToBytes(hex)));
}

/** The message a beacon signs for a round: SHA-256 of the round as an 8-byte big-endian number. */
export function beaconMessage(round: number): Uint8Array {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, BigInt(round));
  return sha256(bytes);
}

/** True when `signatureHex` is the beacon's BLS signature of `round` under `publicKeyHex`. */
export function verifyBeaconSignature(publicKeyHex: string, round: number, signatureHex: string): boolean {
  try {
    const sigs = bls12_381.shortSignatures;
    return sigs.verify(
      hexToBytes(signatureHex),
      sigs.hash(beaconMessage(round), BEACON_DST),
      hexToBytes(publicKeyHex),
    );
  } catch {
    return false;
  }
}

/** A beacon round's randomness: SHA-256 of its signature. */
export function beaconRandomness(signatureHex: string): string {
  return sha256Hex(signatureHex);
}

/** The digit of a scheme-2 round from its seed and its beacon round's randomness. */
export function digitOf(seedHex: string, roundId: number | string, randomnessHex: string): number {
  const key = hexToBytes(seedHex);
  for (let counter = 0; ; counter++) {
    const message = `${roundId}:${randomnessHex}${counter ? `:${counter}` : ""}`;
    const mac = hmac(sha256, key, utf8ToBytes(message));
    for (const b of mac) if (b < 250) return b % 10;
  }
}

/** Hashes `seedHex` `steps` times (the walk from a chain's seed to its terminal hash). */
export function hashSteps(seedHex: string, steps: number): string {
  let h = hexToBytes(seedHex);
  for (let i = 0; i < steps; i++) h = sha256(h);
  return bytesToHex(h);
}

/** What the verify view, the script and the tests check about one round. */
interface RoundProofInput {
  roundId: number | string;
  /** The commitment the player kept (their bet's), else the published one. */
  commitment: string;
  seed: string | null;
  result: number | string | null;
  chain: { terminalHash: string; index: number } | null;
  beacon: { publicKey: string; round: number; signature: string | null } | null;
}

interface RoundProof {
  /** SHA-256(seed) equals the commitment. */
  seedMatches: boolean | null;
  /** SHA-256 applied `index` times to the seed gives the chain's published terminal hash. */
  chainMatches: boolean | null;
  /** The beacon's BLS signature of its round verifies under its public key. */
  beaconMatches: boolean | null;
  digit: number | null;
  resultMatches: boolean | null;
  ok: boolean;
}

/** Checks a revealed scheme-2 round; null checks mean "not revealed yet". */
export function checkRound(p: RoundProofInput): RoundProof {
  const seed = p.seed?.toLowerCase() ?? null;
  if (!seed || !HEX64.test(seed)) {
    const none = {
      seedMatches: null,
      chainMatches: null,
      beaconMatches: null,
      digit: null,
      resultMatches: null,
    };
    return { ...none, seedMatches: seed ? false : null, ok: false };
  }
  const seedMatches = sha256Hex(seed) === p.commitment.toLowerCase();
  const chainMatches = p.chain ? hashSteps(seed, p.chain.index) === p.chain.terminalHash.toLowerCase() : null;
  const signature = p.beacon?.signature ?? null;
  const beaconMatches =
    p.beacon && signature ? verifyBeaconSignature(p.beacon.publicKey, p.beacon.round, signature) : null;
  const digit = signature ? digitOf(seed, p.roundId, beaconRandomness(signature)) : null;
  const resultMatches = digit === null || p.result === null ? null : String(digit) === String(p.result);
  return {
    seedMatches,
    chainMatches,
    beaconMatches,
    digit,
    resultMatches,
    ok: seedMatches && chainMatches === true && beaconMatches === true && resultMatches === true,
  };
}

/** The verify call's answer (contract/game.ts verifyResultSchema), as far as the proof needs it. */
interface PublicRound {
  id: number;
  seedHash: string;
  seed: string | null;
  lotteryResult: string | null;
  chain?: { index: number; terminalHash: string } | null;
  beacon?: { publicKey: string; round: number; signature: string | null } | null;
}

/** The proof's input from the verify call's answer, against `commitment` (the player's copy) if given. */
export function proofInputOf(v: PublicRound, commitment?: string | null): RoundProofInput {
  return {
    roundId: v.id,
    commitment: commitment ?? v.seedHash,
    seed: v.seed,
    result: v.lotteryResult,
    chain: v.chain ? { index: v.chain.index, terminalHash: v.chain.terminalHash } : null,
    beacon: v.beacon
      ? { publicKey: v.beacon.publicKey, round: v.beacon.round, signature: v.beacon.signature }
      : null,
  };
}
