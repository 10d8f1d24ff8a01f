import { createHash, createHmac, randomBytes } from "node:crypto";

/**
 * The jackpot draw (docs/jackpot.md, docs/fairness.md "The jackpot draw"). Pure but for
 * node:crypto, so the one-line command of the docs computes the same winners:
 *
 *   seed      = 32 random bytes as 64 hex characters; seedHash = hex(SHA-256(seed bytes)),
 *               published before the day starts
 *   tickets   = the day's players in user id order, each holding as many tickets as cents staked:
 *               entry i holds the tickets [from, to)
 *   beacon    = the randomness (hex SHA-256 of the BLS signature) of the first beacon round after
 *               the day's end, named when the seed is committed (decision 076); days committed
 *               before it have none
 *   draw n    = the first 8 bytes of HMAC-SHA256(key = seed bytes, message = day + ":" + beacon +
 *               ":" + n, or day + ":" + n without a beacon) as an unsigned big-endian integer x; x at or above the largest multiple of the ticket
 *               total below 2^64 is skipped (so every ticket is equally likely), otherwise
 *               ticket = x mod total, and its holder wins unless they already won; n = 0, 1, 2, ...
 *               until min(winners, players) distinct players have won.
 *   sealed    = (decision 078) once the day has ended and its rounds are settled, the list is
 *               stored with ticketsHash = hex(SHA-256(UTF-8 of the lines "no:phone:tickets", one per
 *               entry in list order, joined by "\n")), phone being the masked phone as published
 *               (e.g. "1:98****3210:1500\n2:91****0001:200"; an empty list hashes ""); the beacon
 *               round is then the first whose time is at least the commit margin after the seal.
 */

export interface TicketEntry {
  /** 1-based position in the published list. */
  no: number;
  userId: number;
  /** Cents staked that day = tickets held. */
  cents: number;
  /** The masked phone as published, kept in a sealed list (decision 078); absent before it. */
  phone?: string;
}

interface DrawnWinner {
  no: number;
  userId: number;
  ticket: number;
}

export function newJackpotSeed(): string {
  return randomBytes(32).toString("hex");
}

export function jackpotSeedHash(seedHex: string): string {
  return createHash("sha256").update(Buffer.from(seedHex, "hex")).digest("hex");
}

/** The ticket list of a day: players (any order) with positive stakes, in user id order. */
export function ticketList(players: { userId: number; cents: number }[]): TicketEntry[] {
  return players
    .filter((p) => p.cents > 0)
    .sort((a, b) => a.userId - b.userId)
    .map((p, i) => ({ no: i + 1, userId: p.userId, cents: p.cents }));
}

/** The canonical lines of a sealed ticket list (decision 078), hashed by ticketsHash. */
function ticketsLines(entries: { no: number; phone: string; cents: number }[]): string {
  return entries.map((e) => `${e.no}:${e.phone}:${e.cents}`).join("\n");
}

/** hex(SHA-256(ticketsLines(entries))): the sealed ticket list's hash, published before its beacon round. */
export function ticketsHash(entries: { no: number; phone: string; cents: number }[]): string {
  return createHash("sha256").update(ticketsLines(entries), "utf8").digest("hex");
}

const TWO_64 = 2n ** 64n;

/** The message of the n-th draw of a day (with its beacon's randomness, when it has one). */
function drawMessage(dayNo: number, randomness: string | null, n: number): string {
  return randomness === null ? `${dayNo}:${n}` : `${dayNo}:${randomness}:${n}`;
}

/** The winners of day `dayNo` from its seed, beacon randomness and ticket list, in the order drawn. */
export function drawWinners(
  seedHex: string,
  dayNo: number,
  randomness: string | null,
  tickets: TicketEntry[],
  wanted: number,
): DrawnWinner[] {
  const total = tickets.reduce((sum, e) => sum + BigInt(e.cents), 0n);
  const count = Math.min(wanted, tickets.length);
  if (total === 0n || count <= 0) return [];
  const limit = (TWO_64 / total) * total;
  const key = Buffer.from(seedHex, "hex");
  const bounds: bigint[] = [];
  let running = 0n;
  for (const e of tickets) {
    running += BigInt(e.cents);
    bounds.push(running);
  }
  const won: DrawnWinner[] = [];
  const taken = new Set<number>();
  for (let n = 0; won.length < count; n++) {
    const x = createHmac("sha256", key)
      .update(drawMessage(dayNo, randomness, n))
      .digest()
      .readBigUInt64BE(0);
    if (x >= limit) continue;
    const ticket = x % total;
    // The first entry whose upper bound lies above the ticket (binary search).
    let lo = 0;
    let hi = bounds.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (bounds[mid] > ticket) hi = mid;
      else lo = mid + 1;
    }
    const entry = tickets[lo];
    if (taken.has(entry.no)) continue;
    taken.add(entry.no);
    won.push({ no: entry.no, userId: entry.userId, ticket: Number(ticket) });
  }
  return won;
}
