import { Countdown } from "~/components/game/Countdown";
import { DigitBall } from "~/components/game/DigitBall";
import { operatorName } from "~/components/game/names";
import type { Remaining } from "~/utils/countdown";
import { useTranslation } from "~/utils/i18n-react";
import { lazyComponent } from "~/utils/lazy";

// Drawn by the server; its copy button's code (and the clipboard's) comes just after hydration,
// out of the page's start-up JavaScript. Its one prop is a string, the same between ticks.
const Commitment = lazyComponent(() => import("~/components/game/Commitment").then((m) => m.Commitment));

/**
 * The current round: the game and room (translated), the round id on one line, the previous draw
 * as five balls and the two countdowns. `refreshAfter` renders a <meta refresh> inside
 * <noscript>, so only a browser without JS reloads itself at the round's end; until then its
 * countdowns run by CSS (`live` is false before hydration, see Countdown).
 */
export function RoundPanel({
  roundId,
  gameTitle,
  levelName,
  left,
  previousDraw,
  refreshAfter,
  live,
  commitment,
  voided = false,
}: {
  /** The round's commitment, shown before any bet (decision 040). */
  commitment: string;
  /** Voided (decision 058): no draw comes, the countdown runs to the next round. */
  voided?: boolean;
  roundId: string;
  gameTitle: string;
  levelName: string;
  left: Remaining;
  previousDraw: string;
  refreshAfter: number;
  live: boolean;
}) {
  const { t } = useTranslation("game");
  const title = [operatorName(t, "gameTitles", gameTitle), operatorName(t, "rooms", levelName)]
    .filter(Boolean)
    .join(" · ");
  const digits = [...previousDraw].map(Number);
  return (
    <section className="card" aria-labelledby="round-title">
      <noscript>
        <meta httpEquiv="refresh" content={String(refreshAfter)} />
      </noscript>
      <h2 id="round-title" className="text-sm text-gray-700 dark:text-gray-300">
        {title || t("round.title")}
      </h2>
      {/* One line at 360 px in every language: the id never leaves a word (期, 回, 회차) alone on the
          next line. Text enlarged to 200 % may break it anywhere rather than widen the page. */}
      <p
        className="font-mono [overflow-wrap:anywhere] text-[clamp(0.95rem,5vw,1.125rem)] font-bold"
        data-testid="round-id"
      >
        {t("round.id", { id: roundId })}
      </p>
      <Commitment value={commitment} testId="round-commitment" />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="text-sm text-gray-700 dark:text-gray-300" id="previous-draw-label">
          {t("round.previousDraw")}
        </p>
        <ol className="flex gap-1.5" data-testid="previous-draw" aria-labelledby="previous-draw-label">
          {digits.map((digit, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: five positions, newest first
            <li key={i}>
              <DigitBall digit={digit} size={28} />
            </li>
          ))}
        </ol>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-center">
        <div className="rounded-lg bg-gray-100 p-2 dark:bg-gray-800">
          <dt className="text-xs text-gray-700 dark:text-gray-300">{t("round.betEndsIn")}</dt>
          <Countdown seconds={left.bet} live={live} testId="bet-countdown" />
        </div>
        <div className="rounded-lg bg-gray-100 p-2 dark:bg-gray-800">
          <dt className="text-xs text-gray-700 dark:text-gray-300">
            {t(voided ? "round.nextIn" : "round.drawIn")}
          </dt>
          <Countdown seconds={left.round} live={live} testId="round-countdown" />
        </div>
      </dl>
      <p className="sr-only" aria-live="polite">
        {left.bet === 0 ? t("bet.locked") : ""}
      </p>
    </section>
  );
}
