import { createHash, createHmac } from "node:crypto";
import { beaconRandomness, verifyBeaconSignature } from "#contract/fairness-proof";
import type { JackpotDraw } from "#contract/jackpot";

/**
 * Recomputes a jackpot draw from its revealed seed, its beacon value and published ticket list
 * (docs/jackpot.md), so that the page does not take the upstream's word for the winners: the n-th
 * draw takes the first 8 bytes of HMAC-SHA256(seed bytes, dayNo + ":" + randomness + ":" + n;
 * dayNo + ":" + n for a day drawn without a beacon) as a big-endian number x, skips x at or above
 * the largest multiple of the ticket total below 2^64, and otherwise the holder of ticket x mod
 * total wins unless they already did; until min(winnersWanted, entries) have won.
 */
function recomputeWinners(
  draw: Pick<JackpotDraw, "seed" | "dayNo" | "winnersWanted" | "tickets">,
  randomness: string | null,
): number[] {
  const total = draw.tickets.reduce((s, e) => s + BigInt(e.tickets), 0n);
  const wanted = Math.min(draw.winnersWanted, draw.tickets.length);
  if (total === 0n || wanted <= 0 || !/^[0-9a-f]{64}$/.test(draw.seed)) return [];
  const limit = (2n ** 64n / total) * total;
  const key = Buffer.from(draw.seed, "hex");
  const won: number[] = [];
  for (let n = 0; won.length < wanted && n < 100_000; n++) {
    const message = randomness === null ? `${draw.dayNo}:${n}` : `${draw.dayNo}:${randomness}:${n}`;
    const x = createHmac("sha256", key).update(message).digest().readBigUInt64BE(0);
    if (x >= limit) continue;
    const ticket = x % total;
    const entry = draw.tickets.find((e) => ticket >= BigInt(e.from) && ticket < BigInt(e.to));
    if (entry && !won.includes(entry.no)) won.push(entry.no);
  }
  return won;
}

/**
 * The beacon's part: its signature verifies under the beacon's public key, and the randomness the
 * draw used is SHA-256 of that signature (null for a day drawn before the beacon took part).
 */
function checkBeacon(beacon: JackpotDraw["beacon"]): boolean | null {
  if (!beacon) return null;
  return (
    beacon.publicKey !== null &&
    verifyBeaconSignature(beacon.publicKey, beacon.round, beacon.signature) &&
    beaconRandomness(beacon.signature) === beacon.randomness
  );
}

export function verifyDraw(draw: JackpotDraw) {
  const hashMatches =
    createHash("sha256").update(Buffer.from(draw.seed, "hex")).digest("hex") === draw.seedHash;
  const beaconMatches = checkBeacon(draw.beacon);
  // From the signature, not the randomness the upstream states.
  const recomputed = recomputeWinners(draw, draw.beacon ? beaconRandomness(draw.beacon.signature) : null);
  const published = draw.winners.map((w) => w.no);
  // Nobody is paid when the pool held less than a cent per winner: then the list is empty.
  const winnersMatch =
    published.length === 0 ? draw.paid === 0 : recomputed.join(",") === published.join(",");
  return { hashMatches, beaconMatches, winnersMatch, recomputed };
}
