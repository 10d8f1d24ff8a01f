import { Link, useLoaderData } from "@remix-run/react";
import { Datum, Disclosure } from "~/components/Disclosure";
import { Figures } from "~/components/Figures";
import { NavBar } from "~/components/NavBar";
import { TabBar } from "~/components/TabBar";
import { TitledCard } from "~/components/TitledCard";
import { coinAmount } from "~/components/assets/money";
import { DrawCountdown } from "~/components/social/DrawCountdown";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { loader } from "./jackpot-page.server";

export const handle = { i18n: ["common", "social"] };
export const meta = pageTitle("jackpot.title", "social");

export { loader };

/**
 * Today's jackpot: the pool, the draw's countdown, the player's tickets and the rules. While the
 * operator keeps it closed (JACKPOT_APPLY 0) no ticket counts and no draw comes: the page says so
 * and shows neither a countdown, nor tickets, nor a call to play for them, nor a commitment (nor
 * the rule that points to it).
 */
export default function JackpotPage() {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  const { info } = useLoaderData<typeof loader>();
  // The share of the day's tickets, not a chance to win: several winners are drawn, each once.
  const share = info.totalTickets > 0 ? (info.myTickets / info.totalTickets) * 100 : 0;
  return (
    <>
      <NavBar title={t("jackpot.title")} />
      <main className="mx-auto max-w-md space-y-4 p-4 pb-24">
        {!info.enabled ? (
          <p className="card text-center text-sm font-semibold">{t("jackpot.closed")}</p>
        ) : null}
        <section
          className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-amber-400 via-pink-500 to-violet-600 p-5 text-white shadow-md"
          aria-labelledby="pool-title"
        >
          <h2 id="pool-title" className="text-sm font-semibold uppercase tracking-wide text-white/90">
            {t("jackpot.pool")}
          </h2>
          <p className="mt-1 text-4xl font-extrabold tabular-nums" data-testid="jackpot-pool">
            {coinAmount(fmt, t, info.pool, info.coin)}
          </p>
          {info.enabled ? (
            <>
              <p className="mt-3 text-sm">
                {t("jackpot.drawIn")} <DrawCountdown endMs={info.drawTime} serverNow={info.serverTime} />
              </p>
              <p className="text-xs text-white/90">
                {t("jackpot.drawAt", { time: fmt.dateTime(info.drawTime) })}
              </p>
            </>
          ) : null}
        </section>

        {info.enabled ? (
          <TitledCard id="tickets-title" title={t("jackpot.myTickets")} className="space-y-2">
            <Figures
              items={[
                { label: t("jackpot.tickets"), value: fmt.number(info.myTickets), testId: "my-tickets" },
                { label: t("jackpot.players"), value: fmt.number(info.players) },
                { label: t("jackpot.ticketShare"), value: fmt.percent(share), testId: "ticket-share" },
              ]}
            />
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {t("jackpot.ticketRule", { amount: fmt.coinMoney(0.01, info.coin) })}
            </p>
            <Link to={`${PAGES.gameList}?coin=${info.coin}`} className="btn-primary w-full">
              {t("jackpot.play")}
            </Link>
          </TitledCard>
        ) : null}

        <Link to={PAGES.yesterdayJackpot} className="btn-secondary w-full">
          {t("jackpot.yesterday")}
        </Link>

        <TitledCard id="rules-title" title={t("jackpot.rules")} className="space-y-2 text-sm">
          <ul className="list-disc space-y-1 pl-5">
            <li>{t("jackpot.ruleShare", { percent: info.sharePercent })}</li>
            <li>{t("jackpot.ruleWinners", { count: info.winners, percent: info.payoutPercent })}</li>
            {info.enabled ? <li>{t("jackpot.ruleFair")}</li> : null}
          </ul>
          {info.enabled && info.seedHash ? (
            <Disclosure summary={t("jackpot.commitment")}>
              <dl className="space-y-2 text-xs">
                <Datum label={t("jackpot.todayHash")} value={info.seedHash} testId="seed-hash" />
                {info.nextSeedHash ? <Datum label={t("jackpot.nextHash")} value={info.nextSeedHash} /> : null}
                {info.beaconRound ? (
                  <Datum label={t("jackpot.beaconRound")} value={info.beaconRound} />
                ) : null}
              </dl>
            </Disclosure>
          ) : null}
        </TitledCard>
      </main>
      <TabBar active="jackpot" />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
