import { Link } from "@remix-run/react";
import { memo } from "react";
import { Pager } from "~/components/Pager";
import { DigitBall } from "~/components/game/DigitBall";
import { digitColours, digitSize, parseDigit } from "~/components/game/bets";
import { GAME_TABS, type GameTab } from "~/components/game/format";
import { useTranslation } from "~/utils/i18n-react";
import { lazyComponent } from "~/utils/lazy";

/** Only on the trend tab: loaded on demand (see lazyComponent; the game page preloads it when idle). */
export const TrendChart = lazyComponent(() => import("./TrendChart").then((m) => m.TrendChart));
/** Only on the "my records" tab: loaded on demand, like the trend chart. */
export const MyRecords = lazyComponent(() => import("./MyRecords").then((m) => m.MyRecords));

type ResultRow = { id: string; lotteryResult?: unknown; sessionEndTime?: number | null };
export type RecordRow = {
  id?: string;
  gameSessionId: string;
  betName: string;
  totalBetAmount?: number;
  winAmount?: number | null;
  status?: string | number | null;
  lotteryResult?: unknown;
};

export type TabData =
  | { tab: "pastHistory"; rows: ResultRow[]; page: number; pages: number }
  | { tab: "trend"; rows: ResultRow[]; page: number; pages: number }
  | { tab: "myRecords"; rows: RecordRow[]; page: number; pages: number };

/** Past results (default), the trend chart and the player's records, as linked tabs. */
export const ResultTabs = memo(function ResultTabs({
  data,
  hrefOf,
  symbol,
}: {
  data: TabData;
  hrefOf: (tab: GameTab, page?: number) => string;
  symbol: string;
}) {
  const { t } = useTranslation("game");
  return (
    <section className="card" aria-label={t("tabs.label")}>
      <nav className="mb-3 flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800">
        {GAME_TABS.map((tab) => (
          <Link
            key={tab}
            to={hrefOf(tab)}
            preventScrollReset
            replace
            aria-current={tab === data.tab ? "page" : undefined}
            className={`flex min-h-[44px] flex-auto items-center justify-center rounded-md px-2 text-center text-sm font-semibold ${
              tab === data.tab
                ? "bg-white text-brand-dark shadow dark:bg-gray-950 dark:text-pink-200"
                : "text-gray-700 dark:text-gray-300"
            }`}
          >
            {t(`tabs.${tab}`)}
          </Link>
        ))}
      </nav>
      {data.tab === "pastHistory" ? <PastResults rows={data.rows} /> : null}
      {data.tab === "trend" ? <TrendChart rows={data.rows} /> : null}
      {data.tab === "myRecords" ? <MyRecords rows={data.rows} symbol={symbol} /> : null}
      {data.tab !== "trend" ? (
        <Pager page={data.page} pages={data.pages} hrefOf={(p) => hrefOf(data.tab, p)} />
      ) : null}
    </section>
  );
});

function PastResults({ rows }: { rows: ResultRow[] }) {
  const { t } = useTranslation("game");
  if (!rows.length) return <p className="py-6 text-center text-gray-700 dark:text-gray-300">{t("empty")}</p>;
  return (
    // Auto layout: the columns take what their content needs (the round id never wraps; headers
    // and words wrap), so the table fits a 360 px screen in every language. With the text
    // enlarged (200 %) it may not: its box scrolls sideways, the page does not.
    <div className="overflow-x-auto">
      <table className="w-full table-auto border-collapse text-left text-sm">
        <caption className="sr-only">{t("tabs.pastHistory")}</caption>
        <thead className="text-[11px] leading-tight text-gray-700 dark:text-gray-300">
          <tr>
            {[
              [t("results.round"), "py-1 pr-2"],
              [t("results.number"), "px-1"],
              [t("results.size"), "px-1"],
              [t("results.colour"), "pl-1"],
            ].map(([label, padding]) => (
              <th key={label} scope="col" className={`${padding} align-bottom font-semibold`}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const digit = parseDigit(row.lotteryResult);
            return (
              <tr key={row.id} className="border-t border-gray-200 dark:border-gray-700">
                <td className="whitespace-nowrap py-1.5 pr-2 font-mono text-[11px]">{row.id}</td>
                <td className="px-1">{digit === null ? "—" : <DigitBall digit={digit} size={28} />}</td>
                <td className="px-1">{digit === null ? "—" : t(`betName.${digitSize(digit)}`)}</td>
                <td className="pl-1">
                  {digit === null
                    ? "—"
                    : digitColours(digit)
                        .map((c) => t(`betName.${c}`))
                        .join(" + ")}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
