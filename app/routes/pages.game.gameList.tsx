import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { TabBar } from "~/components/TabBar";
import { GAME_COINS as COINS } from "~/components/game/coins";
import { formatAmount, gameUrl } from "~/components/game/format";
import { getEnv } from "~/utils/env.server";
import { resolveCoin } from "~/utils/game-page.server";
import { balanceOf, coinSymbol, getBalances, getLevels } from "~/utils/game.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { requireToken } from "~/utils/session.server";
import { asPageError } from "~/utils/upstream.server";

export const handle = { i18n: ["game"] };
export const meta = pageTitle("gameList.title", "game");

/** Rooms of a coin (?coin=CHIP|GOLD|POINT); the coin is remembered in the session. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const { coin, setCookie } = await resolveCoin(request);
  const [levels, balances] = await Promise.all([getLevels(request, coin), getBalances(request)]).catch(
    asPageError,
  );
  return json(
    {
      coin,
      symbol: coinSymbol(coin, getEnv().CURRENCY_SIGN),
      balance: balanceOf(balances, coin),
      levels: levels.map((l) => ({
        level: l.level,
        levelName: l.levelName,
        chipMinLimit: l.chipMinLimit,
        chipMaxLimit: l.chipMaxLimit,
        enabled: l.enableFlag,
        baseAmounts: l.betBaseAmountStr,
      })),
    },
    { headers: { "cache-control": "no-store", ...(setCookie ? { "set-cookie": setCookie } : {}) } },
  );
}

export default function GameList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  return (
    <>
      <NavBar title={t("gameList.title")} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <nav
          aria-label={t("coin.label")}
          className="grid grid-cols-3 gap-1 rounded-lg bg-white p-1 shadow-sm dark:bg-gray-900"
        >
          {COINS.map((coin) => (
            <Link
              key={coin}
              to={`/pages/game/gameList?coin=${coin}`}
              replace
              aria-current={coin === data.coin ? "page" : undefined}
              className={`flex min-h-[44px] items-center justify-center rounded-md text-sm font-semibold ${
                coin === data.coin ? "bg-brand text-white" : "text-gray-800 dark:text-gray-200"
              }`}
            >
              {t(`coin.${coin}`)}
            </Link>
          ))}
        </nav>
        <section className="card flex items-center justify-between" aria-label={t("balance")}>
          <span className="text-sm text-gray-700 dark:text-gray-300">
            {t("balanceOf", { coin: t(`coin.${data.coin}`) })}
          </span>
          <strong className="text-2xl" data-testid="balance">
            {data.symbol}
            {formatAmount(data.balance)}
          </strong>
        </section>
        <h2 className="px-1 text-base font-semibold">{t("gameList.rooms")}</h2>
        {data.levels.length === 0 ? (
          <p className="card text-center text-gray-700 dark:text-gray-300">{t("empty")}</p>
        ) : (
          <ul className="space-y-2">
            {data.levels.map((l) => {
              const body = (
                <>
                  <span className="flex items-center justify-between">
                    <span className="text-lg font-bold">{l.levelName}</span>
                    {l.enabled ? (
                      <span className="rounded-full bg-brand px-3 py-1 text-sm font-semibold text-white">
                        {t("gameList.enter")}
                      </span>
                    ) : (
                      <span className="rounded-full bg-gray-200 px-3 py-1 text-sm text-gray-800 dark:bg-gray-700 dark:text-gray-100">
                        {t("levels.closed")}
                      </span>
                    )}
                  </span>
                  <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">
                    {t("gameList.limits", {
                      min: `${data.symbol}${formatAmount(l.chipMinLimit)}`,
                      max: `${data.symbol}${formatAmount(l.chipMaxLimit)}`,
                    })}
                  </span>
                </>
              );
              return (
                <li key={l.level}>
                  {l.enabled ? (
                    <Link
                      to={gameUrl({ level: l.level, coin: data.coin })}
                      className="card block hover:ring-2 hover:ring-brand"
                    >
                      {body}
                    </Link>
                  ) : (
                    <div className="card block opacity-75" aria-disabled="true">
                      {body}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p className="flex justify-center gap-4 text-sm">
          <Link className="flex min-h-[44px] items-center underline" to="/pages/game/rules">
            {t("rules.link")}
          </Link>
          <Link className="flex min-h-[44px] items-center underline" to="/pages/betRecord/betRecord">
            {t("records.betRecord")}
          </Link>
        </p>
      </main>
      <TabBar active={data.coin === "POINT" ? "points" : undefined} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
