import { type Remaining, formatSeconds } from "~/utils/countdown";
import { useTranslation } from "~/utils/i18n-react";

/**
 * The current round: its id, the two countdowns and the previous draw. `refreshAfter` renders a
 * <meta refresh> inside <noscript>, so only a browser without JS reloads itself at the round's end.
 */
export function RoundPanel({
  roundId,
  title,
  left,
  previousDraw,
  refreshAfter,
}: {
  roundId: string;
  title: string | null;
  left: Remaining;
  previousDraw: string;
  refreshAfter: number;
}) {
  const { t } = useTranslation("game");
  return (
    <section className="card" aria-labelledby="round-title">
      <noscript>
        <meta httpEquiv="refresh" content={String(refreshAfter)} />
      </noscript>
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id="round-title" className="text-sm text-gray-700 dark:text-gray-300">
            {title || t("round.title")}
          </h2>
          <p className="font-mono text-lg font-bold" data-testid="round-id">
            {t("round.id", { id: roundId })}
          </p>
        </div>
        <div className="text-right">
          <p className="text-sm text-gray-700 dark:text-gray-300">{t("round.previousDraw")}</p>
          <p className="font-mono text-lg font-bold tracking-[0.3em]" data-testid="previous-draw">
            {previousDraw}
          </p>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
        <div className="rounded-lg bg-gray-100 p-2 dark:bg-gray-800">
          <dt className="text-xs text-gray-700 dark:text-gray-300">{t("round.betEndsIn")}</dt>
          <dd className="font-mono text-2xl font-bold tabular-nums" data-testid="bet-countdown">
            <time dateTime={`PT${left.bet}S`}>{formatSeconds(left.bet)}</time>
          </dd>
        </div>
        <div className="rounded-lg bg-gray-100 p-2 dark:bg-gray-800">
          <dt className="text-xs text-gray-700 dark:text-gray-300">{t("round.drawIn")}</dt>
          <dd className="font-mono text-2xl font-bold tabular-nums" data-testid="round-countdown">
            <time dateTime={`PT${left.round}S`}>{formatSeconds(left.round)}</time>
          </dd>
        </div>
      </dl>
      <p className="sr-only" aria-live="polite">
        {left.bet === 0 ? t("bet.locked") : ""}
      </p>
    </section>
  );
}
