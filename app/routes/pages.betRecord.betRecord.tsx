import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { SegmentedTabs } from "~/components/SegmentedTabs";
import { coinAmount } from "~/components/assets/money";
import { BetLine } from "~/components/game/BetLine";
import { parseDigit } from "~/components/game/bets";
import { GAME_COINS as COINS } from "~/components/game/coins";
import { parseCoin } from "~/components/game/format";
import { operatorName } from "~/components/game/names";
import { recordStatus } from "~/components/game/results";
import { asPageError } from "~/utils/api/errors.server";
import { PAGE_SIZE, getBetRecords, getLevels, getWinRecords } from "~/utils/api/game.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { pageCount, parsePage, redirectPastLastPage } from "~/utils/paging.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { useFormat } from "~/utils/use-format";

export const handle = { i18n: ["game"] };
export const meta = pageTitle("records.betRecord", "game");

const TABS = ["mine", "wins"] as const;
type Tab = (typeof TABS)[number];

/** The player's bets (?tab=mine, default) or the latest wins of all players (?tab=wins). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const tab: Tab = url.searchParams.get("tab") === "wins" ? "wins" : "mine";
  const coin = parseCoin(url.searchParams.get("coin")) ?? undefined;
  const pageNo = parsePage(url.searchParams.get("page"));
  try {
    // The rooms by name, as the game list shows them (shared answers, decision 019); a room
    // whose list cannot be read goes unnamed.
    const [page, roomLists] = await Promise.all([
      tab === "wins" ? getWinRecords(request, { pageNo, coin }) : getBetRecords(request, { pageNo, coin }),
      Promise.all((coin ? [coin] : COINS).map((c) => getLevels(request, c).catch(() => []))),
    ]);
    const pages = pageCount(page.totalElements, PAGE_SIZE);
    redirectPastLastPage(request, pageNo, pages);
    const roomNames = new Map(roomLists.flat().map((l) => [`${l.coin}|${l.level}`, l.levelName]));
    const rows = page.content.map((r) => ({
      id: String(r.id),
      gameSessionId: String(r.gameSessionId),
      betName: r.betName,
      coin: r.coin,
      roomName: roomNames.get(`${r.coin}|${r.level}`) ?? null,
      totalBetAmount: r.totalBetAmount,
      winAmount: r.winAmount,
      lotteryResult: r.lotteryResult,
      status: "status" in r ? r.status : "WIN",
      phone: "phone" in r ? r.phone : null,
      createTime: r.createTime,
    }));
    return json({
      tab,
      coin: coin ?? null,
      rows,
      page: pageNo,
      pages,
    });
  } catch (error) {
    return asPageError(error);
  }
}

function hrefOf(q: { tab: Tab; coin: string | null; page?: number }) {
  const params = new URLSearchParams();
  if (q.tab !== "mine") params.set("tab", q.tab);
  if (q.coin) params.set("coin", q.coin);
  if (q.page && q.page > 1) params.set("page", String(q.page));
  const s = params.toString();
  return `${PAGES.betRecord}${s ? `?${s}` : ""}`;
}

export default function BetRecord() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const fmt = useFormat();
  const chip = (active: boolean) =>
    `flex min-h-[44px] items-center justify-center rounded-md px-3 text-sm font-semibold ${
      active ? "bg-brand text-white" : "text-gray-800 dark:text-gray-200"
    }`;
  return (
    <>
      <NavBar title={t("records.betRecord")} backTo={PAGES.account} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <SegmentedTabs
          label={t("records.tabs")}
          tabs={TABS.map((tab) => ({
            key: tab,
            to: hrefOf({ tab, coin: data.coin }),
            label: t(`records.${tab}`),
          }))}
          current={data.tab}
        />
        <nav aria-label={t("common:coin.label")} className="flex gap-1 overflow-x-auto">
          {[null, ...COINS].map((coin) => (
            <Link
              key={coin ?? "all"}
              to={hrefOf({ tab: data.tab, coin })}
              replace
              aria-current={coin === data.coin ? "page" : undefined}
              className={`${chip(coin === data.coin)} border border-gray-300 dark:border-gray-600`}
            >
              {coin ? t(`common:coin.${coin}`) : t("records.allCoins")}
            </Link>
          ))}
        </nav>
        {data.rows.length === 0 ? (
          <div className="card p-0">
            {data.tab === "mine" ? (
              <EmptyState
                message={t("records.emptyMine")}
                action={{ to: PAGES.gameList, label: t("records.emptyMineAction") }}
              />
            ) : (
              <EmptyState message={t("records.emptyWins")} />
            )}
          </div>
        ) : (
          <ul className="card divide-y divide-gray-200 p-0 dark:divide-gray-700">
            {data.rows.map((r) => {
              const body = (
                <span className="block p-3">
                  <BetLine
                    roundId={r.gameSessionId}
                    betName={r.betName}
                    amount={coinAmount(fmt, t, r.totalBetAmount, r.coin)}
                    digit={parseDigit(r.lotteryResult)}
                    status={data.tab === "wins" ? "won" : recordStatus(r)}
                    winAmount={coinAmount(fmt, t, r.winAmount, r.coin)}
                    details={[
                      r.phone,
                      r.roomName && operatorName(t, "rooms", r.roomName),
                      fmt.dateTime(r.createTime),
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  />
                </span>
              );
              return (
                <li key={r.id}>
                  {data.tab === "mine" ? (
                    <Link
                      to={`${PAGES.betDetails}?id=${r.id}`}
                      className="block hover:bg-gray-50 dark:hover:bg-gray-800"
                    >
                      {body}
                    </Link>
                  ) : (
                    body
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <Pager
          page={data.page}
          pages={data.pages}
          hrefOf={(page) => hrefOf({ tab: data.tab, coin: data.coin, page })}
        />
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
