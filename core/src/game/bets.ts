import type { BetRecord, BettingInput } from "../../../contract/game";
import { Code } from "../../../contract/codes";
import { type Coin, fromCents, toCents } from "../../../contract/money";
import type { Db, Sql } from "../db";
import { ApiError } from "../http";
import { InsufficientBalance, post } from "../ledger";
import { parseAmountList } from "./levels";

export interface PlacedBet {
  bet: BetRecord;
  /** Balance of the bet's coin after the stake, in cents. */
  balanceCents: number;
  /** True when an earlier request with the same idempotency key placed this bet. */
  repeated: boolean;
}

export const BET_COLUMNS = `b.id, b.round_id AS "gameSessionId", b.coin, b.level, b.bet_name AS "betName",
  b.base_amount_cents AS "baseAmountCents", b.bet_multiples AS "betMultiples",
  b.total_amount_cents AS "totalAmountCents", b.win_amount_cents AS "winAmountCents", b.status,
  r.result, b.created_at AS "createdAt", r.end_time AS "endTime"`;

export interface BetRow {
  id: number;
  gameSessionId: number;
  coin: Coin;
  level: number;
  betName: BetRecord["betName"];
  baseAmountCents: number;
  betMultiples: number;
  totalAmountCents: number;
  winAmountCents: number;
  status: BetRecord["status"];
  result: number | null;
  createdAt: Date | string;
  endTime: number;
}

export function toBetRecord(r: BetRow): BetRecord {
  return {
    id: r.id,
    gameSessionId: r.gameSessionId,
    coin: r.coin,
    level: r.level,
    betName: r.betName,
    baseAmount: fromCents(r.baseAmountCents),
    betMultiples: r.betMultiples,
    totalBetAmount: fromCents(r.totalAmountCents),
    winAmount: fromCents(r.winAmountCents),
    status: r.status,
    lotteryResult: r.result === null ? null : String(r.result),
    createTime: new Date(r.createdAt).getTime(),
    sessionEndTime: r.endTime,
  };
}

const refuse = (message: string, code: number = Code.BAD_REQUEST) => new ApiError(code, message);

async function findByKey(db: Sql, userId: number, key: string): Promise<PlacedBet | null> {
  const rows = await db.query<BetRow & { balance: number }>(
    `SELECT ${BET_COLUMNS}, coalesce(a.balance, 0) AS balance
     FROM bets b JOIN game_rounds r ON r.id = b.round_id
     LEFT JOIN accounts a ON a.user_id = b.user_id AND a.coin = b.coin
     WHERE b.user_id = $1 AND b.idempotency_key = $2`,
    [userId, key],
  );
  return rows[0] ? { bet: toBetRecord(rows[0]), balanceCents: rows[0].balance, repeated: true } : null;
}

interface RoomRow {
  id: number;
  coin: Coin;
  level: number;
  start_time: number;
  bet_end_time: number;
  end_time: number;
  result: number | null;
  enable_flag: boolean;
  chip_min_limit: number;
  chip_max_limit: number;
  bet_base_amount_str: string;
  balance: number | null;
}

/**
 * Places a bet (input already validated by bettingInputSchema: bet name, multiple range,
 * total = base x multiple). Checks the round and the room, then inserts the bet and debits the
 * stake through the ledger in one transaction. The round row is share-locked so that a bet
 * cannot slip into a round while it is being settled. A repeated idempotency key returns the
 * first bet and changes nothing.
 */
export async function placeBet(
  db: Db,
  userId: number,
  input: BettingInput,
  nowMs: number,
  idempotencyKey?: string | null,
): Promise<PlacedBet> {
  const key = idempotencyKey?.trim().slice(0, 200) || null;
  try {
    return await db.tx((tx) => placeBetTx(tx, userId, input, nowMs, key));
  } catch (error) {
    // Two requests with one key raced on PostgreSQL: the loser answers with the winner's bet.
    if (key && (error as { code?: string }).code === "23505") {
      const first = await findByKey(db, userId, key);
      if (first) return first;
    }
    throw error;
  }
}

async function placeBetTx(
  tx: Sql,
  userId: number,
  input: BettingInput,
  nowMs: number,
  key: string | null,
): Promise<PlacedBet> {
  if (key) {
    const first = await findByKey(tx, userId, key);
    if (first) return first;
  }
  const rooms = await tx.query<RoomRow>(
    `SELECT r.id, r.coin, r.level, r.start_time, r.bet_end_time, r.end_time, r.result,
       l.enable_flag, l.chip_min_limit, l.chip_max_limit, l.bet_base_amount_str, a.balance
     FROM game_rounds r
     JOIN game_levels l ON l.coin = r.coin AND l.level = r.level
     LEFT JOIN accounts a ON a.user_id = $2 AND a.coin = r.coin
     WHERE r.id = $1
     FOR SHARE OF r`,
    [input.gameSessionId, userId],
  );
  const room = rooms[0];
  if (!room) throw refuse("This round does not exist", Code.NOT_FOUND);
  if (room.coin !== input.coin || (input.level !== undefined && room.level !== input.level)) {
    throw refuse("This round belongs to another room");
  }
  if (!room.enable_flag) throw refuse("This room is closed");
  if (room.result !== null || nowMs >= room.bet_end_time) throw refuse("Betting is closed for this round");
  if (nowMs < room.start_time) throw refuse("Betting has not opened for this round yet");

  const baseCents = toCents(input.baseAmount);
  const totalCents = toCents(input.totalBetAmount);
  const bases = parseAmountList(room.bet_base_amount_str) ?? [];
  if (!bases.includes(baseCents)) {
    throw refuse(`The base amount must be one of ${room.bet_base_amount_str.split(",").join(", ")}`);
  }
  if (totalCents !== baseCents * input.betMultiples) {
    throw refuse("totalBetAmount must equal baseAmount × betMultiples");
  }
  const balance = room.balance ?? 0;
  if (balance < room.chip_min_limit) {
    throw refuse(`This room needs a balance of at least ${fromCents(room.chip_min_limit)}`);
  }
  if (balance > room.chip_max_limit) {
    throw refuse(`This room is for balances up to ${fromCents(room.chip_max_limit)}`);
  }
  if (balance < totalCents) throw refuse("Insufficient balance");

  const inserted = await tx.query<{ id: number; created_at: Date | string }>(
    `INSERT INTO bets (user_id, round_id, coin, level, bet_name, base_amount_cents, bet_multiples,
       total_amount_cents, idempotency_key)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id, created_at`,
    [userId, room.id, room.coin, room.level, input.betName, baseCents, input.betMultiples, totalCents, key],
  );
  const bet = inserted[0];
  let balanceCents: number;
  try {
    balanceCents = await post(tx, {
      userId,
      coin: room.coin,
      amount: -totalCents,
      kind: "BET",
      refId: String(bet.id),
      memo: `round ${room.id}`,
    });
  } catch (error) {
    if (error instanceof InsufficientBalance) throw refuse("Insufficient balance");
    throw error;
  }
  return {
    bet: toBetRecord({
      id: bet.id,
      gameSessionId: room.id,
      coin: room.coin,
      level: room.level,
      betName: input.betName,
      baseAmountCents: baseCents,
      betMultiples: input.betMultiples,
      totalAmountCents: totalCents,
      winAmountCents: 0,
      status: "WAITING",
      result: null,
      createdAt: bet.created_at,
      endTime: room.end_time,
    }),
    balanceCents,
    repeated: false,
  };
}
