import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { SegmentedTabs } from "~/components/SegmentedTabs";
import { BetTag, DigitBall } from "~/components/game/DigitBall";
import { parseDigit } from "~/components/game/bets";
import { GAME_COINS as COINS } from "~/components/game/coins";
import { pageCount, parseCoin, parsePage } from "~/components/game/format";
import { recordStatus } from "~/components/game/results";
import { asPageError } from "~/utils/api/errors.server";
import { PAGE_SIZE, coinSymbol, getBetRecords, getWinRecords } from "~/utils/api/game.server";
import { getEnv } from "~/utils/env.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
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
  const sign = getEnv().CURRENCY_SIGN;
  try {
    const page =
      tab === "wins"
        ? await getWinRecords(request, { pageNo, coin })
        : await getBetRecords(request, { pageNo, coin });
    const rows = page.content.map((r) => ({
      id: String(r.id),
      gameSessionId: String(r.gameSessionId),
      betName: r.betName,
      coin: r.coin,
      symbol: coinSymbol(r.coin, sign),
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
      pages: pageCount(page.totalElements, PAGE_SIZE),
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
  const { money, dateTime } = useFormat();
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
          <p className="card text-center text-gray-700 dark:text-gray-300">{t("empty")}</p>
        ) : (
          <ul className="card divide-y divide-gray-200 p-0 dark:divide-gray-700">
            {data.rows.map((r) => {
              const status = data.tab === "wins" ? "won" : recordStatus(r);
              const digit = parseDigit(r.lotteryResult);
              const body = (
                <span className="flex items-center justify-between gap-2 p-3">
                  <span className="min-w-0">
                    <span className="block font-mono text-sm">{t("round.id", { id: r.gameSessionId })}</span>
                    <span className="mt-1 flex items-center gap-2 text-sm">
                      <BetTag name={r.betName} />
                      <span className="tabular-nums">{money(r.totalBetAmount, r.symbol)}</span>
                      {digit !== null ? <DigitBall digit={digit} size={24} /> : null}
                    </span>
                    <span className="mt-1 block text-xs text-gray-700 dark:text-gray-300">
                      {r.phone ? `${r.phone} · ` : ""}
                      {dateTime(r.createTime)}
                    </span>
                  </span>
                  <span className="text-right text-sm font-semibold">
                    {t(`records.${status}`)}
                    {status === "won" ? (
                      <span className="block text-green-800 dark:text-green-300">
                        +{money(r.winAmount, r.symbol)}
                      </span>
                    ) : null}
                  </span>
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
