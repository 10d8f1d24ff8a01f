import { Link } from "@remix-run/react";
import { memo, useEffect, useRef } from "react";
import type { GameCoin } from "~/components/game/coins";
import { gameUrl } from "~/components/game/format";
import { operatorName } from "~/components/game/names";
import { useTranslation } from "~/utils/i18n-react";

type LevelTab = { level: number; levelName: string; enabled: boolean };

/**
 * The room pills, one row that scrolls sideways. While more rooms lie to the right, a fade with
 * an arrow sits at the row's end, and once scrolled, another at its start (scroll-driven
 * animations show and hide them, and keep them hidden when the row does not scroll at all;
 * tailwind.css .rooms-more, .rooms-less), so a clipped name always shows that the row goes on.
 * With JS the chosen room is scrolled into view.
 */
export const LevelTabs = memo(function LevelTabs({
  levels,
  level,
  coin,
}: {
  levels: LevelTab[];
  level: number;
  coin: GameCoin;
}) {
  const { t } = useTranslation("game");
  const row = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another room is chosen: show it
  useEffect(() => {
    const nav = row.current;
    const chosen = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !chosen) return;
    const left = chosen.offsetLeft - nav.offsetLeft;
    if (left < nav.scrollLeft || left + chosen.offsetWidth > nav.scrollLeft + nav.clientWidth) {
      nav.scrollLeft = left - (nav.clientWidth - chosen.offsetWidth) / 2;
    }
  }, [level]);
  return (
    <nav
      ref={row}
      aria-label={t("levels.label")}
      className="flex gap-2 overflow-x-auto pb-1"
      data-testid="rooms"
    >
      <ScrollHint side="less" />
      {levels.map((l) => {
        const name = operatorName(t, "rooms", l.levelName);
        return l.enabled ? (
          <Link
            key={l.level}
            to={gameUrl({ level: l.level, coin })}
            preventScrollReset
            replace
            aria-current={l.level === level ? "page" : undefined}
            className={`flex min-h-[44px] shrink-0 items-center whitespace-nowrap rounded-full border px-4 text-sm font-semibold ${
              l.level === level
                ? "border-brand bg-brand text-white"
                : "border-gray-300 bg-white text-gray-800 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100"
            }`}
          >
            {name}
          </Link>
        ) : (
          <span
            key={l.level}
            className="flex min-h-[44px] shrink-0 items-center whitespace-nowrap rounded-full border border-dashed border-gray-300 px-4 text-sm text-gray-600 dark:text-gray-400"
          >
            {name} · {t("levels.closed")}
          </span>
        );
      })}
      <ScrollHint side="more" />
    </nav>
  );
});

/** The arrow at one end of the row that says more rooms lie that way (CSS shows it then). */
function ScrollHint({ side }: { side: "less" | "more" }) {
  return (
    <span className={`rooms-${side}`} aria-hidden="true" data-testid={`rooms-${side}`}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        width="20"
        height="20"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
      >
        <path d={side === "less" ? "M15 6l-6 6 6 6" : "M9 6l6 6-6 6"} />
      </svg>
    </span>
  );
}
