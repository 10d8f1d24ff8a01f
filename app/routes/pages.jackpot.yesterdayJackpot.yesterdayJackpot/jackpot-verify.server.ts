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

/**
 * The sealed ticket list (decision 078): the published list is the one sealed (SHA-256 of its
 * lines "no:phone:tickets" joined by "\n" is the sealed hash; its ranges follow from its counts;
 * its total is the sealed one), and the beacon round is the one the rule names: the first whose
 * time is at least the seal's time plus the margin, never before the first after the day's end.
 * Null for a day that sealed no list (committed before decision 078).
 */
function checkSealedList(draw: JackpotDraw): { ticketsMatch: boolean; roundMatches: boolean } | null {
  const sealed = draw.ticketsCommitment;
  if (!sealed) return null;
  const lines = draw.tickets.map((e) => `${e.no}:${e.phone}:${e.tickets}`).join("\n");
  let from = 0;
  const ranges = draw.tickets.every((e, i) => {
    const ok = e.no === i + 1 && e.from === from && e.to === from + e.tickets;
    from += e.tickets;
    return ok;
  });
  const ticketsMatch =
    createHash("sha256").update(lines, "utf8").digest("hex") === sealed.hash &&
    ranges &&
    from === sealed.total &&
    from === draw.ticketsTotal;
  const b = draw.beacon;
  let roundMatches = false;
  if (b && b.genesisTime !== null && b.periodSeconds !== null) {
    const period = b.periodSeconds * 1000;
    const afterEnd = Math.max(1, Math.floor((draw.endTime - b.genesisTime) / period) + 2);
    const afterSeal = Math.max(
      1,
      Math.ceil((sealed.committedTime + sealed.marginSeconds * 1000 - b.genesisTime) / period) + 1,
    );
    const named = Math.max(afterEnd, afterSeal);
    roundMatches = b.round === named && sealed.beaconRound === named;
  }
  return { ticketsMatch, roundMatches };
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
  const sealed = checkSealedList(draw);
  return {
    hashMatches,
    beaconMatches,
    winnersMatch,
    recomputed,
    ticketsMatch: sealed?.ticketsMatch ?? null,
    roundMatches: sealed?.roundMatches ?? null,
  };
}
