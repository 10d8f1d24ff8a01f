import type { ReactNode } from "react";
import { WalletRecords } from "~/components/WalletRecords";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import type { RechargeStatus } from "#contract/recharge";

const STATUS_CLASS: Record<RechargeStatus, string> = {
  PENDING: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  SUCCESS: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  FAILED: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
  EXPIRED: "bg-gray-200 text-gray-800 dark:bg-gray-800 dark:text-gray-200",
};

/** The record row's status chip (ui.md: Pending amber, Completed green, failed red). */
export function StatusChip({ status }: { status: RechargeStatus }) {
  const { t } = useTranslation("recharge");
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`}
      data-status={status}
    >
      {t(`status.${status}`)}
    </span>
  );
}

/** A transaction reference shortened in the middle (the full one in its title). */
export function ShortHash({ hash }: { hash: string }) {
  const short = hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
  return (
    <span className="font-mono" title={hash}>
      {short}
    </span>
  );
}

/** Both recharge records pages: the wallet's records layout with the recharge's words and pages. */
export function RecordsLayout({
  kind,
  page,
  pages,
  empty,
  children,
}: {
  kind: "cash" | "usdt";
  page: number;
  pages: number;
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("recharge");
  const rechargePage = kind === "cash" ? PAGES.recharge : `${PAGES.recharge}?tab=usdt`;
  return (
    <WalletRecords
      title={t("records.title")}
      backTo={rechargePage}
      kind={kind}
      tabs={{
        label: t("records.tabs"),
        cash: { to: PAGES.rechargeRecords, label: t("records.cash") },
        usdt: { to: PAGES.rechargeURecords, label: t("records.usdt") },
      }}
      page={page}
      pages={pages}
      empty={
        empty
          ? { message: t("records.empty"), action: { to: rechargePage, label: t("records.emptyAction") } }
          : null
      }
    >
      <ul className="card divide-y divide-gray-200 p-0 dark:divide-gray-700" data-testid="recharge-records">
        {children}
      </ul>
    </WalletRecords>
  );
}
