import { hash, randomBytes } from "node:crypto";
import type { Sql } from "../platform/db";
import { type Fairness, openSeed, sealSeed } from "./fairness-keys";
import { appendLog } from "./fairness-log";

/**
 * Hash chains (decision 040): seed k of a chain of length L is SHA-256 applied L - k times to the
 * chain's top seed. A chain is 10,000 steps by default, 10-20 ms of hashing in one go; the walks
 * here hash in slices of STEPS_PER_SLICE and let the event loop run between them, so that a round
 * being made or settled never holds up requests or a shutdown signal for long.
 */
const STEPS_PER_SLICE = 1_000;
const nextTurn = () => new Promise<void>((done) => setImmediate(done));

const sha256 = (bytes: Buffer): Buffer => hash("sha256", bytes, "buffer");

/**
 * SHA-256 applied `steps` times to `from`, in slices; `visit(bytes)` sees the value reached after
 * 0, every, 2 x every, ... steps (below `steps`).
 */
async function walk(
  from: Buffer,
  steps: number,
  every = 0,
  visit: (bytes: Buffer) => void = () => {},
): Promise<Buffer> {
  let h = from;
  for (let d = 0; d < steps; d++) {
    if (every && d % every === 0) visit(h);
    h = sha256(h);
    if (d % STEPS_PER_SLICE === STEPS_PER_SLICE - 1) await nextTurn();
  }
  return h;
}

/**
 * What this process knows of the chains it uses, by terminal hash, in memory only (never stored):
 * - `checkpoints`: every CHECKPOINT_EVERY-th value from the top seed down (as secret as the top
 *   seed, which the process opens for every round anyway), so that the next seed costs at most
 *   CHECKPOINT_EVERY - 1 steps instead of up to L;
 * - `verified`: the seed of the highest index that settlement found to lead to the terminal hash,
 *   so that the next round's seed need only lead to it (one step for the lane's next round).
 * At most KNOWN_CHAINS chains; the oldest is forgotten first, and walked again if it comes back.
 */
const CHECKPOINT_EVERY = 100;
const KNOWN_CHAINS = 256;
interface KnownChain {
  checkpoints?: Buffer[];
  verified?: { index: number; seed: Buffer };
}
const knownChains = new Map<string, KnownChain>();

function known(terminalHash: string): KnownChain {
  let chain = knownChains.get(terminalHash);
  if (chain) return chain;
  chain = {};
  knownChains.set(terminalHash, chain);
  if (knownChains.size > KNOWN_CHAINS) knownChains.delete(knownChains.keys().next().value as string);
  return chain;
}

/** The checkpoints of a chain of `length` steps from `top`, and where they lead (its terminal hash). */
async function walkChain(top: string, length: number) {
  const checkpoints: Buffer[] = [];
  const end = await walk(Buffer.from(top, "hex"), length, CHECKPOINT_EVERY, (bytes) =>
    checkpoints.push(bytes),
  );
  return { checkpoints, terminalHash: end.toString("hex") };
}

/** Seed `index` (1..length) of a chain: SHA-256 applied length - index times to its top seed. */
async function seedOf(chain: ChainRow, top: string): Promise<string> {
  const memo = known(chain.terminal_hash);
  memo.checkpoints ??= (await walkChain(top, chain.length)).checkpoints;
  const d = chain.length - chain.next_index;
  const from = memo.checkpoints[Math.floor(d / CHECKPOINT_EVERY)];
  return (await walk(from, d % CHECKPOINT_EVERY)).toString("hex");
}

/**
 * Whether SHA-256 applied `index` times to `seedHex` gives `terminalHash` (settlement's check of
 * a round's seed against its chain): the full walk, or only the walk down to a seed of lower index
 * k already found to lead there (if H^(index - k)(seed) = seed_k, then H^index(seed) = terminal).
 */
export async function leadsToTerminal(
  seedHex: string,
  index: number,
  terminalHash: string,
): Promise<boolean> {
  const memo = known(terminalHash);
  const seed = Buffer.from(seedHex, "hex");
  const base = memo.verified && memo.verified.index <= index ? memo.verified : null;
  const end = await walk(seed, base ? index - base.index : index);
  const leads = base ? end.equals(base.seed) : end.toString("hex") === terminalHash;
  if (leads && (!memo.verified || index > memo.verified.index)) memo.verified = { index, seed };
  return leads;
}

/** Rounds of a room alternate between two chains, by the parity of their slot (migration 045). */
export function laneOf(startTime: number, periodMs: number): number {
  return Math.floor(startTime / periodMs) % 2;
}

export const chainContext = (terminalHash: string) => `chain:${terminalHash}`;

interface ChainRow {
  id: number;
  length: number;
  next_index: number;
  retired?: boolean;
  top_seed_enc: string;
  terminal_hash: string;
}

/**
 * Makes a new chain for a room's lane: a random top seed, SHA-256 applied `length` times gives
 * the terminal hash, which the public log announces before any round uses the chain.
 */
async function newChain(tx: Sql, f: Fairness, coin: string, level: number, lane: number, nowMs: number) {
  const top = randomBytes(32).toString("hex");
  const { checkpoints, terminalHash } = await walkChain(top, f.chainLength);
  known(terminalHash).checkpoints = checkpoints;
  const rows = await tx.query<ChainRow>(
    `INSERT INTO game_chains (coin, level, lane, length, terminal_hash, top_seed_enc)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, length, next_index, top_seed_enc, terminal_hash`,
    [coin, level, lane, f.chainLength, terminalHash, sealSeed(f, top, chainContext(terminalHash))],
  );
  const chain = rows[0];
  await appendLog(
    tx,
    f,
    { kind: "chain", chainId: chain.id, coin, level, lane, length: f.chainLength, terminalHash },
    nowMs,
  );
  return chain;
}

/**
 * The next seed of a room's lane (the caller holds CREATION_LOCK): index k of a chain of length
 * L is SHA-256 applied L - k times to its top seed, so SHA-256(seed_k) = seed_{k-1} and
 * SHA-256^k(seed_k) = the terminal hash. A used-up chain, or one retired after a lost key
 * (seed-keys.ts), is followed by a new one.
 */
export async function nextSeed(
  tx: Sql,
  f: Fairness,
  coin: string,
  level: number,
  lane: number,
  nowMs: number,
) {
  const rows = await tx.query<ChainRow>(
    `SELECT id, length, next_index, top_seed_enc, terminal_hash, retired_at IS NOT NULL AS retired FROM game_chains
     WHERE coin = $1 AND level = $2 AND lane = $3 ORDER BY id DESC LIMIT 1`,
    [coin, level, lane],
  );
  let chain = rows[0];
  if (!chain || chain.retired || chain.next_index > chain.length)
    chain = await newChain(tx, f, coin, level, lane, nowMs);
  const top = openSeed(f, chain.top_seed_enc, chainContext(chain.terminal_hash));
  const seed = await seedOf(chain, top);
  await tx.query("UPDATE game_chains SET next_index = next_index + 1 WHERE id = $1", [chain.id]);
  return { chainId: chain.id, index: chain.next_index, seed };
}

/** A chain's public facts, as findChain and listChains read them. */
interface ChainFacts {
  id: number;
  coin: string;
  level: number;
  lane: number;
  length: number;
  terminalHash: string;
  used: number;
  createdAt: Date | string;
  /** When it ended early (a lost seed key), or null. */
  retiredAt: Date | string | null;
}

const CHAIN_FACTS = `SELECT id, coin, level, lane, length, terminal_hash AS "terminalHash", next_index - 1 AS used,
       created_at AS "createdAt", retired_at AS "retiredAt" FROM game_chains`;

/** A chain's public facts. */
export async function findChain(db: Sql, id: number) {
  const rows = await db.query<ChainFacts>(`${CHAIN_FACTS} WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Every chain, newest first (the public page): terminal hashes stay published for good. */
export async function listChains(db: Sql, limit = 100) {
  const rows = await db.query<ChainFacts>(`${CHAIN_FACTS} ORDER BY id DESC LIMIT $1`, [limit]);
  return rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt).getTime(),
    retiredAt: r.retiredAt === null ? null : new Date(r.retiredAt).getTime(),
  }));
}
