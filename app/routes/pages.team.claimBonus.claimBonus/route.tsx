import { Form, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { ErrorBelowNavBar } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { SegmentedTabs } from "~/components/SegmentedTabs";
import { StatusPill } from "~/components/StatusPill";
import { SubmitButton } from "~/components/form-parts";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import type { Rebate } from "#contract/team";
import { action, loader } from "./claim-page.server";

export const handle = { i18n: ["common", "team"] };
export const meta = pageTitle("claim.title", "team");

export { action, loader };

const FILTERS = [null, "PENDING", "CLAIMED"] as const;

/** The list with a status filter (or all) at a page. */
function listHref(status: string | null, page = 1) {
  const q = new URLSearchParams();
  if (status) q.set("status", status);
  if (page > 1) q.set("page", String(page));
  const s = q.toString();
  return s ? `${PAGES.claimBonus}?${s}` : PAGES.claimBonus;
}

export default function ClaimBonusPage() {
  const { t } = useTranslation("team");
  const fmt = useFormat();
  const { page, status, pageNo, pages } = useLoaderData<typeof loader>();
  const back = listHref(status, pageNo).slice(PAGES.claimBonus.length);
  return (
    <>
      <NavBar title={t("claim.title")} backTo={PAGES.team} />
      <main className="mx-auto max-w-md space-y-4 p-4">
        <section className="card space-y-3 text-center" aria-labelledby="pending-title">
          <h2 id="pending-title" className="text-sm font-medium text-gray-700 dark:text-gray-300">
            {t("claim.pending")}
          </h2>
          <p
            className="text-3xl font-bold tabular-nums text-green-700 dark:text-green-400"
            data-testid="claim-pending"
          >
            {fmt.coinMoney(page.pendingAmount, "CHIP")}
          </p>
          <p className="text-xs text-gray-600 dark:text-gray-400">
            {t("claim.summary", {
              count: page.pendingCount,
              claimed: fmt.coinMoney(page.claimedAmount, "CHIP"),
            })}
          </p>
          {page.pendingCount > 0 ? (
            <Form method="post">
              <input type="hidden" hidden name="back" value={back} />
              <SubmitButton intent="claim">{t("claim.all")}</SubmitButton>
            </Form>
          ) : null}
          <p className="text-xs text-gray-600 dark:text-gray-400">{t("claim.howItWorks")}</p>
        </section>
        <SegmentedTabs
          label={t("claim.filter")}
          tabs={FILTERS.map((f) => ({
            key: f ?? "ALL",
            to: listHref(f),
            label: t(`claim.filters.${f ?? "ALL"}`),
          }))}
          current={status ?? "ALL"}
        />
        {page.content.length ? (
          <ul className="space-y-2">
            {page.content.map((r) => (
              <RebateRow key={r.id} rebate={r} back={back} />
            ))}
          </ul>
        ) : (
          <EmptyState message={t("claim.empty")} action={{ to: PAGES.team, label: t("claim.invite") }} />
        )}
        <Pager page={pageNo} pages={pages} hrefOf={(p) => listHref(status, p)} />
      </main>
    </>
  );
}

function RebateRow({ rebate, back }: { rebate: Rebate; back: string }) {
  const { t } = useTranslation("team");
  const fmt = useFormat();
  const pending = rebate.status === "PENDING";
  return (
    <li className="card space-y-2" data-testid="rebate-row">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{t(`claim.kinds.${rebate.kind}`)}</p>
          <p className="text-xs text-gray-600 dark:text-gray-400">
            {rebate.kind === "REGISTER"
              ? t("claim.fromRegister", {
                  phone: rebate.fromPhone,
                  base: fmt.coinMoney(rebate.baseAmount, "CHIP"),
                })
              : t("claim.from", {
                  phone: rebate.fromPhone,
                  level: rebate.level,
                  rate: rebate.rate,
                  base: fmt.coinMoney(rebate.baseAmount, "CHIP"),
                })}
          </p>
          <p className="text-xs text-gray-600 dark:text-gray-400">
            {fmt.dateTime(rebate.claimTime ?? rebate.createTime)}
          </p>
        </div>
        <div className="flex-none text-right">
          <p className="font-semibold tabular-nums text-green-700 dark:text-green-400">
            +{fmt.coinMoney(rebate.amount, "CHIP")}
          </p>
          <StatusPill tone={pending ? "waiting" : "done"} className="mt-1 inline-block">
            {t(`claim.status.${rebate.status}`)}
          </StatusPill>
        </div>
      </div>
      {pending ? (
        <Form method="post">
          <input type="hidden" hidden name="rebateId" value={rebate.id} />
          <input type="hidden" hidden name="back" value={back} />
          <SubmitButton intent="claim" className="btn-secondary w-full text-sm">
            {t("claim.one", { amount: fmt.coinMoney(rebate.amount, "CHIP") })}
          </SubmitButton>
        </Form>
      ) : null}
    </li>
  );
}

export function ErrorBoundary() {
  return <ErrorBelowNavBar backTo={PAGES.team} />;
}
