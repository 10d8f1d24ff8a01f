/**
 * The "scrambling" of spec section 7, in the format design section 3 fixes:
 *   key K      = 12 random lowercase hex characters
 *   scrambled  = K + base64(utf8(text) XOR ascii(K), repeating K)
 *   request    = form field `data` holding scramble(query string)
 *   response   = ENCRYPTED_PREFIX + scramble(json)
 * It is obfuscation, not security: TLS is the security.
 */
const KEY_LENGTH = 12;
const KEY_PATTERN = /^[0-9a-f]{12}$/;
export const ENCRYPTED_PREFIX = "~enc1~";
/** The single form field that carries a scrambled request. */
export const ENCRYPTED_FIELD = "data";

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

function randomKey(): string {
  const bytes = new Uint8Array(KEY_LENGTH / 2);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function xor(bytes: Uint8Array, key: string): Uint8Array {
  const keyBytes = encoder.encode(key);
  const out = new Uint8Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = bytes[i] ^ keyBytes[i % KEY_LENGTH];
  return out;
}

export function scramble(text: string, key: string = randomKey()): string {
  if (!KEY_PATTERN.test(key)) throw new Error("The key must be 12 lowercase hex characters");
  return key + Buffer.from(xor(encoder.encode(text), key)).toString("base64");
}

class CodecError extends Error {
  override name = "CodecError";
}

export function unscramble(payload: string): string {
  const key = payload.slice(0, KEY_LENGTH);
  if (!KEY_PATTERN.test(key)) throw new CodecError("Scrambled text does not start with a key");
  const body = payload.slice(KEY_LENGTH);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw new CodecError("Scrambled text is not base64");
  try {
    return decoder.decode(xor(Buffer.from(body, "base64"), key));
  } catch {
    throw new CodecError("Scrambled text is not UTF-8");
  }
}

/** A response body as the upstream sends it when the request asked for encryption. */
export function scrambleResponse(json: string, key?: string): string {
  return ENCRYPTED_PREFIX + scramble(json, key);
}

export function isScrambledResponse(body: string): boolean {
  return body.startsWith(ENCRYPTED_PREFIX);
}

export function unscrambleResponse(body: string): string {
  if (!isScrambledResponse(body)) throw new CodecError("Response has no encryption prefix");
  return unscramble(body.slice(ENCRYPTED_PREFIX.length));
}

/** Flattens a flat record into the query string that a scrambled request carries. */
export function toQueryString(params: Record<string, string | number | boolean | undefined | null>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(name, String(value));
  }
  return search.toString();
}
