import { parseDigit } from "~/components/game/bets";
import { getLevels, getResults } from "~/utils/api/game.server";
import { coinSchema } from "#contract/money";

/** How many of a room's newest drawn rounds the verify page offers to check with one tap. */
const SHOWN = 5;

/**
 * The newest drawn rounds of one room (?level= and ?coin= as the game page links them; else the
 * first chip room), for the verify page without a round: each one tap from its verdict. Both
 * calls are the game page's shared ones (decision 019); null when they fail or the room has no
 * draw yet, and the page simply offers the field alone.
 */
export async function latestDraws(request: Request, params: URLSearchParams) {
  const coin = coinSchema.catch("CHIP").parse(params.get("coin") ?? undefined);
  const askedLevel = Number(params.get("level"));
  const level = Number.isInteger(askedLevel) && askedLevel >= 1 && askedLevel <= 99 ? askedLevel : 1;
  try {
    const [page, levels] = await Promise.all([
      getResults(request, { level, coin, pageNo: 1 }),
      getLevels(request, coin),
    ]);
    const rounds = page.content
      .map((row) => ({ id: String(row.id), digit: parseDigit(row.lotteryResult) }))
      .filter((row): row is { id: string; digit: number } => row.digit !== null)
      .slice(0, SHOWN);
    if (!rounds.length) return null;
    const roomName = levels.find((l) => l.level === level)?.levelName ?? null;
    return { coin, level, roomName, rounds };
  } catch {
    return null;
  }
}
