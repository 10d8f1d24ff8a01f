/**
 * The checks of a published jackpot day (docs/jackpot.md, decisions 076 and 078), from its public
 * data alone. Plain JavaScript with no imports but @noble/hashes, so that both verifiers run the
 * same code: the yesterday page (jackpot-verify.server.ts) and scripts/verify-round.mjs, which a
 * player runs with Node alone (it is bundled into the served /verify-round.mjs). The core draws
 * with its own code (core/src/jackpot/draw.ts): a verifier that shared it would share its bugs.
 */
import { hmac } from "@noble/hashes/hmac.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";

/**
 * @typedef {{ no: number, phone: string, tickets: number, from: number, to: number }} Entry
 * @typedef {{ hash: string, total: number, committedTime: number, marginSeconds: number, beaconRound: number }} Sealed
 */

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * SHA-256 of the seed is the hash published before the day.
 * @param {{ seed: string, seedHash: string }} draw
 */
export function seedMatchesHash(draw) {
  return HEX64.test(draw.seed) && bytesToHex(sha256(hexToBytes(draw.seed))) === draw.seedHash;
}

/**
 * The published list is the sealed one (decision 078): SHA-256 of its lines "no:phone:tickets"
 * joined by "\n" is the sealed hash, each entry's range follows from the counts before it, and
 * its total is the sealed total and the day's.
 * @param {{ tickets: Entry[], ticketsTotal: number, ticketsCommitment: Sealed }} draw
 */
export function ticketListMatchesSeal(draw) {
  const sealed = draw.ticketsCommitment;
  const lines = draw.tickets.map((e) => `${e.no}:${e.phone}:${e.tickets}`).join("\n");
  let from = 0;
  const ranges = draw.tickets.every((e, i) => {
    const ok = e.no === i + 1 && e.from === from && e.to === from + e.tickets;
    from += e.tickets;
    return ok;
  });
  return (
    bytesToHex(sha256(utf8ToBytes(lines))) === sealed.hash &&
    ranges &&
    from === sealed.total &&
    from === draw.ticketsTotal
  );
}

/**
 * The beacon round the rule names for a day: the first whose time (genesis + (round - 1) ×
 * period) is after the day's end (decision 076) and, for a sealed list, at least the margin after
 * the seal (decision 078).
 * @param {{ endTime: number, ticketsCommitment: Sealed | null }} draw
 * @param {{ genesisTime: number, periodSeconds: number }} beacon
 */
export function namedBeaconRound(draw, beacon) {
  const period = beacon.periodSeconds * 1000;
  const afterEnd = Math.max(1, Math.floor((draw.endTime - beacon.genesisTime) / period) + 2);
  const sealed = draw.ticketsCommitment;
  if (!sealed) return afterEnd;
  const notBefore = sealed.committedTime + sealed.marginSeconds * 1000;
  return Math.max(afterEnd, Math.max(1, Math.ceil((notBefore - beacon.genesisTime) / period) + 1));
}

/**
 * The winners' list numbers, in the order drawn (docs/jackpot.md): the n-th draw takes the first
 * 8 bytes of HMAC-SHA256(seed bytes, dayNo + ":" + randomness + ":" + n; dayNo + ":" + n for a
 * day drawn without a beacon) as a big-endian number x, skips x at or above the largest multiple
 * of the ticket total below 2^64, and otherwise the holder of ticket x mod total wins unless they
 * already did; until min(winnersWanted, entries) have won.
 * @param {{ seed: string, dayNo: number, winnersWanted: number, tickets: Entry[] }} draw
 * @param {string | null} randomness hex SHA-256 of the beacon's signature
 * @returns {number[]}
 */
export function jackpotWinners(draw, randomness) {
  const total = draw.tickets.reduce((sum, e) => sum + BigInt(e.tickets), 0n);
  const wanted = Math.min(draw.winnersWanted, draw.tickets.length);
  if (total === 0n || wanted <= 0 || !HEX64.test(draw.seed)) return [];
  const limit = (2n ** 64n / total) * total;
  const key = hexToBytes(draw.seed);
  /** @type {number[]} */
  const won = [];
  for (let n = 0; won.length < wanted && n < 100_000; n++) {
    const message = randomness === null ? `${draw.dayNo}:${n}` : `${draw.dayNo}:${randomness}:${n}`;
    const mac = hmac(sha256, key, utf8ToBytes(message));
    const x = new DataView(mac.buffer, mac.byteOffset).getBigUint64(0);
    if (x >= limit) continue;
    const ticket = x % total;
    const entry = draw.tickets.find((e) => ticket >= BigInt(e.from) && ticket < BigInt(e.to));
    if (entry && !won.includes(entry.no)) won.push(entry.no);
  }
  return won;
}
