import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { createBase58check } from "@scure/base";

/**
 * USDT address checks per network (spec section 9: TRC20 and BEP20), shared by the core and the
 * BFF. A minimal version (the recharge work brings the full one with the same names).
 *
 * - TRC20 (Tron): base58check of 25 bytes, version byte 0x41, so it starts with "T".
 * - BEP20 (BNB Smart Chain, Ethereum format): "0x" and 40 hex digits; when the letters are mixed
 *   case they must follow the EIP-55 checksum; all lower or all upper case carries no checksum.
 */
const base58check = createBase58check(sha256);

export function isTrc20Address(s: string): boolean {
  if (typeof s !== "string" || !/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(s)) return false;
  try {
    const bytes = base58check.decode(s);
    return bytes.length === 21 && bytes[0] === 0x41;
  } catch {
    return false;
  }
}

export function isBep20Address(s: string): boolean {
  if (typeof s !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(s)) return false;
  const hex = s.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  return toChecksumAddress(hex.toLowerCase()) === s;
}

/** The EIP-55 spelling of a 40-hex-digit address (lower case in). */
export function toChecksumAddress(lowerHex: string): string {
  const hash = keccak_256(new TextEncoder().encode(lowerHex));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? lowerHex[i].toUpperCase() : lowerHex[i];
  }
  return out;
}
