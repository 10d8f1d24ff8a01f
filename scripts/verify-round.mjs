#!/usr/bin/env node
/**
 * Verifies one round from public data alone (docs/fairness.md, decision 040):
 *   node scripts/verify-round.mjs <site> <roundId> [commitment you kept]
 * The app serves it with its libraries bundled in at <site>/verify-round.mjs (decision 071), so a
 * player needs only Node: node verify-round.mjs <site> <roundId>.
 * It reads the round through the app's JSON mode (the verify page with Accept: application/json)
 * and the public fairness page, then recomputes here, trusting nothing it is told:
 *   1. SHA-256(seed) = the commitment (yours if given, else the published one);
 *   2. SHA-256 applied `index` times to the seed = the chain's terminal hash, which the public
 *      fairness page lists;
 *   3. the beacon's BLS12-381 signature of its round verifies under its public key
 *      (drand quicknet: bls-unchained-g1-rfc9380);
 *   4. the digit: first byte < 250 of HMAC-SHA256(seed, "roundId:randomness[:n]") mod 10, with
 *      randomness = SHA-256(signature), equals the published result.
 * Needs Node 20+ and @noble/curves and @noble/hashes (npm i @noble/curves @noble/hashes, or run it
 * from this repository after npm ci). Exit code 0 only when every check passes.
 */
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

const DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
const [site, roundId, kept] = process.argv.slice(2);
if (!site || !/^\d+$/.test(roundId ?? "")) {
  console.error(
    `usage: node ${process.argv[1].replace(`${process.cwd()}/`, "")} <site, e.g. https://play.example.com> <roundId> [commitment]`,
  );
  process.exit(2);
}
const base = site.replace(/\/+$/, "");
const getJson = async (path) => {
  const answer = await fetch(`${base}${path}`, { headers: { accept: "application/json" } });
  if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`);
  return answer.json();
};

const { round } = await getJson(`/pages/game/verify?sessionId=${roundId}`);
if (!round) throw new Error("no such round");
if (!round.settled || !round.seed) {
  console.log(
    `round ${roundId}: not drawn yet; commitment ${round.seedHash}, beacon round ${round.beacon?.round}`,
  );
  process.exit(1);
}
if (round.scheme !== 2)
  throw new Error("a round made before hash chains: use the scheme-1 command in docs/fairness.md");
const publicFacts = await getJson("/pages/game/fairness");

const seed = hexToBytes(round.seed);
const commitment = (kept ?? round.seedHash).toLowerCase();
let h = seed;
for (let i = 0; i < round.chain.index; i++) h = sha256(h);
const listed = publicFacts.chains.find((c) => c.id === round.chain.id);
const message = new Uint8Array(8);
new DataView(message.buffer).setBigUint64(0, BigInt(round.beacon.round));
const sigs = bls12_381.shortSignatures;
let beaconOk = false;
try {
  beaconOk = sigs.verify(
    hexToBytes(round.beacon.signature),
    sigs.hash(sha256(message), DST),
    hexToBytes(round.beacon.publicKey),
  );
} catch {}
const randomness = bytesToHex(sha256(hexToBytes(round.beacon.signature)));
let digit = null;
for (let n = 0; digit === null; n++) {
  const mac = hmac(sha256, seed, utf8ToBytes(`${round.id}:${randomness}${n ? `:${n}` : ""}`));
  const b = mac.find((x) => x < 250);
  if (b !== undefined) digit = b % 10;
}
const checks = {
  "seed matches the commitment": bytesToHex(sha256(seed)) === commitment,
  "seed leads to the chain's terminal hash": bytesToHex(h) === round.chain.terminalHash,
  "terminal hash is the one the fairness page publishes": listed?.terminalHash === round.chain.terminalHash,
  "beacon key is the one the fairness page publishes":
    publicFacts.beacon.publicKey === round.beacon.publicKey,
  [`beacon round ${round.beacon.round} signature verifies (${round.beacon.source})`]: beaconOk,
  [`digit ${digit} equals the published result ${round.lotteryResult}`]:
    String(digit) === round.lotteryResult,
};
for (const [what, ok] of Object.entries(checks)) console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
const verified = Object.values(checks).every(Boolean);
console.log(verified ? `round ${round.id}: Verified` : `round ${round.id}: NOT verified`);
process.exit(verified ? 0 : 1);
