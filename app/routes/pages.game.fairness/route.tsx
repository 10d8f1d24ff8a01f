import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Datum } from "~/components/Disclosure";
import { NavBar } from "~/components/NavBar";
import { TitledCard } from "~/components/TitledCard";
import { asPageError } from "~/utils/api/errors.server";
import { getFairness } from "~/utils/api/game.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES, VERIFIER_PATH } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { LogEntry } from "./LogEntry";

export const handle = { i18n: ["game"] };
export const meta = pageTitle("fairness.title", "game");

/**
 * The public fairness page: the log's Ed25519 key, the beacon's key, every hash chain's terminal
 * hash (published before the chain is used, kept for good) and the newest signed log entries.
 * Public; `Accept: application/json` answers the same data for archivers (decision 004).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const fairness = await getFairness(request).catch(asPageError);
  return json(fairness, { headers: { "cache-control": "public, max-age=5" } });
}

export default function Fairness() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const { dateTime } = useFormat();
  return (
    <>
      <NavBar title={t("fairness.title")} backTo={PAGES.rules} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24 text-sm [overflow-wrap:anywhere]">
        <section className="card space-y-2">
          <p>{t("fairness.intro")}</p>
          <dl className="space-y-2 text-xs">
            <Datum label={t("fairness.logKey")} value={data.logPublicKey} testId="log-key" />
            <Datum
              label={t("fairness.beaconKey", { source: data.beacon.source })}
              value={data.beacon.publicKey}
            />
          </dl>
          {data.beacon.sandbox ? <p className="text-xs">{t("verify.sandbox")}</p> : null}
          <p className="text-xs text-gray-700 dark:text-gray-300">{t("fairness.json")}</p>
          <p className="text-xs text-gray-700 dark:text-gray-300">{t("fairness.verifier")}</p>
          <a className="inline-flex min-h-[44px] items-center underline" href={VERIFIER_PATH} download>
            {t("verify.scriptDownload")}
          </a>
        </section>
        <TitledCard id="chains-title" title={t("fairness.chains")} className="space-y-2">
          {data.chains.length === 0 ? <p>{t("fairness.noChains")}</p> : null}
          <ul className="divide-y divide-gray-200 dark:divide-gray-700">
            {data.chains.map((c) => (
              <li key={c.id} className="space-y-1 py-2">
                <p className="font-semibold">
                  {t(c.retiredAt ? "fairness.chainRetired" : "fairness.chainRow", {
                    id: c.id,
                    coin: t(`common:coin.${c.coin}`),
                    level: c.level,
                    lane: c.lane + 1,
                    used: c.used,
                    length: c.length,
                  })}
                </p>
                <p className="text-xs text-gray-700 dark:text-gray-300">{dateTime(c.createdAt)}</p>
                <p className="break-all font-mono text-xs">{c.terminalHash}</p>
              </li>
            ))}
          </ul>
        </TitledCard>
        <TitledCard id="log-title" title={t("fairness.log")} className="space-y-2">
          <ol className="divide-y divide-gray-200 dark:divide-gray-700">
            {data.log.map((e) => (
              <LogEntry key={e.seq} seq={e.seq} body={e.body} signature={e.signature} />
            ))}
          </ol>
        </TitledCard>
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
