import type { BetRankRow } from "#contract/lobby";
import { fromCents } from "#contract/money";
import { stakesByPlayer } from "../game/totals";
import type { Sql } from "../platform/db";
import { publicProfiles } from "../user/users";

const DAY_MS = 86_400_000;
const RANK_SIZE = 10;

const today = (nowMs: number) => {
  const start = nowMs - (nowMs % DAY_MS);
  return [start, start + DAY_MS] as const;
};

/** Today's (UTC) stakes of all players per coin, on rounds ending today. */
export async function platformBetAmount(db: Sql, nowMs: number) {
  const [from, to] = today(nowMs);
  const sum = async (coin: "CHIP" | "GOLD" | "POINT") =>
    fromCents((await stakesByPlayer(db, coin, from, to)).players.reduce((s, p) => s + p.cents, 0));
  const [chip, gold, point] = await Promise.all([sum("CHIP"), sum("GOLD"), sum("POINT")]);
  return { chip, gold, point };
}

/** Today's top players by CHIP stake; phones masked (users.publicProfiles), never a full phone. */
export async function betRank(db: Sql, nowMs: number): Promise<BetRankRow[]> {
  const [from, to] = today(nowMs);
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
