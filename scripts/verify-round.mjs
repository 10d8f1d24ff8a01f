#!/usr/bin/env node
/**
 * Verifies one round, or one day's jackpot draw, from public data alone (docs/fairness.md,
 * decisions 040 and 076):
 *   node scripts/verify-round.mjs <site> <roundId> [commitment you kept]
 *   node scripts/verify-round.mjs <site> jackpot <dayNo>
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
 * A jackpot day (yesterday's jackpot page's JSON): SHA-256(seed) = the hash published before the
 * day; the ticket list is the one sealed before the beacon round (decision 078: SHA-256 of its
 * lines "no:phone:tickets" joined by "\n" = the sealed hash, its ranges follow from its counts);
 * the beacon round is the one the rule names (the first whose time is at least the seal's time
 * plus the margin and after the day's end; the first after the day's end for a day committed
 * before 078) and its signature verifies under the key the fairness page publishes; the winners
 * recomputed from seed, randomness and ticket list (docs/jackpot.md) are the published ones
 * (these jackpot checks are contract/jackpot-proof.mjs, which the yesterday page runs too).
 * Needs Node 20+ and @noble/curves and @noble/hashes (npm i @noble/curves @noble/hashes, or run it
 * from this repository after npm ci). Exit code 0 only when every check passes.
 */
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import {
  jackpotWinners,
  namedBeaconRound,
  seedMatchesHash,
  ticketListMatchesSeal,
} from "../contract/jackpot-proof.mjs";

const DST = "BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_";
const [site, roundId, kept] = process.argv.slice(2);
const jackpotDay = roundId === "jackpot" ? kept : undefined;
if (!site || (jackpotDay === undefined ? !/^\d+$/.test(roundId ?? "") : !/^\d+$/.test(jackpotDay))) {
  const me = process.argv[1].replace(`${process.cwd()}/`, "");
  console.error(
    `usage: node ${me} <site, e.g. https://play.example.com> <roundId> [commitment]\n       node ${me} <site> jackpot <dayNo>`,
  );
  process.exit(2);
}
const base = site.replace(/\/+$/, "");
const getJson = async (path) => {
  const answer = await fetch(`${base}${path}`, { headers: { accept: "application/json" } });
  if (!answer.ok) throw new Error(`${path}: HTTP ${answer.status}`);
  return answer.json();
};

/** True when `signatureHex` is the beacon's BLS signature of `round` under `publicKeyHex`. */
function beaconSigned(publicKeyHex, round, signatureHex) {
  const message = new Uint8Array(8);
  new DataView(message.buffer).setBigUint64(0, BigInt(round));
  const sigs = bls12_381.shortSignatures;
  try {
    return sigs.verify(hexToBytes(signatureHex), sigs.hash(sha256(message), DST), hexToBytes(publicKeyHex));
  } catch {
    return false;
  }
}

/** Prints the checks and exits 0 only when all pass. */
function report(name, checks) {
  for (const [what, ok] of Object.entries(checks)) console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  const verified = Object.values(checks).every(Boolean);
  console.log(verified ? `${name}: Verified` : `${name}: NOT verified`);
  process.exit(verified ? 0 : 1);
}

if (jackpotDay !== undefined) {
  const { draw } = await getJson(`/pages/jackpot/yesterdayJackpot/yesterdayJackpot?dayNo=${jackpotDay}`);
  if (!draw) throw new Error("no draw for that day");
  const publicFacts = await getJson("/pages/game/fairness");
  const b = draw.beacon;
  const sealed = draw.ticketsCommitment;
  const checks = { "seed matches the hash published before the day": seedMatchesHash(draw) };
  let randomness = null;
  if (b) {
    randomness = bytesToHex(sha256(hexToBytes(b.signature)));
    checks["beacon key is the one the fairness page publishes"] =
      publicFacts.beacon.publicKey === b.publicKey;
    // Decision 078: the first round at least the margin after the seal, never before the first after the day's end.
    const named = namedBeaconRound(draw, publicFacts.beacon);
    const rule = sealed
      ? `the first at least ${sealed.marginSeconds} s after the ticket list was sealed (${new Date(sealed.committedTime).toISOString()}) and after the day's end`
      : "the first after the day's end";
    checks[`beacon round ${b.round} is ${rule}`] =
      b.round === named && (!sealed || sealed.beaconRound === named);
    checks[`beacon round ${b.round} signature verifies (${b.source})`] = beaconSigned(
      b.publicKey,
      b.round,
      b.signature,
    );
  } else
    console.log(`day ${draw.dayNo} was committed before the beacon took part: drawn from its seed alone`);
  if (sealed)
    checks["ticket list matches the hash sealed before the beacon round"] = ticketListMatchesSeal(draw);
  if (draw.sealedListAccepted)
    console.log(
      `day ${draw.dayNo}: its settled bets changed after the seal; the operator accepted the sealed list at ${new Date(draw.sealedListAccepted.acceptedTime).toISOString()} and the day was drawn from it (decision 080)`,
    );
  else
    console.log(
      `day ${draw.dayNo} was committed before ticket lists were sealed: its list was read at the draw`,
    );
  const winners = jackpotWinners(draw, randomness);
  checks[`winners ${winners.join(" ") || "(none)"} are the published ones`] =
    winners.join(" ") === draw.winners.map((w) => w.no).join(" ") ||
    (draw.winners.length === 0 && draw.paid === 0);
  report(`jackpot day ${draw.dayNo}`, checks);
}

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
const beaconOk = beaconSigned(round.beacon.publicKey, round.beacon.round, round.beacon.signature);
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
report(`round ${round.id}`, checks);
