import { Form, Link, useLoaderData } from "@remix-run/react";
import { Figures } from "~/components/Figures";
import { NavBar } from "~/components/NavBar";
import { TitledCard } from "~/components/TitledCard";
import { betLabel } from "~/components/game/names";
import { BloggerErrorBoundary } from "~/components/social/BloggerErrorBoundary";
import { IntentButton } from "~/components/social/IntentButton";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { action, loader } from "./details-page.server";

export const handle = { i18n: ["common", "social", "game"] };
export const meta = pageTitle("detail.title", "social");

export { action, loader };

type Bet = ReturnType<typeof useLoaderData<typeof loader>>["blogger"]["openBets"][number];

export default function BloggerDetails() {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  const { blogger } = useLoaderData<typeof loader>();
  return (
    <>
      <NavBar title={t("detail.title")} backTo={PAGES.blogger} />
      <main className="mx-auto max-w-md space-y-4 p-4 pb-10">
        <section className="rounded-2xl bg-gradient-to-br from-pink-500 to-violet-600 p-5 text-white shadow-md">
          <h2 className="text-2xl font-extrabold">{blogger.nickName || blogger.phone}</h2>
          {blogger.nickName ? <p className="text-sm text-white/90">{blogger.phone}</p> : null}
          <div className="mt-3">
            <Figures
              tone="hero"
              items={[
                { label: t("detail.fans"), value: fmt.number(blogger.fans) },
                { label: t("detail.winRate"), value: fmt.percent(blogger.winRate) },
                { label: t("detail.profit"), value: fmt.coinMoney(blogger.profit, "CHIP") },
              ]}
            />
          </div>
          {blogger.self ? null : (
            <Form method="post" className="mt-4">
              <IntentButton
                intent={blogger.following ? "unfollow" : "follow"}
                className="w-full rounded-full bg-white py-2.5 font-semibold text-pink-700"
              >
                {blogger.following ? t("detail.unfollow") : t("detail.follow")}
              </IntentButton>
            </Form>
          )}
        </section>
        <Link to={`${PAGES.fansList}?id=${blogger.bloggerId}`} className="btn-secondary w-full">
          {t("fans.title")}
        </Link>
        <TitledCard id="open-title" title={t("detail.openBets")} className="space-y-2">
          {blogger.openBets.length ? (
            <ul className="divide-y divide-gray-100 dark:divide-gray-800">
              {blogger.openBets.map((bet) => (
                <li key={bet.id} className="flex items-center gap-3 py-2" data-testid="open-bet">
                  <BetText bet={bet} />
                  {blogger.self ? null : (
                    <Form method="post">
                      <input type="hidden" hidden name="betId" value={bet.id} />
                      <input type="hidden" hidden name="coin" value={bet.coin} />
                      <IntentButton intent="copy" className="btn-primary px-4 py-1.5 text-sm">
                        {t("detail.copy")}
                      </IntentButton>
                    </Form>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("detail.noOpenBets")}</p>
          )}
        </TitledCard>
        <TitledCard id="recent-title" title={t("detail.recentBets")} className="space-y-2">
          {blogger.recentBets.length ? (
            <ul className="divide-y divide-gray-100 dark:divide-gray-800">
              {blogger.recentBets.map((bet) => (
                <li key={bet.id} className="flex items-center gap-3 py-2">
                  <BetText bet={bet} />
                  <span
                    className={`text-sm font-semibold ${bet.status === "WIN" ? "text-green-700 dark:text-green-400" : "text-gray-600 dark:text-gray-400"}`}
                  >
                    {bet.status === "WIN"
                      ? `+${fmt.coinMoney(bet.winAmount, bet.coin)}`
                      : t(`followRecords.status.${bet.status}`)}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">{t("detail.noRecentBets")}</p>
          )}
        </TitledCard>
      </main>
    </>
  );
}

function BetText({ bet }: { bet: Bet }) {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  return (
    <span className="min-w-0 flex-1">
      <span className="block font-semibold">
        {betLabel(t, bet.betName)} · {fmt.coinMoney(bet.totalBetAmount, bet.coin)}
      </span>
      <span className="block text-xs text-gray-600 dark:text-gray-400">
        {t("detail.round", { id: bet.gameSessionId })}
      </span>
    </span>
  );
}

/** A player who is not (or no longer) a blogger: say so, and lead back to the bloggers. */
export function ErrorBoundary() {
  const { t } = useTranslation("social");
  return <BloggerErrorBoundary title={t("detail.title")} />;
}
