import type { Coin } from "#contract/money";
import type { Sql } from "../platform/db";
import { newSeed, seedHashSync } from "./fairness-node";
import type { PayoutTable } from "./payout";
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
  /** The server seed: kept secret until the round is settled. */
  seed: string;
  result: number | null;
  /** The payout table in force for this round, fixed when it was created. */
  payout: PayoutTable;
}

const ROUND_COLUMNS = `id, coin, level, start_time AS "startTime", bet_end_time AS "betEndTime",
  end_time AS "endTime", seed_hash AS "seedHash", seed, result, payout`;

export async function findRound(db: Sql, id: number): Promise<Round | null> {
  const rows = await db.query<Round>(`SELECT ${ROUND_COLUMNS} FROM game_rounds WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * The round of a room that starts at `window.startTime`, created (seed drawn and committed) if it
 * does not exist yet. Several processes may race: the first insert wins, the others read it.
 */
export async function ensureRound(db: Sql, coin: Coin, level: number, window: RoundWindow): Promise<Round> {
  const id = roundIdOf(coin, level, window.startTime);
  const existing = await findRound(db, id);
  if (existing) return existing;
  const seed = newSeed();
  const payout = await getPayoutTable(db);
  await db.query(
    `INSERT INTO game_rounds (id, coin, level, start_time, bet_end_time, end_time, seed, seed_hash, payout)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
    [
      id,
      coin,
      level,
      window.startTime,
      window.betEndTime,
      window.endTime,
      seed,
      seedHashSync(seed),
      JSON.stringify(payout),
    ],
  );
  const round = await findRound(db, id);
  if (!round) throw new Error(`Round ${id} vanished`);
  return round;
}

/** The round running now in a room (created on demand). */
export function currentRound(db: Sql, coin: Coin, level: number, nowMs: number, timing: GameTiming) {
  return ensureRound(db, coin, level, roundWindow(nowMs, timing));
}

/**
 * Creates the current and the next round of every enabled room, so that their commitments are
 * public before betting opens. One read when nothing is missing (the usual case each second).
 */
export async function ensureUpcomingRounds(db: Sql, nowMs: number, timing: GameTiming): Promise<number> {
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
    ).map((r) => r.id),
  );
  const missing = wanted.filter((r) => !existing.has(r.id));
  if (missing.length === 0) return 0;
  const payout = JSON.stringify(await getPayoutTable(db));
  const seeds = missing.map(() => newSeed());
  await db.query(
    `INSERT INTO game_rounds (id, coin, level, start_time, bet_end_time, end_time, seed, seed_hash, payout)
     SELECT id, coin, level, start_time, bet_end_time, end_time, seed, seed_hash, $9::jsonb
     FROM unnest($1::bigint[], $2::text[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[], $8::text[])
       AS m (id, coin, level, start_time, bet_end_time, end_time, seed, seed_hash)
     ON CONFLICT (id) DO NOTHING`,
    [
      missing.map((r) => r.id),
      missing.map((r) => r.coin),
      missing.map((r) => r.level),
      missing.map((r) => r.w.startTime),
      missing.map((r) => r.w.betEndTime),
      missing.map((r) => r.w.endTime),
      seeds,
      seeds.map(seedHashSync),
      payout,
    ],
  );
  return missing.length;
}
