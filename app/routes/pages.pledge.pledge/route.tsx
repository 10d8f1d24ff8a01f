import type { SubmissionResult } from "@conform-to/react";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ErrorBelowNavBar } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { StatusPill } from "~/components/StatusPill";
import { BalanceStrip } from "~/components/assets/BalanceStrip";
import { coinAmount } from "~/components/assets/money";
import { useTranslation } from "~/utils/i18n-react";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import type { PledgeRecord } from "#contract/assets";
import { action, loader } from "./pledge-page.server";

// The staking form, with the form kit and Conform, loads after first paint; the server renders it.
const PledgeForm = lazyForm(() => import("./pledge-form").then((m) => m.PledgeForm));
export const clientLoader = withForms(PledgeForm);

export const handle = { i18n: ["common", "assets"] };
export const meta = pageTitle("pledge.title", "assets");

export { action, loader };

type ActionData = { result?: SubmissionResult<string[]>; idempotencyKey?: string } | undefined;

export default function PledgePage() {
  const { t } = useTranslation("assets");
  const { balances, plans, stakes, formKey, pageNo, pages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  return (
    <>
      <NavBar title={t("pledge.title")} backTo={PAGES.account} />
      <main className="mx-auto max-w-md space-y-4 p-4">
        <BalanceStrip balances={balances} />
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("pledge.intro")}</p>
        {plans.length ? (
          <PledgeForm
            // A new form after each stake: the amount clears and the next stake gets a new key.
            key={formKey}
            plans={plans}
            balance={balances.chip}
            formKey={actionData?.idempotencyKey ?? formKey}
            lastResult={actionData?.result}
          />
        ) : (
          <p className="card text-center text-gray-700 dark:text-gray-300">{t("pledge.noPlans")}</p>
        )}
        <section className="space-y-2" aria-labelledby="stakes-title">
          <h2 id="stakes-title" className="px-1 text-base font-semibold">
            {t("pledge.myStakes")}
          </h2>
          {stakes.content.length ? (
            <ul className="space-y-2">
              {stakes.content.map((stake) => (
                <StakeRow key={stake.id} stake={stake} />
              ))}
            </ul>
          ) : (
            <p className="card text-center text-sm text-gray-600 dark:text-gray-400">{t("pledge.none")}</p>
          )}
          <Pager
            page={pageNo}
            pages={pages}
            hrefOf={(p) => `${PAGES.pledge}${p > 1 ? `?page=${p}` : ""}#stakes-title`}
          />
        </section>
      </main>
    </>
  );
}

function StakeRow({ stake }: { stake: PledgeRecord }) {
  const { t } = useTranslation("assets");
  const fmt = useFormat();
  const active = stake.status === "ACTIVE";
  const progress = Math.round((stake.daysPaid / Math.max(1, stake.termDays)) * 100);
  return (
    <li className="card space-y-2" data-testid="stake-row">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold tabular-nums">{coinAmount(fmt, t, stake.amount, stake.coin)}</span>
        <StatusPill tone={active ? "waiting" : "done"}>{t(`pledge.status.${stake.status}`)}</StatusPill>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800" aria-hidden="true">
        <div className="h-full bg-brand" style={{ width: `${progress}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-gray-600 dark:text-gray-400">
          {t("pledge.progress", { paid: stake.daysPaid, term: stake.termDays })}
        </dt>
        <dd className="text-right">{t("pledge.dailyRate", { rate: stake.dailyRate })}</dd>
        <dt className="text-gray-600 dark:text-gray-400">{t("pledge.interestAccrued")}</dt>
        <dd className="text-right font-semibold tabular-nums text-green-700 dark:text-green-400">
          {coinAmount(fmt, t, stake.interest, stake.coin)}
        </dd>
        <dt className="text-gray-600 dark:text-gray-400">{t("pledge.expected")}</dt>
        <dd className="text-right tabular-nums">{coinAmount(fmt, t, stake.expectedInterest, stake.coin)}</dd>
        <dt className="text-gray-600 dark:text-gray-400">{t("pledge.maturity")}</dt>
        <dd className="text-right tabular-nums">{fmt.dateTime(stake.endTime ?? stake.maturityTime)}</dd>
      </dl>
    </li>
  );
}

export function ErrorBoundary() {
  return <ErrorBelowNavBar backTo={PAGES.account} />;
}
