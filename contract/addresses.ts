import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { createBase58check } from "@scure/base";
import type { Network } from "./wallet";

/**
 * USDT addresses of the two networks (spec section 9: TRC20 and BEP20), pure and browser-safe so
 * that the core (deposit addresses, withdrawals) and the app (the withdrawal form's instant check)
 * share one rule.
 *
 * - TRC20 (TRON): base58check (double SHA-256 checksum) of 21 bytes, the version byte 0x41 then
 *   the 20-byte account hash; always 34 characters starting with "T".
 * - BEP20 (BNB Smart Chain, an EVM chain): "0x" and 40 hex digits, the 20-byte account hash.
 *   Mixed case must be the EIP-55 checksum exactly (one wrong letter is refused). An address in
 *   one case only (all lowercase or all uppercase hex) carries no checksum; EIP-55 accepts it and
 *   so do we, because exchanges and wallets hand out lowercase addresses; it is then shown and
 *   stored in its checksummed form.
 *
 * A TRON address typed where BEP20 is asked (and back) is told apart from a mistyped one, so the
 * form can say "this is a TRC20 address": a deposit or withdrawal to the wrong network is lost.
 */

const base58check = createBase58check(sha256);

/** The version byte of TRON mainnet addresses. */
const TRON_VERSION = 0x41;

type AddressProblem =
  /** Nothing typed. */
  | "empty"
  /** Not the network's shape (length, alphabet, prefix). */
  | "format"
  /** The right shape but its checksum does not match: a typo. */
  | "checksum"
  /** A valid address of the other network. */
  | "wrongNetwork";

type AddressCheck = { ok: true; address: string } | { ok: false; problem: AddressProblem };

/** Messages for the problems, in English (the app shows its own translations). */

/** EIP-55: the 40 hex digits with a letter uppercased where the keccak-256 of the lowercase hex has a nibble >= 8. */
export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase().replace(/^0x/, "");
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new Error("Expected 20 bytes of hex");
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = "0x";
  for (let i = 0; i < 40; i++) out += Number.parseInt(hash[i], 16) >= 8 ? lower[i].toUpperCase() : lower[i];
  return out;
}

/** The BEP20 (EVM) address of a 20-byte account hash, EIP-55 checksummed. */
export function evmAddressOfHash(hash20: Uint8Array): string {
  if (hash20.length !== 20) throw new Error("Expected a 20-byte account hash");
  return toChecksumAddress(bytesToHex(hash20));
}

/** The TRON address of a 20-byte account hash: base58check(0x41 ‖ hash). */
export function tronAddressOfHash(hash20: Uint8Array): string {
  if (hash20.length !== 20) throw new Error("Expected a 20-byte account hash");
  const payload = new Uint8Array(21);
  payload[0] = TRON_VERSION;
  payload.set(hash20, 1);
  return base58check.encode(payload);
}

/** The 20-byte account hash of an uncompressed secp256k1 public key (65 bytes, 0x04 ‖ x ‖ y): keccak-256 of x ‖ y, last 20 bytes. */
export function accountHashOfPublicKey(uncompressed: Uint8Array): Uint8Array {
  if (uncompressed.length !== 65 || uncompressed[0] !== 0x04)
    throw new Error("Expected an uncompressed public key");
  return keccak_256(uncompressed.subarray(1)).subarray(12);
}

const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

/**
 * What both networks check first, on the trimmed address: empty; not of `shape`, when it is a
 * valid address of the other network (of `otherShape`, and `otherCheck` accepts it) wrongNetwork,
 * else format. Null when the address has the shape and the network's own checks go on.
 */
function shapeRefusal(
  text: string,
  shape: RegExp,
  otherShape: RegExp,
  otherCheck: (text: string) => AddressCheck,
): AddressCheck | null {
  if (!text) return { ok: false, problem: "empty" };
  if (shape.test(text)) return null;
  return { ok: false, problem: otherShape.test(text) && otherCheck(text).ok ? "wrongNetwork" : "format" };
}

/** A TRC20 (TRON) address: "T", base58, 34 characters, version 0x41, checksum right. */
export function checkTrc20Address(raw: string): AddressCheck {
  const text = raw.trim();
  const refused = shapeRefusal(text, TRON_SHAPE, EVM_SHAPE, checkBep20Address);
  if (refused) return refused;
  let payload: Uint8Array;
  try {
    payload = base58check.decode(text);
  } catch {
    return { ok: false, problem: "checksum" };
  }
  if (payload.length !== 21 || payload[0] !== TRON_VERSION) return { ok: false, problem: "format" };
  return { ok: true, address: text };
}

/** A BEP20 address: "0x" and 40 hex digits; mixed case must match EIP-55; answered checksummed. */
export function checkBep20Address(raw: string): AddressCheck {
  const text = raw.trim();
  const refused = shapeRefusal(text, EVM_SHAPE, TRON_SHAPE, checkTrc20Address);
  if (refused) return refused;
  const hex = text.slice(2);
  const checksummed = toChecksumAddress(hex);
  const oneCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  if (!oneCase && checksummed !== text) return { ok: false, problem: "checksum" };
  return { ok: true, address: checksummed };
}

/** The address checked against `network`'s rules (see above). */
export function checkUsdtAddress(network: Network, raw: string): AddressCheck {
  return network === "TRC20" ? checkTrc20Address(raw) : checkBep20Address(raw);
}

/** True for a valid address of `network` (in its canonical form). */
export function isUsdtAddress(network: Network, raw: string): boolean {
  return checkUsdtAddress(network, raw).ok;
}

/** The network a valid address belongs to, or null. */
export function networkOfAddress(raw: string): Network | null {
  if (checkTrc20Address(raw).ok) return "TRC20";
  if (checkBep20Address(raw).ok) return "BEP20";
  return null;
}

/** The 20-byte account hash behind a valid address of either network (the same key gives the same hash on both). */
export function accountHashOfAddress(raw: string): Uint8Array | null {
  const text = raw.trim();
  if (checkTrc20Address(text).ok) return base58check.decode(text).subarray(1);
  if (checkBep20Address(text).ok) return hexToBytes(text.slice(2).toLowerCase());
  return null;
}

/** True for a valid TRC20 (TRON) address: base58check, version 0x41, 25 bytes. */
export function isTrc20Address(raw: string): boolean {
  return checkTrc20Address(raw).ok;
}

/** True for a valid BEP20 (EVM) address: 0x and 40 hex digits, EIP-55 checksummed when mixed case. */
export function isBep20Address(raw: string): boolean {
  return checkBep20Address(raw).ok;
}
