import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Balances } from "~/components/Balances";
import { TabBar } from "~/components/TabBar";
import { TitledCard } from "~/components/TitledCard";
import { UserNavBar } from "~/components/UserNavBar";
import { operatorName } from "~/components/game/names";
import { BloggerRankRow } from "~/components/social/BloggerRankRow";
import { useTranslation } from "~/utils/i18n-react";
import { lazyComponent } from "~/utils/lazy";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { loader } from "./home.server";

export const handle = { i18n: ["common", "account", "assets", "social"] };
export const meta = pageTitle("home.title", "account");

/** Home ("/" and /pages/home/home): the lobby. */
export { loader };

type Data = ReturnType<typeof useLoaderData<typeof loader>>;

// The game tiles with their balls and countdown: the server renders them in full (also without
// JavaScript); their code loads in the browser as the page hydrates, outside the JavaScript the
// page loads at start (100 KB gzip, tests/app/social-bundle). Its one prop is the loader's data,
// the same object from one render to the next (see lazyComponent).
const Lobby = lazyComponent(() => import("./Lobby").then((m) => m.Lobby));

export default function HomePage() {
  const { t } = useTranslation("account");
  const { t: ts } = useTranslation("social");
  const data = useLoaderData<typeof loader>();
  const { user } = data;
  return (
    <>
      <header>
        <h1 className="sr-only">{t("home.title")}</h1>
        <UserNavBar user={user} />
      </header>
      <main className="mx-auto max-w-md space-y-4 p-4 pb-24">
        {data.notice ? (
          <Link
            to={`${PAGES.noticeDetail}?id=${data.notice.id}`}
            className="flex min-h-[44px] items-center gap-2 overflow-hidden rounded-full bg-pink-50 px-3 py-2 text-sm text-pink-900 dark:bg-gray-800 dark:text-pink-200"
            data-testid="notice-marquee"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5 shrink-0"
              fill="none"
              stroke="currentColor"
            >
              <path strokeWidth="1.8" strokeLinecap="round" d="M4 10v4h3l5 4V6L7 10H4zm12-1a4 4 0 010 6" />
            </svg>
            <span className="sr-only">{ts("common:labelled", { label: ts("lobby.notice") })} </span>
            <span className="min-w-0 flex-1 overflow-hidden">
              <span className="marquee-track">{data.notice.title}</span>
            </span>
          </Link>
        ) : null}
        <Balances chip={user.chip} gold={user.gold} point={user.point} />
        {/* Everyone's figures, not the player's: said above them, under the player's balances. */}
        <section className="space-y-2" aria-labelledby="platform-title">
          <h2 id="platform-title" className="px-1 text-base font-semibold">
            {ts("lobby.figures")}
          </h2>
          {/* Side by side while both amounts fit whole; else each on its own row (₹1,681,856.00). */}
          <div className="flex flex-wrap gap-3">
            <Figure label={ts("lobby.platformBets")} value={data.platformBetAmount} testId="platform-bets" />
            <Figure
              label={ts("lobby.prizePool")}
              value={data.prizePool}
              testId="prize-pool"
              to={PAGES.jackpot}
            />
          </div>
        </section>
        <Lobby lobby={data.lobby} />
        <BetRank rows={data.betRank} />
        <BloggerRank rows={data.bloggerRank} />
        <Dividends rows={data.dividends} />
      </main>
      <TabBar active="home" />
    </>
  );
}

function Figure({
  label,
  value,
  testId,
  to,
}: { label: string; value: number | null; testId: string; to?: string }) {
  const fmt = useFormat();
  const body = (
    <>
      <span className="block text-xs text-gray-600 dark:text-gray-400">{label}</span>
      <span className="block text-lg font-bold tabular-nums [overflow-wrap:anywhere]" data-testid={testId}>
        {value === null ? "—" : fmt.coinMoney(value, "CHIP")}
      </span>
    </>
  );
  return to ? (
    <Link to={to} className="card block flex-auto p-3">
      {body}
    </Link>
  ) : (
    <div className="card flex-auto p-3">{body}</div>
  );
}

/** A lobby card's rows: "unavailable" when its call failed (null), `empty` when there are none. */
function RowsOr<T>({
  rows,
  empty,
  children,
}: { rows: T[] | null; empty: string; children: (rows: T[]) => ReactNode }) {
  const { t } = useTranslation("social");
  if (rows === null)
    return <p className="text-sm text-gray-600 dark:text-gray-400">{t("lobby.unavailable")}</p>;
  if (rows.length === 0) return <p className="text-sm text-gray-600 dark:text-gray-400">{empty}</p>;
  return <>{children(rows)}</>;
}

function BetRank({ rows }: { rows: Data["betRank"] }) {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  return (
    <TitledCard id="bet-rank-title" title={t("lobby.betRank")} className="space-y-2">
      <RowsOr rows={rows} empty={t("lobby.noBetsToday")}>
        {(list) => (
          <ol className="divide-y divide-gray-100 dark:divide-gray-800">
            {list.map((row) => (
              <li
                key={row.rank}
                className="flex flex-wrap items-center gap-x-3 py-2"
                data-testid="bet-rank-row"
              >
                <span
                  className={`flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-bold ${
                    row.rank === 1
                      ? "bg-amber-400 text-amber-950"
                      : row.rank === 2
                        ? "bg-gray-300 text-gray-900"
                        : row.rank === 3
                          ? "bg-orange-300 text-orange-950"
                          : "bg-gray-100 dark:bg-gray-800"
                  }`}
                >
                  {row.rank}
                </span>
                <span className="min-w-0 flex-auto">{row.nickName || row.phone}</span>
                <span className="ml-auto whitespace-nowrap font-semibold tabular-nums">
                  {fmt.coinMoney(row.amount, "CHIP")}
                </span>
              </li>
            ))}
          </ol>
        )}
      </RowsOr>
    </TitledCard>
  );
}

function BloggerRank({ rows }: { rows: Data["bloggerRank"] }) {
  const { t } = useTranslation("social");
  return (
    <TitledCard
      id="blogger-rank-title"
      title={t("lobby.bloggerRank")}
      className="space-y-2"
      action={
        <Link
          to={PAGES.blogger}
          className="-my-2.5 inline-flex min-h-[44px] items-center text-sm font-semibold text-brand-dark underline dark:text-pink-300"
        >
          {t("blogger.title")}
        </Link>
      }
    >
      <RowsOr rows={rows} empty={t("lobby.noBloggers")}>
        {(list) => (
          <ol className="divide-y divide-gray-100 dark:divide-gray-800">
            {list.map((row) => (
              <BloggerRankRow key={row.bloggerId} blogger={row} compact testId="blogger-rank-row" />
            ))}
          </ol>
        )}
      </RowsOr>
    </TitledCard>
  );
}

function Dividends({ rows }: { rows: Data["dividends"] }) {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  return (
    <TitledCard id="dividends-title" title={t("lobby.dividends")} className="space-y-2">
      <RowsOr rows={rows} empty={t("lobby.noDividends")}>
        {(list) => (
          <ul className="divide-y divide-gray-100 dark:divide-gray-800">
            {list.map((row) => (
              <li
                key={`${row.day}-${row.phone}`}
                className="flex flex-wrap items-center gap-x-3 py-2"
                data-testid="dividend-row"
              >
                {/* The day under the name: a large amount beside both kept a 320 px row too narrow. */}
                <span className="min-w-0 flex-auto">
                  <span className="block">{row.nickName || row.phone}</span>
                  <span className="block text-xs text-gray-600 dark:text-gray-400">{row.day}</span>
                </span>
                <span className="ml-auto whitespace-nowrap font-semibold tabular-nums text-green-700 dark:text-green-400">
                  {fmt.coinMoney(row.amount, "CHIP")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </RowsOr>
    </TitledCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
