/**
 * The game's upstream calls, each a few lines on top of `upstream()` (style: small domain
 * functions over one client). Shapes come from the shared wire contract (contract/game.ts).
 */
import type { BetInput } from "~/components/game/bet-schema";
import { Code } from "#contract/codes";
import {
  type BetRecord,
  type GameSession,
  betRecordPageSchema,
  betRecordSchema,
  bettingResultSchema,
  gameSessionSchema,
  levelListSchema,
  rulesSchema,
  sessionResultPageSchema,
  verifyResultSchema,
  winPageSchema,
} from "#contract/game";
import type { Coin } from "#contract/money";
import { upstream, upstreamEnvelope } from "./client.server";
import { UpstreamError } from "./errors.server";

const GAME = "/app/game/luckyLottery";
/** Spec section 9: session results and lottery records are read 20 at a time. */
export const PAGE_SIZE = 20;

export function getLevels(request: Request, coin: Coin) {
  return upstream(request, `${GAME}/getLevelList`, { params: { coin }, schema: levelListSchema });
}

/**
 * The open round of a level, or null with the upstream's message when the level has none
 * ("The current session configuration is empty" comes as a non-200 code).
 */
export async function getRound(
  request: Request,
  level: number,
  coin: Coin,
): Promise<{ round: GameSession | null; message: string | null }> {
  try {
    const round = await upstream(request, `${GAME}/getSession`, {
      params: { level, coin },
      schema: gameSessionSchema,
    });
    return { round, message: null };
  } catch (error) {
    if (
      error instanceof UpstreamError &&
      error.failure === "refused" &&
      error.code >= 400 &&
      error.code < 500
    ) {
      return { round: null, message: error.message };
    }
    throw error;
  }
}

export function getResults(request: Request, q: { level: number; coin: Coin; pageNo: number }) {
  return upstream(request, `${GAME}/sessionResultPage`, {
    params: { ...q, pageSize: PAGE_SIZE },
    schema: sessionResultPageSchema,
  });
}

export function getMyLotteryRecords(request: Request, q: { coin: Coin; pageNo: number; level?: number }) {
  return upstream(request, `${GAME}/userLotteryRecordPage`, {
    params: { ...q, pageSize: PAGE_SIZE },
    schema: betRecordPageSchema,
  });
}

/** Places a bet. The answer's message is always shown, whatever the code (spec section 7). */
export function placeBet(request: Request, bet: BetInput) {
  const { gameSessionId, betName, baseAmount, betMultiples, totalBetAmount, coin, level } = bet;
  return upstreamEnvelope(request, `${GAME}/betting`, {
    method: "POST",
    params: { gameSessionId, betName, baseAmount, betMultiples, totalBetAmount, coin, level },
    schema: bettingResultSchema,
    idempotencyKey: bet.idempotencyKey,
  });
}

export function getBetRecords(request: Request, q: { pageNo: number; coin?: Coin; pageSize?: number }) {
  return upstream(request, "/app/user/betRecord/page", {
    params: { pageSize: PAGE_SIZE, ...q },
    schema: betRecordPageSchema,
  });
}

export function getWinRecords(request: Request, q: { pageNo: number; coin?: Coin }) {
  return upstream(request, "/app/user/betRecord/winPage", {
    params: { ...q, pageSize: PAGE_SIZE },
    schema: winPageSchema,
  });
}

/** One of the player's bets by id; null when the player has no such bet (upstream 404). */
export async function getBetRecord(request: Request, id: number): Promise<BetRecord | null> {
  try {
    return await upstream(request, "/app/user/betRecord/detail", { params: { id }, schema: betRecordSchema });
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export function getRoundForVerify(request: Request, sessionId: number) {
  return upstream(request, `${GAME}/verify`, { params: { sessionId }, schema: verifyResultSchema });
}

export function getRules(request: Request) {
  return upstream(request, `${GAME}/rules`, { schema: rulesSchema });
}

/** The sign shown before amounts: the currency sign for CHIP, none for GOLD and POINT. */
export function coinSymbol(coin: Coin, currencySign: string): string {
  return coin === "CHIP" ? currencySign : "";
}

export function isNotFound(error: unknown): boolean {
  return error instanceof UpstreamError && error.code === Code.NOT_FOUND;
}
