import {
  betRankSchema,
  gameChannelListSchema,
  gameConfigListSchema,
  gameUrlSchema,
  platformBetAmountSchema,
  prizePoolAmountSchema,
  sandboxLaunchSchema,
} from "#contract/lobby";
import { upstream } from "./client.server";

/** The home lobby (core/src/lobby and the jackpot's pool), on the one client. */

export function getGameChannels(request: Request) {
  return upstream(request, "/app/gameChannel/list", { schema: gameChannelListSchema });
}

export function getGameConfigList(request: Request) {
  return upstream(request, "/app/game/config/list", { schema: gameConfigListSchema });
}

export function getGameUrl(request: Request, gameId: number) {
  return upstream(request, "/app/games/getGameUrl", { params: { gameId }, schema: gameUrlSchema });
}

/** The sandbox provider's check of a signed launch URL (its query, as received). */
export function sandboxLaunch(request: Request, query: Record<string, string>) {
  return upstream(request, "/app/games/sandbox/launch", { params: query, schema: sandboxLaunchSchema });
}

export function getPlatformBetAmount(request: Request) {
  return upstream(request, "/app/summary/platformBetAmount", { schema: platformBetAmountSchema });
}

export function getPrizePoolAmount(request: Request) {
  return upstream(request, "/app/summary/prizePoolAmount", { schema: prizePoolAmountSchema });
}

export function getBetRank(request: Request) {
  return upstream(request, "/app/summary/betRank", { schema: betRankSchema });
}
