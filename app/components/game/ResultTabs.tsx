import { Link } from "@remix-run/react";
import { Suspense, memo } from "react";
import { useTranslation } from "~/utils/i18n-react";
import { lazyComponent } from "~/utils/lazy";
import { BetTag, DigitBall } from "./DigitBall";
import { Pager } from "./Pager";
import { digitColours, digitSize, parseDigit } from "./bets";
import { GAME_TABS, type GameTab, formatAmount } from "./format";

/** Only on the trend tab: loaded on demand (see lazyComponent; the game page preloads it when idle). */
export const TrendChart = lazyComponent(() => import("./TrendChart").then((m) => m.TrendChart));

type ResultRow = { id: string; lotteryResult?: unknown; sessionEndTime?: number | null };
type RecordRow = {
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
      <nav className="mb-3 grid grid-cols-3 gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800">
        {GAME_TABS.map((tab) => (
          <Link
            key={tab}
            to={hrefOf(tab)}
            preventScrollReset
            replace
            aria-current={tab === data.tab ? "page" : undefined}
            className={`flex min-h-[44px] items-center justify-center rounded-md text-sm font-semibold ${
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
      {data.tab === "trend" ? (
        <Suspense fallback={null}>
          <TrendChart rows={data.rows} />
        </Suspense>
      ) : null}
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
    // and words wrap), so the table fits a 360 px screen in every language.
    <table className="w-full table-auto border-collapse text-left text-sm">
      <caption className="sr-only">{t("tabs.pastHistory")}</caption>
      <thead className="text-[11px] leading-tight text-gray-700 dark:text-gray-300">
        <tr>
          <th scope="col" className="py-1 pr-2 align-bottom font-semibold">
            {t("results.round")}
          </th>
          <th scope="col" className="px-1 align-bottom font-semibold">
            {t("results.number")}
          </th>
          <th scope="col" className="px-1 align-bottom font-semibold">
            {t("results.size")}
          </th>
          <th scope="col" className="pl-1 align-bottom font-semibold">
            {t("results.colour")}
          </th>
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
  );
}

/** Status of a record: a won/lost/pending word from the row's fields. */
export function recordStatus(row: {
  status?: string | number | null;
  winAmount?: number | null;
  lotteryResult?: unknown;
}) {
  const status = String(row.status ?? "").toUpperCase();
  if (status === "WIN" || status === "WON") return "won";
  if (status === "LOSE" || status === "LOST") return "lost";
  if (status === "PENDING" || status === "WAITING" || status === "OPEN" || status === "0") return "pending";
  if (parseDigit(row.lotteryResult) === null) return "pending";
  return (row.winAmount ?? 0) > 0 ? "won" : "lost";
}

function MyRecords({ rows, symbol }: { rows: RecordRow[]; symbol: string }) {
  const { t } = useTranslation("game");
  if (!rows.length) return <p className="py-6 text-center text-gray-700 dark:text-gray-300">{t("empty")}</p>;
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-700">
      {rows.map((row, i) => {
        const status = recordStatus(row);
        const digit = parseDigit(row.lotteryResult);
        return (
          <li
            key={row.id ?? `${row.gameSessionId}-${i}`}
            className="flex items-center justify-between gap-2 py-2"
          >
            <div className="min-w-0">
              <p className="font-mono text-sm">{t("round.id", { id: row.gameSessionId })}</p>
              <p className="mt-1 flex items-center gap-2 text-sm">
                <BetTag name={row.betName} />
                <span>
                  {symbol}
                  {formatAmount(row.totalBetAmount)}
                </span>
                {digit !== null ? <DigitBall digit={digit} size={24} /> : null}
              </p>
            </div>
            <p
              className={`text-right text-sm font-semibold ${
                status === "won"
                  ? "text-green-800 dark:text-green-300"
                  : status === "lost"
                    ? "text-red-700 dark:text-red-300"
                    : "text-gray-700 dark:text-gray-300"
              }`}
            >
              {t(`records.${status}`)}
              {status === "won" ? (
                <span className="block">
                  +{symbol}
                  {formatAmount(row.winAmount)}
                </span>
              ) : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
