import type { Coin } from "#contract/money";
import { beaconRoundAfter } from "../beacon/beacon";
import type { Db, Sql } from "../platform/db";
import { laneOf, nextSeed } from "./chains";
import { type Fairness, fairnessOf, openSeed, sealSeed } from "./fairness-keys";
import { CREATION_LOCK, appendLog } from "./fairness-log";
import { seedHashSync } from "./fairness-node";
import { DEFAULT_PAYOUT_TABLE, type PayoutTable, validatePayoutTable } from "./payout";
import type { GameTiming } from "./settings";
import { getPayoutTable } from "./settings";

const COIN_DIGIT: Record<Coin, number> = { CHIP: 1, GOLD: 2, POINT: 3 };
const DAY_MS = 86_400_000;

interface RoundWindow {
  startTime: number;
  betEndTime: number;
  endTime: number;
}

/** The round that contains `nowMs`: boundaries are multiples of the period since the epoch. */
export function roundWindow(nowMs: number, timing: GameTiming): RoundWindow {
  const period = timing.roundSeconds * 1000;
  const startTime = Math.floor(nowMs / period) * period;
  const endTime = startTime + period;
  return { startTime, endTime, betEndTime: endTime - timing.betCloseSeconds * 1000 };
}

/**
 * Readable, increasing round id: yyyymmdd (UTC) . coin digit (CHIP 1, GOLD 2, POINT 3) . level
 * (2 digits) . start second of the UTC day (5 digits), e.g. 2026112110103660 is CHIP level 1,
 * starting 01:01:00 UTC on 2026-11-21. Unique per coin and level whatever the period; 16 digits,
 * within 2^53.
 */
export function roundIdOf(coin: Coin, level: number, startTime: number): number {
  const d = new Date(startTime);
  const ymd = d.getUTCFullYear() * 10_000 + (d.getUTCMonth() + 1) * 100 + d.getUTCDate();
  const secondOfDay = Math.floor((startTime % DAY_MS) / 1000);
  return ymd * 100_000_000 + COIN_DIGIT[coin] * 10_000_000 + level * 100_000 + secondOfDay;
}

export interface Round {
  id: number;
  coin: Coin;
  level: number;
  startTime: number;
  betEndTime: number;
  endTime: number;
  seedHash: string;
  /** The server seed: null until the round is drawn (scheme 2 keeps it in seedEnc until then). */
  seed: string | null;
  result: number | null;
  /** The payout table in force for this round, fixed when it was created. */
  payout: PayoutTable;
  /** 1: before migration 045 (plain seed, no beacon); 2: chained seed and beacon. */
  scheme: number;
  chainId: number | null;
  chainIndex: number | null;
  seedEnc: string | null;
  beaconRound: number | null;
  beaconSignature: string | null;
  /** Voided (no key could draw it, void-rounds.ts): never drawn, every bet refunded. */
  voided: boolean;
}

const ROUND_COLUMNS = `id, coin, level, start_time AS "startTime", bet_end_time AS "betEndTime",
  end_time AS "endTime", seed_hash AS "seedHash", seed, result, payout, scheme, chain_id AS "chainId",
  chain_index AS "chainIndex", seed_enc AS "seedEnc", beacon_round AS "beaconRound",
  beacon_signature AS "beaconSignature", voided_at IS NOT NULL AS voided`;

export async function findRound(db: Sql, id: number): Promise<Round | null> {
  const rows = await db.query<Round>(`SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** The encryption context of a round's seed: a sealed seed cannot be moved to another round. */
export const roundSeedContext = (id: number) => `round:${id}`;

/** A round's seed, revealed or (before the draw) decrypted; for settlement and tests only. */
export function secretSeedOf(f: Fairness, round: Pick<Round, "id" | "seed" | "seedEnc">): string {
  if (round.seed) return round.seed;
  if (!round.seedEnc) throw new Error(`Round ${round.id} has no seed`);
  return openSeed(f, round.seedEnc, roundSeedContext(round.id));
}

/** The payout table for new rounds; one over the RTP ceiling (set before the ceiling) is not used. */
async function tableForNewRounds(db: Sql, f: Fairness): Promise<PayoutTable> {
  const table = await getPayoutTable(db);
  if (validatePayoutTable(table, f.rtpCeiling) === null) return table;
  f.log?.error(
    { table, ceiling: f.rtpCeiling },
    "payout table above the RTP ceiling: new rounds use the default",
  );
  return DEFAULT_PAYOUT_TABLE;
}

interface Wanted {
  coin: Coin;
  level: number;
  w: RoundWindow;
  id: number;
}

/**
 * Creates one round (scheme 2) unless it exists, in one transaction under CREATION_LOCK: its seed
 * is the next of its lane's chain, sealed (AES-256-GCM) until the draw; its beacon round is the
 * first whose time is after betting closes; the public log gets its commitment first.
 */
async function createRound(db: Db, f: Fairness, r: Wanted, payout: PayoutTable, nowMs: number) {
  await db.tx(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock($1)", [CREATION_LOCK]);
    const exists = await tx.query("SELECT 1 FROM game_rounds WHERE id = $1", [r.id]);
    if (exists.length > 0) return;
    const period = r.w.endTime - r.w.startTime;
    const { chainId, index, seed } = await nextSeed(
      tx,
      f,
      r.coin,
      r.level,
      laneOf(r.w.startTime, period),
      nowMs,
    );
    const seedHash = seedHashSync(seed);
    const beaconRound = beaconRoundAfter(f.beacon, r.w.betEndTime);
    await tx.query(
      `INSERT INTO game_rounds (id, coin, level, start_time, bet_end_time, end_time, seed, seed_hash, payout,
         scheme, chain_id, chain_index, seed_enc, beacon_round)
       VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $8, 2, $9, $10, $11, $12)`,
      [
        r.id,
        r.coin,
        r.level,
        r.w.startTime,
        r.w.betEndTime,
        r.w.endTime,
        seedHash,
        JSON.stringify(payout),
        chainId,
        index,
        sealSeed(f, seed, roundSeedContext(r.id)),
        beaconRound,
      ],
    );
    await appendLog(
      tx,
      f,
      {
        kind: "round",
        roundId: r.id,
        coin: r.coin,
        level: r.level,
        commitment: seedHash,
        chainId,
        chainIndex: index,
        beaconSource: f.beacon.source,
        beaconRound,
        bettingClosesAt: r.w.betEndTime,
      },
      nowMs,
    );
  });
}

/**
 * The round of a room that starts at `window.startTime`, created (seed drawn and committed) if it
 * does not exist yet. Several processes may race: creation is serialised, the others read it.
 */
export async function ensureRound(
  db: Db,
  coin: Coin,
  level: number,
  window: RoundWindow,
  f: Fairness = fairnessOf(),
  nowMs: number = window.startTime,
): Promise<Round> {
  const id = roundIdOf(coin, level, window.startTime);
  const existing = await findRound(db, id);
  if (existing) return existing;
  await createRound(db, f, { coin, level, w: window, id }, await tableForNewRounds(db, f), nowMs);
  const round = await findRound(db, id);
  if (!round) throw new Error(`Round ${id} vanished`);
  return round;
}

/** The round running now in a room (created on demand). */
export function currentRound(
  db: Db,
  coin: Coin,
  level: number,
  nowMs: number,
  timing: GameTiming,
  f: Fairness = fairnessOf(),
) {
  return ensureRound(db, coin, level, roundWindow(nowMs, timing), f, nowMs);
}

/**
 * Creates the current and the next round of every enabled room, so that their commitments are
 * public before betting opens. One read when nothing is missing (the usual case each second).
 */
export async function ensureUpcomingRounds(
  db: Db,
  nowMs: number,
  timing: GameTiming,
  f: Fairness = fairnessOf(),
): Promise<number> {
  const levels = await db.query<{ coin: Coin; level: number }>(
    "SELECT coin, level FROM game_levels WHERE enable_flag ORDER BY coin, level",
  );
  const now = roundWindow(nowMs, timing);
  const next = roundWindow(now.endTime, timing);
  const wanted = levels.flatMap(({ coin, level }) =>
    [now, next].map((w) => ({ coin, level, w, id: roundIdOf(coin, level, w.startTime) })),
  );
  if (wanted.length === 0) return 0;
  const existing = new Set(
    (
      await db.query<{ id: number }>("SELECT id FROM game_rounds WHERE id = ANY($1::bigint[])", [
        wanted.map((r) => r.id),
      ])
    ).map((r) => Number(r.id)),
  );
  const missing = wanted.filter((r) => !existing.has(r.id));
  if (missing.length === 0) return 0;
  const payout = await tableForNewRounds(db, f);
  for (const r of missing) await createRound(db, f, r, payout, nowMs);
  return missing.length;
}
