import { Link, useLoaderData } from "@remix-run/react";
import { NavBar } from "~/components/NavBar";
import { SegmentedTabs } from "~/components/SegmentedTabs";
import { showToast } from "~/components/Toasts";
import { copyText } from "~/utils/clipboard";
import { useTranslation } from "~/utils/i18n-react";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { useHydrated } from "~/utils/use-hydrated";
import { NETWORKS } from "#contract/wallet-names";
import { action, loader } from "./recharge-page.server";

// The Cash form, with the form kit and Conform, loads after first paint; the server renders it.
const CashForm = lazyForm(() => import("./cash-form").then((m) => m.CashForm));
export const clientLoader = withForms(CashForm);

export const handle = { i18n: ["common", "recharge"] };
export const meta = pageTitle("title", "recharge");

export { action, loader };

export type Data = ReturnType<typeof useLoaderData<typeof loader>>;

export default function RechargePage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("recharge");
  const { coinMoney } = useFormat();
  const records = data.tab === "usdt" ? PAGES.rechargeURecords : PAGES.rechargeRecords;
  return (
    <>
      <NavBar title={t("title")} backTo={PAGES.account} link={{ to: records, label: t("recordsLink") }} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <section className="rounded-xl bg-gradient-to-br from-brand to-brand-dark p-4 text-white shadow-sm">
          <p className="text-sm text-white/85">{t("balance")}</p>
          <p className="mt-1 text-2xl font-bold tabular-nums" data-testid="recharge-balance">
            {coinMoney(data.balance, "CHIP")}
          </p>
        </section>
        <SegmentedTabs
          label={t("tabs")}
          current={data.tab}
          tabs={[
            { key: "cash", to: PAGES.recharge, label: t("tab.cash") },
            { key: "usdt", to: `${PAGES.recharge}?tab=usdt`, label: t("tab.usdt") },
          ]}
        />
        {data.cash ? <CashForm cash={data.cash} /> : null}
        {data.usdt ? <UsdtDeposit usdt={data.usdt} /> : null}
      </main>
    </>
  );
}

function UsdtDeposit({ usdt }: { usdt: NonNullable<Data["usdt"]> }) {
  const { t } = useTranslation("recharge");
  const { money } = useFormat();
  const hydrated = useHydrated();
  return (
    <div className="space-y-3">
      <nav aria-label={t("usdt.network")} className="card space-y-2">
        <p className="text-sm font-medium text-gray-800 dark:text-gray-200">{t("usdt.network")}</p>
        <div className="grid grid-cols-2 gap-2">
          {NETWORKS.map((network) => (
            <Link
              key={network}
              to={`${PAGES.recharge}?tab=usdt${network === "TRC20" ? "" : `&network=${network}`}`}
              replace
              aria-current={network === usdt.network ? "page" : undefined}
              className={`flex min-h-[44px] items-center justify-center rounded-lg border text-sm font-semibold ${
                network === usdt.network
                  ? "border-brand bg-brand-light text-brand-dark dark:bg-pink-950 dark:text-pink-200"
                  : "border-gray-300 text-gray-800 dark:border-gray-600 dark:text-gray-200"
              }`}
            >
              {network}
            </Link>
          ))}
        </div>
      </nav>
      {usdt.address ? (
        <section className="card space-y-3 text-center" aria-labelledby="deposit-address-label">
          <h2 id="deposit-address-label" className="text-sm font-medium text-gray-800 dark:text-gray-200">
            {t("usdt.address", { network: usdt.network })}
          </h2>
          {usdt.qrSvg ? (
            <div
              role="img"
              aria-label={t("usdt.qr", { network: usdt.network })}
              className="mx-auto w-48 max-w-full rounded-lg bg-white p-2 [&_svg]:h-auto [&_svg]:w-full"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the server drew it from the address (uqr: rects only)
              dangerouslySetInnerHTML={{ __html: usdt.qrSvg }}
            />
          ) : null}
          <p
            className="select-all break-all rounded-lg bg-gray-100 px-2 py-2 font-mono text-[13px] leading-5 dark:bg-gray-800"
            data-testid="deposit-address"
          >
            {usdt.address}
          </p>
          {hydrated ? (
            <button
              type="button"
              className="btn-secondary w-full"
              onClick={async () => {
                const copied = await copyText(usdt.address ?? "");
                showToast(copied ? t("usdt.copied") : t("usdt.copyFailed"), copied ? "success" : "error");
              }}
            >
              {t("usdt.copy")}
            </button>
          ) : null}
          <p className="text-sm font-semibold text-brand-dark dark:text-pink-300">
            {t("usdt.rate", { rate: money(usdt.rate) })}
          </p>
        </section>
      ) : (
        <p className="card text-center text-gray-700 dark:text-gray-300">
          {usdt.problem ?? t("usdt.unavailable")}
        </p>
      )}
      <section className="card space-y-2 border-l-4 border-amber-500 text-sm">
        <p className="font-semibold text-amber-800 dark:text-amber-300">
          {t("usdt.warningNetwork", { network: usdt.network })}
        </p>
        <p className="text-gray-700 dark:text-gray-300">{t("usdt.warningTime")}</p>
        <p className="text-gray-700 dark:text-gray-300">
          {t("usdt.confirmations", { count: usdt.confirmations })}
        </p>
      </section>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
