import { createHash, randomBytes } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { HDKey } from "@scure/bip32";
import {
  accountHashOfPublicKey,
  checkBep20Address,
  checkTrc20Address,
  checkUsdtAddress,
  evmAddressOfHash,
  isUsdtAddress,
  networkOfAddress,
  tronAddressOfHash,
} from "#contract/addresses";
import type { Network } from "#contract/wallet";

/**
 * Deposit addresses (docs/wallet.md "Deposit addresses"). Each network has one account-level
 * extended public key (BIP44: m/44'/195'/0' for TRON, m/44'/60'/0' for BSC); a player's address
 * is its child /0/<user id>, so the server derives addresses without ever holding a private key,
 * and the operator's wallet (which holds the seed) sees every deposit.
 *
 * The validators live in contract/addresses.ts (pure, shared with the app); re-exported here.
 */
export { checkBep20Address, checkTrc20Address, checkUsdtAddress, isUsdtAddress, networkOfAddress };

/** The BIP44 account path of each network (SLIP-44 coin types 195 TRON, 60 Ethereum/BSC). */
export const ACCOUNT_PATHS: Record<Network, string> = {
  TRC20: "m/44'/195'/0'",
  BEP20: "m/44'/60'/0'",
};

/** Why `xpub` cannot be an account key, or null: it must parse, be public only, at depth 3. */
export function accountXpubProblem(xpub: string): string | null {
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(xpub);
  } catch {
    return "not an extended public key (xpub...)";
  }
  if (key.privateKey) return "this is a private key (xprv): give the account's xpub, never a private key";
  if (key.depth !== 3)
    return `an account-level key (depth 3, m/44'/coin'/0') is required, this one has depth ${key.depth}`;
  return null;
}

/** Largest child index without hardening: user ids stay far below. */
const MAX_INDEX = 0x7fffffff;

/** The deposit address of child /0/<index> of an account xpub, in `network`'s format. */
export function deriveDepositAddress(xpub: string, network: Network, index: number): string {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_INDEX)
    throw new Error(`Bad address index ${index}`);
  const child = HDKey.fromExtendedKey(xpub).deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error("The key has no public key");
  const uncompressed = secp256k1.Point.fromBytes(child.publicKey).toBytes(false);
  const hash = accountHashOfPublicKey(uncompressed);
  return network === "TRC20" ? tronAddressOfHash(hash) : evmAddressOfHash(hash);
}

/** A short stable name of an xpub (which key derived an address). */
export function keyIdOf(xpub: string): string {
  return createHash("sha256").update(xpub).digest("hex").slice(0, 16);
}

/**
 * Development and sandbox: a fresh key pair's account xpubs for both networks. The seed is not
 * returned nor kept: nobody can spend what reaches these addresses (nothing real does).
 */
export function generateSandboxXpubs(): Record<Network, string> {
  const root = HDKey.fromMasterSeed(randomBytes(32));
  return {
    TRC20: root.derive(ACCOUNT_PATHS.TRC20).publicExtendedKey,
    BEP20: root.derive(ACCOUNT_PATHS.BEP20).publicExtendedKey,
  };
}
