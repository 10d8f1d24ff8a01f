import { createHash, createHmac } from "node:crypto";
import type { JackpotDraw } from "#contract/jackpot";

/**
 * Recomputes a jackpot draw from its revealed seed and published ticket list (docs/jackpot.md),
 * so that the page does not take the upstream's word for the winners: the n-th draw takes the
 * first 8 bytes of HMAC-SHA256(seed bytes, dayNo + ":" + n) as a big-endian number x, skips x at
 * or above the largest multiple of the ticket total below 2^64, and otherwise the holder of
 * ticket x mod total wins unless they already did; until min(winnersWanted, entries) have won.
 */
function recomputeWinners(draw: Pick<JackpotDraw, "seed" | "dayNo" | "winnersWanted" | "tickets">): number[] {
  const total = draw.tickets.reduce((s, e) => s + BigInt(e.tickets), 0n);
  const wanted = Math.min(draw.winnersWanted, draw.tickets.length);
  if (total === 0n || wanted <= 0 || !/^[0-9a-f]{64}$/.test(draw.seed)) return [];
  const limit = (2n ** 64n / total) * total;
  const key = Buffer.from(draw.seed, "hex");
  const won: number[] = [];
  for (let n = 0; won.length < wanted && n < 100_000; n++) {
    const x = createHmac("sha256", key).update(`${draw.dayNo}:${n}`).digest().readBigUInt64BE(0);
    if (x >= limit) continue;
    const ticket = x % total;
    const entry = draw.tickets.find((e) => ticket >= BigInt(e.from) && ticket < BigInt(e.to));
    if (entry && !won.includes(entry.no)) won.push(entry.no);
  }
  return won;
}

export function verifyDraw(draw: JackpotDraw) {
  const hashMatches =
    createHash("sha256").update(Buffer.from(draw.seed, "hex")).digest("hex") === draw.seedHash;
  const recomputed = recomputeWinners(draw);
  const published = draw.winners.map((w) => w.no);
  // Nobody is paid when the pool held less than a cent per winner: then the list is empty.
  const winnersMatch =
    published.length === 0 ? draw.paid === 0 : recomputed.join(",") === published.join(",");
  return { hashMatches, winnersMatch, recomputed };
}
