/**
 * Provably fair draw (design section 4). Pure: no Node-only imports, so the browser's verify
 * page can use it through WebCrypto.
 *
 *   seed      = 32 random bytes, written as 64 lowercase hex characters
 *   seedHash  = hex(SHA-256(seed bytes))            -- published before betting opens
 *   digit     = first byte b < 250 of HMAC-SHA256(key = seed bytes, message = String(roundId)),
 *               taken in order, as b % 10; when all 32 bytes are >= 250, the message becomes
 *               roundId + ":" + counter (counter = 1, 2, ...) until a byte is accepted.
 * 250 is the largest multiple of 10 not above 256, so every digit is exactly equally likely.
 */

const SEED_PATTERN = /^[0-9a-f]{64}$/;
const ACCEPT_BELOW = 250;

/** The HMAC message for a round and retry counter (0 = first try). */
export function hmacMessage(roundId: number | bigint | string, counter: number): string {
  return counter === 0 ? String(roundId) : `${roundId}:${counter}`;
}

/** The first accepted byte of one HMAC output as a digit, or null when all 32 are rejected. */
export function digitFromBytes(bytes: Uint8Array): number | null {
  for (const b of bytes) if (b < ACCEPT_BELOW) return b % 10;
  return null;
}

/** The digit, given any HMAC-SHA256(seed, message) implementation (sync). */
export function pickDigit(hmac: (message: string) => Uint8Array, roundId: number | bigint | string): number {
  for (let counter = 0; ; counter++) {
    const digit = digitFromBytes(hmac(hmacMessage(roundId, counter)));
    if (digit !== null) return digit;
  }
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new Error("Not a hex string");
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

const subtle = () => {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error("WebCrypto is not available");
  return s;
};

/** SHA-256 commitment of a seed (WebCrypto). */
export async function seedHashOf(seedHex: string): Promise<string> {
  const digest = await subtle().digest("SHA-256", hexToBytes(seedHex));
  return bytesToHex(new Uint8Array(digest));
}

/** The round's digit from its revealed seed (WebCrypto). */
export async function deriveDigit(seedHex: string, roundId: number | bigint | string): Promise<number> {
  const key = await subtle().importKey("raw", hexToBytes(seedHex), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const encoder = new TextEncoder();
  for (let counter = 0; ; counter++) {
    const mac = await subtle().sign("HMAC", key, encoder.encode(hmacMessage(roundId, counter)));
    const digit = digitFromBytes(new Uint8Array(mac));
    if (digit !== null) return digit;
  }
}

interface VerifyInput {
  id: number | string;
  seedHash: string;
  seed: string;
  /** The published result, as a digit or its string. */
  lotteryResult: number | string;
}

interface VerifyOutcome {
  ok: boolean;
  hashMatches: boolean;
  digit: number;
  resultMatches: boolean;
}

/** Checks a revealed round: the seed matches its commitment and yields the published digit. */
export async function verifyRound(round: VerifyInput): Promise<VerifyOutcome> {
  const seed = round.seed.toLowerCase();
  if (!SEED_PATTERN.test(seed)) return { ok: false, hashMatches: false, digit: -1, resultMatches: false };
  const hashMatches = (await seedHashOf(seed)) === round.seedHash.toLowerCase();
  const digit = await deriveDigit(seed, round.id);
  const resultMatches = String(digit) === String(round.lotteryResult);
  return { ok: hashMatches && resultMatches, hashMatches, digit, resultMatches };
}
