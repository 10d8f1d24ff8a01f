import { Link } from "@remix-run/react";
import { DigitBall } from "~/components/game/DigitBall";
import { operatorName } from "~/components/game/names";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import type { Coin } from "#contract/money";

/** A room's newest draws, each a link to its verdict: the page's way in for a player with no number. */
export function LatestDraws({
  coin,
  level,
  roomName,
  rounds,
}: {
  coin: Coin;
  level: number;
  roomName: string | null;
  rounds: Array<{ id: string; digit: number }>;
}) {
  const { t } = useTranslation("game");
  const room = [t(`common:coin.${coin}`), roomName ? operatorName(t, "rooms", roomName) : level].join(" · ");
  return (
    <section className="card p-0" aria-labelledby="latest-draws-title">
      <h2 id="latest-draws-title" className="px-4 pb-1 pt-3 font-semibold">
        {t("verify.latest", { room })}
      </h2>
      <ul className="divide-y divide-gray-100 dark:divide-gray-800">
        {rounds.map((round) => (
          <li key={round.id}>
            <Link
              to={`${PAGES.verify}?sessionId=${round.id}&level=${level}&coin=${coin}`}
              className="flex min-h-[48px] items-center gap-3 px-4 py-2"
            >
              <span className="min-w-0 flex-1 font-mono text-sm">{round.id}</span>
              <DigitBall digit={round.digit} size={28} />
              <span className="text-sm font-semibold text-brand-dark dark:text-pink-300">
                {t("verify.submit")}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
