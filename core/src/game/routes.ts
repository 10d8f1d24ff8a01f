import { Code } from "#contract/codes";
import {
  BET_NAMES,
  BET_PLACED_MESSAGE,
  EMPTY_SESSION_MESSAGE,
  type GameLevel,
  type GameSession,
  MAX_BET_MULTIPLE,
  betRecordDetailInputSchema,
  betRecordPageInputSchema,
  bettingInputSchema,
  coloursOf,
  fairnessLogInputSchema,
  levelListInputSchema,
  sessionInputSchema,
  sessionResultPageInputSchema,
  userLotteryRecordPageInputSchema,
  verifyInputSchema,
  winPageInputSchema,
} from "#contract/game";
import { Header } from "#contract/headers";
import { fromCents } from "#contract/money";
import { beaconInfo } from "../beacon/beacon";
import type { CoreRouter, Deps } from "../platform/context";
import { ApiError, ok, parseInput, reply, requireUser } from "../platform/http";
import { placeBet } from "./bets";
import { listChains } from "./chains";
import { fairnessOf } from "./fairness-keys";
import { latestLog, readLog } from "./fairness-log";
import { type Level, getLevel, listLevels } from "./levels";
import { betDetail, betPage, sessionResultPage, winPage } from "./records";
import { currentRound, findRound } from "./rounds";
import { type GameTiming, gameTiming, getPayoutTable } from "./settings";
import { verifyView } from "./verify";

export const GAME_TITLE = "Colour Lottery";

const timings = new WeakMap<Deps, GameTiming>();
/** Round timing for these deps (from the config, else ROUND_SECONDS / BET_CLOSE_SECONDS). */
function timingOf(deps: Deps): GameTiming {
  let timing = timings.get(deps);
  if (!timing) {
    timing = gameTiming(deps.config);
    timings.set(deps, timing);
  }
  return timing;
}

function levelView(l: Level): GameLevel {
  return {
    coin: l.coin,
    level: l.level,
    levelName: l.levelName,
    chipMinLimit: fromCents(l.chipMinLimitCents),
    chipMaxLimit: fromCents(l.chipMaxLimitCents),
    enableFlag: l.enableFlag,
    betBaseAmountStr: l.betBaseAmountStr,
    betMultipleStr: l.betMultipleStr,
  };
}

/**
 * The game calls (contract/game.ts), on the router whose paths are relative to /core; its
 * middleware provides deps, the user and the error envelopes.
 */
export function gameRoutes(app: CoreRouter) {
  const game = "/app/game/luckyLottery";

  app.get(`${game}/getLevelList`, async (c) => {
    const { coin } = await parseInput(c, levelListInputSchema);
    return ok(c, (await listLevels(c.get("deps").db, coin)).map(levelView));
  });

  app.get(`${game}/getSession`, async (c) => {
    const { level, coin } = await parseInput(c, sessionInputSchema);
    const deps = c.get("deps");
    const room = await getLevel(deps.db, coin, level);
    if (!room?.enableFlag) throw new ApiError(Code.NOT_FOUND, EMPTY_SESSION_MESSAGE);
    const now = deps.now();
    const round = await currentRound(deps.db, coin, level, now, timingOf(deps), fairnessOf(deps.config));
    const session: GameSession = {
      id: round.id,
      coin,
      level,
      startTime: round.startTime,
      betEndTime: round.betEndTime,
      sessionEndTime: round.endTime,
      chipMinLimit: fromCents(room.chipMinLimitCents),
      chipMaxLimit: fromCents(room.chipMaxLimitCents),
      gameLevelName: room.levelName,
      gameTitle: GAME_TITLE,
      betBaseAmountStr: room.betBaseAmountStr,
      betMultipleStr: room.betMultipleStr,
      seedHash: round.seedHash,
      beaconRound: round.beaconRound === null ? null : Number(round.beaconRound),
      payout: round.payout,
      timestamp: now,
      ...(round.voided ? { voided: true } : {}),
    };
    return ok(c, session);
  });

  app.post(`${game}/betting`, async (c) => {
    const user = requireUser(c);
    const input = await parseInput(c, bettingInputSchema);
    const deps = c.get("deps");
    const placed = await placeBet(deps.db, user.id, input, deps.now(), c.req.header(Header.idempotencyKey));
    return reply(c, Code.OK, BET_PLACED_MESSAGE, { ...placed.bet, balance: fromCents(placed.balanceCents) });
  });

  app.get(`${game}/sessionResultPage`, async (c) => {
    const q = await parseInput(c, sessionResultPageInputSchema);
    return ok(c, await sessionResultPage(c.get("deps").db, q));
  });

  app.get(`${game}/userLotteryRecordPage`, async (c) => {
    const user = requireUser(c);
    const q = await parseInput(c, userLotteryRecordPageInputSchema);
    return ok(c, await betPage(c.get("deps").db, user.id, q));
  });

  app.get(`${game}/verify`, async (c) => {
    const { sessionId } = await parseInput(c, verifyInputSchema);
    const deps = c.get("deps");
    const round = await findRound(deps.db, sessionId);
    if (!round) throw new ApiError(Code.NOT_FOUND, "This round does not exist");
    return ok(c, await verifyView(deps.db, fairnessOf(deps.config), round, deps.now()));
  });

  app.get(`${game}/fairness`, async (c) => {
    const deps = c.get("deps");
    const f = fairnessOf(deps.config);
    return ok(c, {
      logPublicKey: f.logPublicKey,
      beacon: beaconInfo(f.beacon),
      rtpCeiling: f.rtpCeiling,
      chains: await listChains(deps.db),
      log: await latestLog(deps.db, 20),
    });
  });

  app.get(`${game}/fairnessLog`, async (c) => {
    const q = await parseInput(c, fairnessLogInputSchema);
    const deps = c.get("deps");
    return ok(c, {
      logPublicKey: fairnessOf(deps.config).logPublicKey,
      entries: await readLog(deps.db, q.afterSeq ?? 0, q.limit ?? 500),
    });
  });

  app.get(`${game}/rules`, async (c) => {
    const deps = c.get("deps");
    const timing = timingOf(deps);
    const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    return ok(c, {
      payout: await getPayoutTable(deps.db),
      colours: Object.fromEntries(digits.map((d) => [String(d), coloursOf(d)])),
      big: digits.filter((d) => d >= 5),
      small: digits.filter((d) => d < 5),
      betNames: [...BET_NAMES],
      roundSeconds: timing.roundSeconds,
      betCloseSeconds: timing.betCloseSeconds,
      maxBetMultiple: MAX_BET_MULTIPLE,
      rtpCeiling: fairnessOf(deps.config).rtpCeiling,
    });
  });

  app.get("/app/user/betRecord/page", async (c) => {
    const user = requireUser(c);
    const q = await parseInput(c, betRecordPageInputSchema);
    return ok(c, await betPage(c.get("deps").db, user.id, q));
  });

  app.get("/app/user/betRecord/detail", async (c) => {
    const user = requireUser(c);
    const { id } = await parseInput(c, betRecordDetailInputSchema);
    const bet = await betDetail(c.get("deps").db, user.id, id);
    if (!bet) throw new ApiError(Code.NOT_FOUND, "No such bet");
    return ok(c, bet);
  });

  app.get("/app/user/betRecord/winPage", async (c) => {
    const q = await parseInput(c, winPageInputSchema);
    return ok(c, await winPage(c.get("deps").db, q));
  });
}
