import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NavBar } from "~/components/NavBar";
import { SegmentedTabs } from "~/components/SegmentedTabs";
import { TabBar } from "~/components/TabBar";
import { FooterLinks } from "~/components/game/FooterLinks";
import { NoRoomFits, noRoomFits } from "~/components/game/NoRoomFits";
import { roomLimitProblem } from "~/components/game/bet-form";
import { GAME_COINS as COINS } from "~/components/game/coins";
import { gameUrl } from "~/components/game/format";
import { operatorName } from "~/components/game/names";
import { asPageError } from "~/utils/api/errors.server";
import { coinSymbol, getLevels } from "~/utils/api/game.server";
import { balanceOf, getBalances } from "~/utils/api/user.server";
import { resolveCoin } from "~/utils/coin.server";
import { getEnv } from "~/utils/env.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { useFormat } from "~/utils/use-format";

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
    { headers: setCookie ? { "set-cookie": setCookie } : {} },
  );
}

export default function GameList() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const { money } = useFormat();
  const fit = noRoomFits(data.balance, data.levels);
  return (
    <>
      <NavBar title={t("gameList.title")} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <SegmentedTabs
          label={t("common:coin.label")}
          tabs={COINS.map((coin) => ({
            key: coin,
            to: `${PAGES.gameList}?coin=${coin}`,
            label: t(`common:coin.${coin}`),
          }))}
          current={data.coin}
        />
        <section
          className="card flex flex-wrap items-center justify-between gap-x-2"
          aria-label={t("balance")}
        >
          <span className="text-sm text-gray-700 dark:text-gray-300">
            {t("balanceOf", { coin: t(`common:coin.${data.coin}`) })}
          </span>
          <strong className="text-2xl tabular-nums" data-testid="balance">
            {money(data.balance, data.symbol)}
          </strong>
        </section>
        {fit ? (
          <NoRoomFits
            coin={data.coin}
            fit={fit}
            amount={fit.amount === null ? "" : money(fit.amount, data.symbol)}
          />
        ) : null}
        <h2 className="px-1 text-base font-semibold">{t("gameList.rooms")}</h2>
        {data.levels.length === 0 ? (
          <p className="card text-center text-gray-700 dark:text-gray-300">{t("empty")}</p>
        ) : (
          <ul className="space-y-2">
            {data.levels.map((l) => {
              // A room the balance is outside of says so instead of offering "Play".
              const outside = roomLimitProblem(data.balance, { min: l.chipMinLimit, max: l.chipMaxLimit });
              const playable = l.enabled && !outside;
              const pill = "max-w-full shrink-0 break-words rounded-full px-3 py-1 text-sm font-semibold";
              const body = (
                <>
                  <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1">
                    <span className="text-lg font-bold">{operatorName(t, "rooms", l.levelName)}</span>
                    {playable ? (
                      <span className={`${pill} bg-brand text-white`}>{t("gameList.enter")}</span>
                    ) : (
                      <span
                        className={`${pill} bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100`}
                      >
                        {!l.enabled
                          ? t("levels.closed")
                          : t(outside?.reason === "BELOW_ROOM" ? "gameList.needs" : "gameList.upTo", {
                              amount: money(outside?.amount, data.symbol),
                            })}
                      </span>
                    )}
                  </span>
                  <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">
                    {t("gameList.limits", {
                      min: money(l.chipMinLimit, data.symbol),
                      max: money(l.chipMaxLimit, data.symbol),
                    })}
                  </span>
                  {l.enabled && outside ? (
                    <span className="mt-1 block text-sm font-semibold text-red-700 dark:text-red-300">
                      {t(`refusal.${outside.reason}`, { amount: money(outside.amount, data.symbol) })}
                    </span>
                  ) : null}
                </>
              );
              return (
                <li key={l.level} data-testid={`room-${l.level}`}>
                  {playable ? (
                    <Link
                      to={gameUrl({ level: l.level, coin: data.coin })}
                      className="card block hover:ring-2 hover:ring-brand"
                    >
                      {body}
                    </Link>
                  ) : (
                    <div className={`card block ${l.enabled ? "" : "opacity-75"}`} aria-disabled="true">
                      {body}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <FooterLinks
          links={[
            { to: PAGES.rules, label: t("rules.link") },
            { to: PAGES.betRecord, label: t("records.betRecord") },
          ]}
        />
      </main>
      <TabBar active={data.coin === "POINT" ? "points" : undefined} />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
