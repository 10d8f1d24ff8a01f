import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import type { Coin } from "#contract/money";
import { roomLimitProblem } from "./bet-form";

interface Room {
  enabled: boolean;
  chipMinLimit: number;
  chipMaxLimit: number;
}

/**
 * When the balance is outside every open room of a coin (above the largest room's ceiling, or
 * below the smallest room's floor), the game list says so once and offers the way back into a
 * room (withdraw, recharge or exchange), instead of leaving only rooms that each refuse. Null
 * while some room fits, or none is open.
 */
export function noRoomFits(balance: number, rooms: Room[]) {
  const open = rooms.filter((r) => r.enabled);
  const problems = open.map((r) => roomLimitProblem(balance, { min: r.chipMinLimit, max: r.chipMaxLimit }));
  if (open.length === 0 || problems.some((p) => p === null)) return null;
  if (problems.every((p) => p?.reason === "ABOVE_ROOM")) {
    return { direction: "above" as const, amount: Math.max(...open.map((r) => r.chipMaxLimit)) };
  }
  if (problems.every((p) => p?.reason === "BELOW_ROOM")) {
    return { direction: "below" as const, amount: Math.min(...open.map((r) => r.chipMinLimit)) };
  }
  return { direction: "between" as const, amount: null };
}

/** The ways back into a room, by coin and direction (only what the wallet offers for that coin). */
function waysBack(coin: Coin, direction: "above" | "below" | "between") {
  if (coin === "CHIP") {
    if (direction === "above") return [PAGES.withdrawal, PAGES.exchange] as const;
    if (direction === "below") return [PAGES.recharge, PAGES.exchange] as const;
    return [PAGES.exchange] as const;
  }
  // Gold exchanges both ways with chips; points only turn into chips, which helps only above.
  return coin === "GOLD" || direction !== "below" ? ([PAGES.exchange] as const) : ([] as const);
}

const LABEL = {
  [PAGES.withdrawal]: "common:pages.withdrawal",
  [PAGES.recharge]: "common:pages.recharge",
  [PAGES.exchange]: "common:pages.exchange",
} as const;

export function NoRoomFits({
  coin,
  fit,
  amount,
}: {
  coin: Coin;
  fit: NonNullable<ReturnType<typeof noRoomFits>>;
  /** fit.amount, formatted with its coin. */
  amount: string;
}) {
  const { t } = useTranslation("game");
  const ways = waysBack(coin, fit.direction);
  return (
    <div className="card space-y-3" data-testid="no-room-fits">
      <p className="font-semibold">{t(`gameList.${fit.direction}All`, { amount })}</p>
      {ways.length ? (
        // Side by side while both fit their words (basis auto), else one under the other.
        <div className="flex flex-wrap gap-2">
          {ways.map((to, i) => (
            <Link
              key={to}
              to={to}
              className={`${i === 0 ? "btn-primary" : "btn-secondary"} flex-auto text-center`}
            >
              {t(LABEL[to])}
            </Link>
          ))}
        </div>
      ) : null}
    </div>
  );
}
