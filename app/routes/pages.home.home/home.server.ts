import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { getBloggerRank, getDividendsList } from "~/utils/api/bloggers.server";
import { asPageError } from "~/utils/api/errors.server";
import {
  getBetRank,
  getGameChannels,
  getGameConfigList,
  getPlatformBetAmount,
  getPrizePoolAmount,
} from "~/utils/api/lobby.server";
import { findUserMsgList } from "~/utils/api/messages.server";
import { getUserInfo } from "~/utils/api/user.server";
import { type RoundClock, remainingAtServer } from "~/utils/countdown";
import { requireToken } from "~/utils/session.server";
import type { LobbyGame } from "#contract/lobby";

/**
 * A game as its tile shows it: a lottery game's running round (its clock for the countdown and the
 * time left as the server sees it, for the page without JavaScript) and its latest results.
 */
function tileOf(game: LobbyGame) {
  const { round, lastResults, ...rest } = game;
  const clock: RoundClock | null = round
    ? { serverNow: round.timestamp, betEndTime: round.betEndTime, sessionEndTime: round.sessionEndTime }
    : null;
  return {
    ...rest,
    round: round && clock ? { id: String(round.id), clock, left: remainingAtServer(clock) } : null,
    results: (lastResults ?? []).map((r) => ({ id: String(r.id), digit: r.result })),
  };
}

/** A secondary figure that could not be read shows as missing, not as an error page. */
const orNull = <T>(p: Promise<T>) => p.catch(() => null);

/**
 * Home as a lobby: every upstream call in parallel, one round trip each (the page waits for the
 * slowest, not for the sum); the game tiles' rounds and results come with the game list, not
 * from calls of their own. The user is required; the lobby parts degrade to "not available".
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const [user, channels, games, platform, pool, betRank, notices, bloggerRank, dividends] = await Promise.all(
    [
      getUserInfo(request).catch(asPageError),
      orNull(getGameChannels(request)),
      orNull(getGameConfigList(request)),
      orNull(getPlatformBetAmount(request)),
      orNull(getPrizePoolAmount(request)),
      orNull(getBetRank(request)),
      orNull(findUserMsgList(request, 1, 1)),
      orNull(getBloggerRank(request)),
      orNull(getDividendsList(request)),
    ],
  );
  const notice = notices?.content[0];
  return json({
    user: {
      headUrl: user.headUrl,
      nickName: user.nickName,
      phone: user.phone,
      invitation: user.invitation,
      level: user.level,
      chip: user.chip,
      gold: user.gold,
      point: user.point,
    },
    lobby: (channels ?? []).map((c) => ({
      ...c,
      games: (games ?? []).filter((g) => g.channelId === c.id).map(tileOf),
    })),
    platformBetAmount: platform?.chip ?? null,
    prizePool: pool,
    betRank,
    bloggerRank: bloggerRank?.slice(0, 5) ?? null,
    dividends: dividends?.slice(0, 5) ?? null,
    notice: notice ? { id: notice.id, title: notice.title } : null,
  });
}
