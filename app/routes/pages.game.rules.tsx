import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NavBar } from "~/components/NavBar";
import { BetTag } from "~/components/game/BetTag";
import { DigitBall } from "~/components/game/DigitBall";
import { BET_NAMES } from "~/components/game/bets";
import { payoutTable } from "~/components/game/results";
import { asPageError } from "~/utils/api/errors.server";
import { getRules } from "~/utils/api/game.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { returnToPlayer } from "#contract/payout";

export const handle = { i18n: ["game"] };
export const meta = pageTitle("rules.title", "game");

/** The rules and the payout table, as the upstream configures them. Public. */
export async function loader({ request }: LoaderFunctionArgs) {
  const rules = await getRules(request).catch(asPageError);
  const p = rules.payout;
  const rows = payoutTable(
    [
      { betName: "Red", multiple: p.colour, specialMultiple: p.colourOnVioletDigit },
      { betName: "Green", multiple: p.colour, specialMultiple: p.colourOnVioletDigit },
      { betName: "Violet", multiple: p.violet },
      { betName: "Big", multiple: p.bigSmall },
      { betName: "Small", multiple: p.bigSmall },
      ...Array.from({ length: 10 }, (_, d) => ({ betName: String(d), multiple: p.number })),
    ],
    p.serviceFeeRate,
    BET_NAMES,
  );
  // Each bet's return to player (decision 040): what it pays back on average, after the fee.
  const percent = (x: number) => Math.round(x * 10_000) / 100;
  return json(
    {
      rows: rows.map((r) => ({ ...r, rtpPercent: percent(returnToPlayer(r.betName, p)) })),
      rtpCeilingPercent: rules.rtpCeiling === undefined ? null : percent(rules.rtpCeiling),
      feePercent: Math.round(p.serviceFeeRate * 10_000) / 100,
      roundSeconds: rules.roundSeconds,
      betCloseSeconds: rules.betCloseSeconds,
      maxBetMultiple: rules.maxBetMultiple,
      colours: rules.colours,
    },
    { headers: { "cache-control": "public, max-age=60" } },
  );
}

export default function Rules() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const { money, number, percent } = useFormat();
  return (
    <>
      <NavBar title={t("rules.title")} backTo={PAGES.gameList} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <section className="card space-y-2 text-sm leading-relaxed">
          <h2 className="text-base font-semibold">{t("rules.howTitle")}</h2>
          <p>{t("rules.round", { seconds: data.roundSeconds, close: data.betCloseSeconds })}</p>
          <p>{t("rules.fee", { percent: data.feePercent })}</p>
          <p>{t("rules.multiple", { max: data.maxBetMultiple })}</p>
        </section>
        <section className="card">
          <h2 className="mb-2 text-base font-semibold">{t("rules.digitsTitle")}</h2>
          <ul className="grid grid-cols-2 gap-2 text-sm">
            {Array.from({ length: 10 }, (_, d) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the ten digits are fixed
              <li key={d} className="flex items-center gap-2">
                <DigitBall digit={d} size={28} />
                <span>
                  {(data.colours[String(d)] ?? []).map((c) => t(`betName.${c}`)).join(" + ")} ·{" "}
                  {t(d >= 5 ? "betName.Big" : "betName.Small")}
                </span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-2 text-left text-base font-semibold">{t("rules.payoutTitle")}</caption>
            <thead className="text-xs leading-tight text-gray-700 dark:text-gray-300">
              <tr>
                <th scope="col" className="py-1">
                  {t("rules.bet")}
                </th>
                <th scope="col">{t("rules.winsOn")}</th>
                <th scope="col">{t("rules.pays")}</th>
                <th scope="col">{t("rules.example", { amount: money(100) })}</th>
                <th scope="col">
                  <abbr title={t("rules.rtpLong")}>{t("rules.rtp")}</abbr>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <tr key={r.betName} className="border-t border-gray-200 dark:border-gray-700">
                  <td className="py-1.5">
                    <BetTag name={r.betName} />
                  </td>
                  <td>{r.winningDigits.join(" ")}</td>
                  <td>
                    ×{number(r.multiple)}
                    {r.specialMultiple !== null ? (
                      <span className="block text-xs text-gray-700 dark:text-gray-300">
                        {t("rules.special", {
                          multiple: r.specialMultiple,
                          digit: r.betName === "Red" ? 0 : 5,
                        })}
                      </span>
                    ) : null}
                  </td>
                  <td className="tabular-nums">{money(r.exampleReturn)}</td>
                  <td className="whitespace-nowrap tabular-nums" data-testid={`rtp-${r.betName}`}>
                    {percent(r.rtpPercent)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-xs text-gray-700 dark:text-gray-300">
            {t("rules.exampleNote", { amount: money(100) })}
          </p>
          <p className="mt-1 text-xs text-gray-700 dark:text-gray-300">
            {data.rtpCeilingPercent === null
              ? t("rules.rtpNote")
              : t("rules.rtpCeiling", { ceiling: data.rtpCeilingPercent })}
          </p>
        </section>
        <section className="card space-y-2 text-sm" id="fair">
          <h2 className="text-base font-semibold">{t("rules.fairTitle")}</h2>
          <p>{t("rules.fair")}</p>
          <p>{t("rules.fairChain")}</p>
          <p>{t("rules.fairBeacon")}</p>
          <p>{t("rules.fairKeep")}</p>
          <Link to={PAGES.verify} className="btn-secondary">
            {t("verify.link")}
          </Link>
          <Link to={PAGES.fairness} className="btn-secondary">
            {t("fairness.link")}
          </Link>
        </section>
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
