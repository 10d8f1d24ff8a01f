import type { Coin } from "#contract/money";
import type { Sql } from "../platform/db";
import { Refusal } from "../platform/http";

/** A room of one coin, as stored (limits in cents, lists as the operator typed them, in units). */
export interface Level {
  coin: Coin;
  level: number;
  levelName: string;
  chipMinLimitCents: number;
  chipMaxLimitCents: number;
  enableFlag: boolean;
  betBaseAmountStr: string;
  betMultipleStr: string;
}

const COLUMNS = `coin, level, level_name AS "levelName", chip_min_limit AS "chipMinLimitCents",
  chip_max_limit AS "chipMaxLimitCents", enable_flag AS "enableFlag",
  bet_base_amount_str AS "betBaseAmountStr", bet_multiple_str AS "betMultipleStr"`;

export async function listLevels(db: Sql, coin?: Coin): Promise<Level[]> {
  return coin
    ? db.query<Level>(`SELECT ${COLUMNS} FROM game_levels WHERE coin = $1 ORDER BY level`, [coin])
    : db.query<Level>(`SELECT ${COLUMNS} FROM game_levels ORDER BY coin, level`);
}

export async function getLevel(db: Sql, coin: Coin, level: number): Promise<Level | null> {
  const rows = await db.query<Level>(`SELECT ${COLUMNS} FROM game_levels WHERE coin = $1 AND level = $2`, [
    coin,
    level,
  ]);
  return rows[0] ?? null;
}

/** Parses a comma list of amounts in units ("1,10,100") into cents; null when malformed. */
function parseAmountList(list: string): number[] | null {
  const parts = list.split(",").map((s) => s.trim());
  const cents: number[] = [];
  for (const part of parts) {
    if (!/^\d+(\.\d{1,2})?$/.test(part)) return null;
    const value = Math.round(Number(part) * 100);
    if (!(value > 0) || value > 100_000_000_000) return null;
    cents.push(value);
  }
  return cents.length > 0 ? cents : null;
}

/** Parses the comma list of multiple presets ("1,5,10"); null when malformed. */
function parseMultipleList(list: string): number[] | null {
  const parts = list.split(",").map((s) => s.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d{1,5}$/.test(p) || Number(p) < 1)) return null;
  return parts.map(Number);
}

export interface LevelPatch {
  levelName?: string;
  chipMinLimitCents?: number;
  chipMaxLimitCents?: number;
  enableFlag?: boolean;
  betBaseAmountStr?: string;
  betMultipleStr?: string;
}

/**
 * Creates or edits a room (the admin CLI calls this). Validates the lists and the range;
 * throws a Refusal with a readable message when something is wrong.
 */
export async function setLevel(db: Sql, coin: Coin, level: number, patch: LevelPatch): Promise<Level> {
  if (!Number.isInteger(level) || level < 1 || level > 99) throw new Refusal("The level must be 1 to 99");
  const current = await getLevel(db, coin, level);
  const next: Level = {
    coin,
    level,
    levelName: patch.levelName ?? current?.levelName ?? `Level ${level}`,
    chipMinLimitCents: patch.chipMinLimitCents ?? current?.chipMinLimitCents ?? 0,
    chipMaxLimitCents: patch.chipMaxLimitCents ?? current?.chipMaxLimitCents ?? 100_000_000_000,
    enableFlag: patch.enableFlag ?? current?.enableFlag ?? true,
    betBaseAmountStr: patch.betBaseAmountStr ?? current?.betBaseAmountStr ?? "1,10,100,1000",
    betMultipleStr: patch.betMultipleStr ?? current?.betMultipleStr ?? "1,5,10,20,50,100",
  };
  if (!next.levelName.trim()) throw new Refusal("The level name is empty");
  if (!parseAmountList(next.betBaseAmountStr))
    throw new Refusal("betBaseAmountStr must be a comma list of amounts");
  if (!parseMultipleList(next.betMultipleStr))
    throw new Refusal("betMultipleStr must be a comma list of integers");
  for (const v of [next.chipMinLimitCents, next.chipMaxLimitCents]) {
    if (!Number.isSafeInteger(v) || v < 0) throw new Refusal("Limits must be non-negative amounts");
  }
  if (next.chipMaxLimitCents < next.chipMinLimitCents)
    throw new Refusal("chipMaxLimit is below chipMinLimit");
  await db.query(
    `INSERT INTO game_levels (coin, level, level_name, chip_min_limit, chip_max_limit, enable_flag,
       bet_base_amount_str, bet_multiple_str)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (coin, level) DO UPDATE SET level_name = EXCLUDED.level_name,
       chip_min_limit = EXCLUDED.chip_min_limit, chip_max_limit = EXCLUDED.chip_max_limit,
       enable_flag = EXCLUDED.enable_flag, bet_base_amount_str = EXCLUDED.bet_base_amount_str,
       bet_multiple_str = EXCLUDED.bet_multiple_str, updated_at = now()`,
    [
      coin,
      level,
      next.levelName.trim(),
      next.chipMinLimitCents,
      next.chipMaxLimitCents,
      next.enableFlag,
      next.betBaseAmountStr.replace(/\s+/g, ""),
      next.betMultipleStr.replace(/\s+/g, ""),
    ],
  );
  return next;
}
