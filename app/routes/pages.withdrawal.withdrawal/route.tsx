import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { NavBar } from "~/components/NavBar";
import { SegmentedTabs } from "~/components/SegmentedTabs";
import { WithdrawalRules } from "~/components/wallet/WithdrawalRules";
import { useTranslation } from "~/utils/i18n-react";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { type Tab, type WithdrawalActionData, action, loader } from "./withdrawal-page.server";

// The form, with the form kit and Conform, loads after first paint (lazyForm); the server renders it.
const WithdrawalForm = lazyForm(() => import("./withdrawal-form").then((m) => m.WithdrawalForm));
export const clientLoader = withForms(WithdrawalForm);

export const handle = { i18n: ["common", "withdraw"] };
export const meta = pageTitle("title", "withdraw");

export { action, loader };

const tabPath = (tab: Tab) => `${PAGES.withdrawal}?tab=${tab}`;

function Tabs({ tab }: { tab: Tab }) {
  const { t } = useTranslation("withdraw");
  return (
    <SegmentedTabs
      label={t("tabs.label")}
      current={tab}
      tabs={[
        { key: "cash", to: tabPath("cash"), label: t("tabs.cash") },
        { key: "usdt", to: tabPath("usdt"), label: t("tabs.usdt") },
      ]}
    />
  );
}

export default function WithdrawalPage() {
  const { t } = useTranslation("withdraw");
  const format = useFormat();
  const data = useLoaderData<typeof loader>();
  const { tab, info } = data;
  const actionData = useActionData<typeof action>() as WithdrawalActionData;
  const returnTo = encodeURIComponent(tabPath(tab));
  const closed = !info.openWithdraw || !info.openNow;
  const records = tab === "cash" ? PAGES.withdrawalRecords : PAGES.withdrawalURecords;

  return (
    <>
      <NavBar title={t("title")} backTo={PAGES.account} link={{ to: records, label: t("records") }} />
      <main className="mx-auto max-w-md space-y-4 p-4">
        <Tabs tab={tab} />

        <section className="card space-y-1" aria-labelledby="balance-label">
          <p id="balance-label" className="text-sm text-gray-600 dark:text-gray-400">
            {t("balance")}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="break-all text-2xl font-bold tabular-nums" data-testid="withdraw-balance">
              {format.money(info.balance)}
            </p>
            {info.balance < info.withdrawMinLimit ? (
              <Link to={PAGES.recharge} className="btn-secondary px-4 text-sm">
                {t("recharge")}
              </Link>
            ) : null}
          </div>
          {tab === "usdt" ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {t("rate", { rate: format.money(info.usdtRate) })}
            </p>
          ) : null}
        </section>

        {!info.hasAssetPassword ? (
          <section className="card space-y-2 border border-amber-300 dark:border-amber-700">
            <h2 className="font-semibold">{t("needPassword.title")}</h2>
            <p className="text-sm text-gray-700 dark:text-gray-300">{t("needPassword.body")}</p>
            <Link to={`${PAGES.paymentPassword}?redirectTo=${returnTo}`} className="btn-primary w-full">
              {t("needPassword.action")}
            </Link>
          </section>
        ) : null}

        {closed ? (
          <p className="card border border-amber-300 text-sm dark:border-amber-700">
            {info.openWithdraw ? t("rules.closedNow") : t("rules.closed")}
          </p>
        ) : null}

        {/* Said before the form, not only under the rules at the bottom: a new player's first
            withdrawal is refused until the recharges are played through. */}
        {info.turnoverLeft > 0 ? (
          <section
            className="card flex flex-wrap items-center justify-between gap-3 border border-amber-300 dark:border-amber-700"
            data-testid="turnover-left"
          >
            <p className="min-w-0 flex-1 text-sm font-medium">
              {t("rules.turnoverLeft", { left: format.money(info.turnoverLeft) })}
            </p>
            <Link to={PAGES.gameList} className="btn-secondary px-5">
              {t("rules.play")}
            </Link>
          </section>
        ) : null}

        <WithdrawalForm data={data} actionData={actionData} returnTo={returnTo} />

        <WithdrawalRules info={info} />
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
