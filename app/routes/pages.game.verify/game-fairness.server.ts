/**
 * Recomputes a round's digit from its revealed seed, with the documented algorithm, so that the
 * verify page does not take the upstream's word for it:
 *   seed is 64 hex characters; key = its 32 bytes; seedHash = hex(SHA-256(seed bytes)).
 *   HMAC-SHA256(key = seed bytes, message = String(roundId)); take the 32 bytes in order, skip any
 *   byte >= 250 (so that 0–9 stay equally likely), digit = byte % 10; if all 32 are skipped,
 *   HMAC again with message roundId + ":" + counter (counter = 1, 2, …).
 */
import { createHash, createHmac } from "node:crypto";
import { checkRound, proofInputOf } from "#contract/fairness-proof";
import type { VerifyResult } from "#contract/game";

/** The seed's bytes: hex-decoded (the documented form), or its UTF-8 text if it is not hex. */
function seedKey(seed: string): Buffer {
  return /^(?:[0-9a-fA-F]{2})+$/.test(seed) ? Buffer.from(seed, "hex") : Buffer.from(seed, "utf8");
}

export function digitFromSeed(seed: string, roundId: string | number): number {
  const key = seedKey(seed);
  for (let counter = 0; counter < 1000; counter++) {
    const message = counter === 0 ? String(roundId) : `${roundId}:${counter}`;
    const bytes = createHmac("sha256", key).update(message).digest();
    for (const byte of bytes) if (byte < 250) return byte % 10;
  }
  throw new Error("No digit after 1000 rounds of HMAC");
}

export function seedHashOf(seed: string): string {
  return createHash("sha256").update(seedKey(seed)).digest("hex");
}

/** Quotes a value for a POSIX shell. */
function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** One line anyone can paste into a shell with Node installed to recompute the digit. */
export function verifyCommand(seed: string, roundId: string | number): string {
  const script =
    "const c=require('crypto');const [h,r]=process.argv.slice(1);const s=Buffer.from(h,'hex');" +
    "for(let n=0;;n++){const m=n?r+':'+n:r;" +
    "const b=c.createHmac('sha256',s).update(m).digest().find(x=>x<250);" +
    "if(b!==undefined){console.log(b%10);break}}";
  return `node -e ${shellQuote(script)} ${shellQuote(seed)} ${shellQuote(String(roundId))}`;
}

type Verification = {
  roundId: string;
  seedHash: string;
  seed: string | null;
  /** SHA-256 of the revealed seed matches the committed hash. */
  hashMatches: boolean | null;
  recomputedDigit: number | null;
  publishedDigit: number | null;
  digitMatches: boolean | null;
  command: string | null;
};

export function verifyRound(round: {
  id: string | number;
  seedHash: string;
  seed?: string | null;
  lotteryResult?: unknown;
}): Verification {
  const seed = round.seed ? String(round.seed) : null;
  const published =
    round.lotteryResult === null || round.lotteryResult === undefined || round.lotteryResult === ""
      ? null
      : Number(round.lotteryResult);
  const recomputed = seed ? digitFromSeed(seed, round.id) : null;
  return {
    roundId: String(round.id),
    seedHash: round.seedHash,
    seed,
    hashMatches: seed ? seedHashOf(seed) === round.seedHash.toLowerCase() : null,
    recomputedDigit: recomputed,
    publishedDigit: Number.isInteger(published) ? published : null,
    digitMatches: recomputed !== null && Number.isInteger(published) ? recomputed === published : null,
    command: seed ? verifyCommand(seed, round.id) : null,
  };
}

/**
 * One line anyone with Node can paste to recompute a chained round from the values the page
 * shows, with node:crypto alone (nothing to download): it prints the
 * commitment (SHA-256 of the seed), the chain's end (SHA-256 applied `index` times), the beacon's
 * randomness (SHA-256 of the signature's bytes) and the digit (the first byte below 250 of
 * HMAC-SHA256(seed bytes, roundId ":" randomness [":" counter]), modulo 10). Null until the seed
 * and the signature are public. The BLS signature itself needs a pairing library: the page's own
 * check and the script do that.
 */
function chainedVerifyCommand(round: VerifyResult): string | null {
  const signature = round.beacon?.signature;
  if (!round.seed || !signature || !round.chain) return null;
  // Double quotes inside: the line is single-quoted for the shell.
  const script =
    'const c=require("crypto"),[id,s,k,g]=process.argv.slice(1),h=b=>c.createHash("sha256").update(b).digest(),key=Buffer.from(s,"hex");' +
    'let x=key;for(let i=0;i<Number(k);i++)x=h(x);const r=h(Buffer.from(g,"hex")).toString("hex");' +
    'console.log("commitment "+h(key).toString("hex"));console.log("chain end "+x.toString("hex"));console.log("randomness "+r);' +
    'for(let n=0;;n++){const b=c.createHmac("sha256",key).update(id+":"+r+(n?":"+n:"")).digest().find(v=>v<250);' +
    'if(b!==undefined){console.log("digit "+b%10);break}}';
  const args = [String(round.id), round.seed, String(round.chain.index), signature];
  return `node -e ${shellQuote(script)} ${args.map(shellQuote).join(" ")}`;
}

/**
 * A chained round (scheme 2, decision 040), checked with the shared proof (contract/fairness-proof.ts):
 * the revealed seed against the commitment the player kept on their bet (else the published one),
 * its chain's published terminal hash, the beacon's BLS signature, and the digit.
 */
export function verifyChainedRound(round: VerifyResult, kept: string | null) {
  const proof = checkRound(proofInputOf(round, kept));
  const published = round.lotteryResult === null ? null : Number(round.lotteryResult);
  return {
    roundId: String(round.id),
    seedHash: round.seedHash,
    keptCommitment: kept,
    /** The player's copy differs from what the database says now. */
    commitmentChanged: kept !== null && kept.toLowerCase() !== round.seedHash.toLowerCase(),
    seed: round.seed,
    hashMatches: proof.seedMatches,
    chainMatches: proof.chainMatches,
    beaconMatches: proof.beaconMatches,
    recomputedDigit: proof.digit,
    publishedDigit: Number.isInteger(published) ? published : null,
    digitMatches: proof.resultMatches,
    ok: proof.ok,
    chain: round.chain ?? null,
    beacon: round.beacon ?? null,
    /** When betting closed: the beacon round is the first one after it. */
    betEndTime: round.betEndTime ?? null,
    /** The full check with the script the app serves at /verify-round.mjs (decision 071). */
    command: `node verify-round.mjs <site> ${round.id}`,
    nodeCommand: chainedVerifyCommand(round),
  };
}
