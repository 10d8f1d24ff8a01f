import type { BetRankRow } from "#contract/lobby";
import { fromCents } from "#contract/money";
import { stakesByPlayer } from "../game/totals";
import { operatorDayBounds } from "../limits/operator-day";
import type { Sql } from "../platform/db";
import { publicProfiles } from "../user/users";

const RANK_SIZE = 10;

/**
 * Today's stakes of all players per coin, on rounds ending today: the operator's day
 * (LIMITS_TIME_ZONE, decision 068), the day of the times the player sees.
 */
export async function platformBetAmount(db: Sql, nowMs: number) {
  const [from, to] = await operatorDayBounds(db, nowMs);
  const sum = async (coin: "CHIP" | "GOLD" | "POINT") =>
    fromCents((await stakesByPlayer(db, coin, from, to)).players.reduce((s, p) => s + p.cents, 0));
  const [chip, gold, point] = await Promise.all([sum("CHIP"), sum("GOLD"), sum("POINT")]);
  return { chip, gold, point };
}

/** Today's (the operator's day) top players by CHIP stake; phones masked (users.publicProfiles). */
export async function betRank(db: Sql, nowMs: number): Promise<BetRankRow[]> {
  const [from, to] = await operatorDayBounds(db, nowMs);
  const top = (await stakesByPlayer(db, "CHIP", from, to)).players.slice(0, RANK_SIZE);
  const profiles = await publicProfiles(
    db,
    top.map((p) => p.userId),
  );
  return top.map((p, i) => ({
    rank: i + 1,
    phone: profiles.get(p.userId)?.phone ?? "****",
    nickName: profiles.get(p.userId)?.nickName ?? null,
    headUrl: profiles.get(p.userId)?.headUrl ?? null,
    amount: fromCents(p.cents),
  }));
}
