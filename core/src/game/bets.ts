import { Code } from "#contract/codes";
import type { BetRecord, BetRefusal, BetRefusalDetail, BettingInput } from "#contract/game";
import { KEY_REUSED_DETAIL } from "#contract/headers";
import type { BlockKind, LimitPeriod } from "#contract/limits";
import { type Coin, fromCents, toCents } from "#contract/money";
import { blockRefusal, limitRefusal } from "../limits/limits";
import { type Db, type Sql, isUniqueViolation } from "../platform/db";
import { ApiError, idempotencyKeyOf } from "../platform/http";
import { type PlaceRow, callPlaceBet, callPlaceBetWith } from "./bet-batches";

interface PlacedBet {
  bet: BetRecord;
  /** Balance of the bet's coin after the stake, in cents. */
  balanceCents: number;
  /** True when an earlier request with the same idempotency key placed this bet. */
  repeated: boolean;
}

export const BET_COLUMNS = `b.id, b.round_id AS "gameSessionId", b.coin, b.level, b.bet_name AS "betName",
  b.base_amount_cents AS "baseAmountCents", b.bet_multiples AS "betMultiples",
  b.total_amount_cents AS "totalAmountCents", b.win_amount_cents AS "winAmountCents", b.status,
  r.result, b.created_at AS "createdAt", r.end_time AS "endTime", b.commitment,
  b.beacon_round AS "beaconRound"`;

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
  /** The round's commitment and beacon round, kept on the bet when it was placed (migration 045). */
  commitment: string | null;
  beaconRound: number | null;
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
    commitment: r.commitment,
    beaconRound: r.beaconRound === null ? null : Number(r.beaconRound),
  };
}

/** A refusal: the message, and why with its amounts (contract betRefusalSchema) for the client's own words. */
const refuse = (
  reason: BetRefusal,
  message: string,
  detail: Omit<BetRefusalDetail, "reason"> = {},
  code: number = Code.BAD_REQUEST,
) => new ApiError(code, message, { reason, ...detail });

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

export const KEY_REUSED = "This idempotency key was already used for a different bet";

/** True when `bet` (the one an idempotency key placed) is what `input` asks for. */
function sameBet(bet: BetRecord, input: BettingInput): boolean {
  return (
    bet.gameSessionId === input.gameSessionId &&
    bet.coin === input.coin &&
    (input.level === undefined || bet.level === input.level) &&
    bet.betName === input.betName &&
    toCents(bet.baseAmount) === toCents(input.baseAmount) &&
    bet.betMultiples === input.betMultiples &&
    toCents(bet.totalBetAmount) === toCents(input.totalBetAmount)
  );
}

/** The answer to a repeated key: the first bet when it is the same bet, else a 409. */
function repeatOf(first: PlacedBet, input: BettingInput): PlacedBet {
  if (!sameBet(first.bet, input)) throw new ApiError(Code.CONFLICT, KEY_REUSED, KEY_REUSED_DETAIL);
  return first;
}

/**
 * The player's message for each refusal code of game_place_bet (migrations 011, 013 and 041), with the
 * reason and amounts in the answer's result. `balanceCents` is read only for INSUFFICIENT.
 */
function refusal(row: PlaceRow | undefined, stakeCents: number, balanceCents: number | null): ApiError {
  if (!row) return new ApiError(Code.SERVER_ERROR, "The bet could not be placed");
  switch (row.o_status) {
    case "NO_ROUND":
      return refuse("NO_ROUND", "This round does not exist", {}, Code.NOT_FOUND);
    case "OTHER_ROOM":
      return refuse("OTHER_ROOM", "This round belongs to another room");
    case "ROOM_CLOSED":
      return refuse("ROOM_CLOSED", "This room is closed");
    case "CLOSED":
      return refuse("CLOSED", "Betting is closed for this round");
    case "NOT_OPEN":
      return refuse("NOT_OPEN", "Betting has not opened for this round yet");
    case "BAD_BASE": {
      const amounts = (row.o_detail ?? "").split(",").map(Number);
      return refuse("BAD_BASE", `The base amount must be one of ${amounts.join(", ")}`, { amounts });
    }
    case "BAD_TOTAL":
      return refuse("BAD_TOTAL", "totalBetAmount must equal baseAmount × betMultiples");
    case "BELOW_ROOM": {
      const limit = Number(row.o_detail);
      return refuse("BELOW_ROOM", `This room needs a balance of at least ${fromCents(limit)}`, {
        amount: fromCents(limit),
      });
    }
    case "ABOVE_ROOM": {
      const limit = Number(row.o_detail);
      return refuse("ABOVE_ROOM", `This room is for balances up to ${fromCents(limit)}`, {
        amount: fromCents(limit),
      });
    }
    case "INSUFFICIENT":
      return refuse("INSUFFICIENT", "Insufficient balance", {
        amount: fromCents(stakeCents),
        ...(balanceCents === null ? {} : { balance: fromCents(balanceCents) }),
      });
    case "KEY_REUSED":
      return new ApiError(Code.CONFLICT, KEY_REUSED, KEY_REUSED_DETAIL);
    case "LOSS_LIMIT": {
      // Player protection (migration 041): "PERIOD,limitCents,leftCents,resetMs".
      const [period, limit, left, resetsAt] = (row.o_detail ?? "").split(",");
      const e = limitRefusal("LOSS", period as LimitPeriod, Number(limit), Number(left), Number(resetsAt));
      return refuse("LOSS_LIMIT", e.message, e.result as Omit<BetRefusalDetail, "reason">);
    }
    case "EXCLUDED": {
      // "TIMEOUT|EXCLUSION,untilMs"
      const [kind, until] = (row.o_detail ?? "").split(",");
      const e = blockRefusal(kind as BlockKind, Number(until));
      return refuse("EXCLUDED", e.message, e.result as Omit<BetRefusalDetail, "reason">, Code.FORBIDDEN);
    }
    default:
      return new ApiError(Code.SERVER_ERROR, "The bet could not be placed");
  }
}

/** The player's balance of a coin in cents (only read to explain a refusal). */
async function balanceOf(db: Sql, userId: number, coin: Coin): Promise<number> {
  const rows = await db.query<{ balance: number }>(
    "SELECT balance FROM accounts WHERE user_id = $1 AND coin = $2",
    [userId, coin],
  );
  return Number(rows[0]?.balance ?? 0);
}

/**
 * Places a bet (input already validated by bettingInputSchema: bet name, multiple range,
 * total = base x multiple) in one round trip: the function game_place_bet (migration 011) checks
 * the round (exists, this room, open at `nowMs`, not settled) and the room (enabled, base amount
 * in its list, the player's balance within its limits and covering the stake), then debits the
 * stake, inserts the bet and writes its BET ledger entry, atomically. A repeated idempotency key
 * returns the first bet and changes nothing; the same key with another bet is refused (409).
 * `beside(tx, betId)`: a row that must exist exactly when the bet does, written in the bet's
 * transaction (a blogger copy's link); the bet is then never batched.
 */
export async function placeBet(
  db: Db,
  userId: number,
  input: BettingInput,
  nowMs: number,
  idempotencyKey?: string | null,
  beside?: (tx: Sql, betId: number) => Promise<void>,
): Promise<PlacedBet> {
  const key = idempotencyKeyOf(idempotencyKey);
  const baseCents = toCents(input.baseAmount);
  const totalCents = toCents(input.totalBetAmount);
  let row: PlaceRow | undefined;
  try {
    const call = {
      userId,
      roundId: input.gameSessionId,
      coin: input.coin,
      level: input.level ?? null,
      betName: input.betName,
      baseCents,
      multiple: input.betMultiples,
      totalCents,
      key,
      nowMs,
    };
    row = beside
      ? await callPlaceBetWith(db, call, (tx, placed) => beside(tx, Number(placed.o_bet_id)))
      : await callPlaceBet(db, call);
  } catch (error) {
    // Two requests with one key raced (PostgreSQL): the loser answers with the winner's bet, if
    // it asked for the same bet.
    if (key && isUniqueViolation(error)) {
      const first = await findByKey(db, userId, key);
      if (first) return repeatOf(first, input);
    }
    // The round was voided (migration 064's trigger): for the player, its betting has closed.
    if ((error as { code?: string }).code === "VOID1")
      throw refusal({ o_status: "CLOSED" } as PlaceRow, 0, null);
    throw error;
  }
  if (row?.o_status === "REPEATED" && key) {
    const first = await findByKey(db, userId, key);
    if (first) return repeatOf(first, input);
  }
  if (row?.o_status !== "OK" || row.o_bet_id === null || row.o_balance === null) {
    const balance = row?.o_status === "INSUFFICIENT" ? await balanceOf(db, userId, input.coin) : null;
    throw refusal(row, totalCents, balance);
  }
  return {
    bet: toBetRecord({
      id: row.o_bet_id,
      gameSessionId: input.gameSessionId,
      coin: input.coin,
      level: row.o_level ?? input.level ?? 0,
      betName: input.betName,
      baseAmountCents: baseCents,
      betMultiples: input.betMultiples,
      totalAmountCents: totalCents,
      winAmountCents: 0,
      status: "WAITING",
      result: null,
      createdAt: row.o_created_at ?? new Date(nowMs),
      endTime: row.o_end_time ?? 0,
      commitment: row.o_commitment,
      beaconRound: row.o_beacon_round,
    }),
    balanceCents: row.o_balance,
    repeated: false,
  };
}
