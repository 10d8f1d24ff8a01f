/**
 * The game's upstream calls, each a few lines on top of `upstream()` (style: small domain
 * functions over one client). Shapes come from the shared wire contract (contract/game.ts).
 */
import type { z } from "zod";
import type { BetInput } from "~/components/game/bet-schema";
import { Code } from "#contract/codes";
import {
  type BetRecord,
  type GameLevel,
  type GameSession,
  betRecordPageSchema,
  betRecordSchema,
  bettingResultSchema,
  fairnessSchema,
  gameSessionSchema,
  levelListSchema,
  rulesSchema,
  sessionResultPageSchema,
  verifyResultSchema,
  winPageSchema,
} from "#contract/game";
import type { Coin } from "#contract/money";
import { SharedCache } from "../shared-cache.server";
import { upstream, upstreamEnvelope, upstreamLanguage } from "./client.server";
import { UpstreamError } from "./errors.server";

const GAME = "/app/game/luckyLottery";
/** Spec section 9: session results and lottery records are read 20 at a time. */
export const PAGE_SIZE = 20;

/**
 * What every player sees alike is asked once for all of them (decision 019): the rooms for 5 s,
 * a room's round until it ends (5 s at most), a room's results for 1 s and never past the end of
 * its round. Keyed by the language the upstream is asked in. Balances and bets are never kept.
 */
const sharedAnswers = {
  levels: new SharedCache<GameLevel[]>({ maxAgeMs: 5_000 }),
  rounds: new SharedCache<GameSession>({ maxAgeMs: 5_000 }),
  results: new SharedCache<z.infer<typeof sessionResultPageSchema>>({ maxAgeMs: 1_000 }),
};

export async function getLevels(request: Request, coin: Coin) {
  const key = `${await upstreamLanguage(request)}|${coin}`;
  const { value } = await sharedAnswers.levels.get(key, () =>
    upstream(request, `${GAME}/getLevelList`, { params: { coin }, schema: levelListSchema }),
  );
  return value;
}

const roundKey = (lang: string, level: number, coin: Coin) => `${lang}|${coin}|${level}`;

/**
 * The open round of a room, kept until it ends. The upstream's `timestamp` (its clock when it
 * answered, which the countdowns start from) is moved on by the time the answer was kept.
 */
async function getSharedRound(request: Request, level: number, coin: Coin): Promise<GameSession> {
  const key = roundKey(await upstreamLanguage(request), level, coin);
  const { value, ageMs } = await sharedAnswers.rounds.get(
    key,
    () => upstream(request, `${GAME}/getSession`, { params: { level, coin }, schema: gameSessionSchema }),
    (round) => round.sessionEndTime - round.timestamp,
  );
  return ageMs > 0 ? { ...value, timestamp: value.timestamp + ageMs } : value;
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
    return { round: await getSharedRound(request, level, coin), message: null };
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

/** A room's finished rounds, kept 1 s at most and never past the end of the room's known round. */
export async function getResults(request: Request, q: { level: number; coin: Coin; pageNo: number }) {
  const lang = await upstreamLanguage(request);
  const { value } = await sharedAnswers.results.get(
    `${lang}|${q.coin}|${q.level}|${q.pageNo}`,
    () =>
      upstream(request, `${GAME}/sessionResultPage`, {
        params: { ...q, pageSize: PAGE_SIZE },
        schema: sessionResultPageSchema,
      }),
    () => {
      const roundEnds = sharedAnswers.rounds.expiresAt(roundKey(lang, q.level, q.coin));
      return roundEnds === undefined ? Number.POSITIVE_INFINITY : roundEnds - Date.now();
    },
  );
  return value;
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

/** The public fairness facts: keys, chains (terminal hashes) and the newest signed log entries. */
export function getFairness(request: Request) {
  return upstream(request, `${GAME}/fairness`, { schema: fairnessSchema });
}

export function getRules(request: Request) {
  return upstream(request, `${GAME}/rules`, { schema: rulesSchema });
}

/** The sign shown before amounts: the currency sign for CHIP, none for GOLD and POINT. */
export function coinSymbol(coin: Coin, currencySign: string): string {
  return coin === "CHIP" ? currencySign : "";
}

function isNotFound(error: unknown): boolean {
  return error instanceof UpstreamError && error.code === Code.NOT_FOUND;
}
