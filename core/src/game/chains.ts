import { createHash, randomBytes } from "node:crypto";
import type { Sql } from "../platform/db";
import { type Fairness, openSeed, sealSeed } from "./fairness-keys";
import { appendLog } from "./fairness-log";

/** SHA-256 applied `steps` times to hex bytes (node:crypto twin of contract's hashSteps). */
export function hashStepsSync(seedHex: string, steps: number): string {
  let h = Buffer.from(seedHex, "hex");
  for (let i = 0; i < steps; i++) h = createHash("sha256").update(h).digest();
  return h.toString("hex");
}

/** Rounds of a room alternate between two chains, by the parity of their slot (migration 045). */
export function laneOf(startTime: number, periodMs: number): number {
  return Math.floor(startTime / periodMs) % 2;
}

const chainContext = (terminalHash: string) => `chain:${terminalHash}`;

interface ChainRow {
  id: number;
  length: number;
  next_index: number;
  top_seed_enc: string;
  terminal_hash: string;
}

/**
 * Makes a new chain for a room's lane: a random top seed, SHA-256 applied `length` times gives
 * the terminal hash, which the public log announces before any round uses the chain.
 */
async function newChain(tx: Sql, f: Fairness, coin: string, level: number, lane: number, nowMs: number) {
  const top = randomBytes(32).toString("hex");
  const terminalHash = hashStepsSync(top, f.chainLength);
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
 * SHA-256^k(seed_k) = the terminal hash. A used-up chain is followed by a new one.
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
    `SELECT id, length, next_index, top_seed_enc, terminal_hash FROM game_chains
     WHERE coin = $1 AND level = $2 AND lane = $3 ORDER BY id DESC LIMIT 1`,
    [coin, level, lane],
  );
  let chain = rows[0];
  if (!chain || chain.next_index > chain.length) chain = await newChain(tx, f, coin, level, lane, nowMs);
  const top = openSeed(f, chain.top_seed_enc, chainContext(chain.terminal_hash));
  const index = chain.next_index;
  await tx.query("UPDATE game_chains SET next_index = next_index + 1 WHERE id = $1", [chain.id]);
  return { chainId: chain.id, index, seed: hashStepsSync(top, chain.length - index) };
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
}

const CHAIN_FACTS = `SELECT id, coin, level, lane, length, terminal_hash AS "terminalHash", next_index - 1 AS used,
       created_at AS "createdAt" FROM game_chains`;

/** A chain's public facts. */
export async function findChain(db: Sql, id: number) {
  const rows = await db.query<ChainFacts>(`${CHAIN_FACTS} WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Every chain, newest first (the public page): terminal hashes stay published for good. */
export async function listChains(db: Sql, limit = 100) {
  const rows = await db.query<ChainFacts>(`${CHAIN_FACTS} ORDER BY id DESC LIMIT $1`, [limit]);
  return rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).getTime() }));
}
