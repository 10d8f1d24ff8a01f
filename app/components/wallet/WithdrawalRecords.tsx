import { WalletRecords } from "~/components/WalletRecords";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import type { WithdrawalRecord } from "#contract/withdrawal";

const STATUS_CLASS: Record<WithdrawalRecord["status"], string> = {
  WAITING: "bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  APPROVED: "bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200",
  REJECT: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200",
};

/** The cash or USDT withdrawal records under one title and the Cash / USDT switch, paged with links. */
export function WithdrawalRecords({
  currency,
  records,
  pageNo,
  pages,
}: {
  currency: "CASH" | "USDT";
  records: WithdrawalRecord[];
  pageNo: number;
  pages: number;
}) {
  const { t } = useTranslation("withdraw");
  const format = useFormat();
  const kind = currency === "CASH" ? "cash" : "usdt";
  const withdrawalPage = `${PAGES.withdrawal}?tab=${kind}`;
  return (
    <WalletRecords
      title={t("recordsPage.title")}
      backTo={withdrawalPage}
      kind={kind}
      tabs={{
        label: t("recordsPage.tabs"),
        cash: { to: PAGES.withdrawalRecords, label: t("recordsPage.cash") },
        usdt: { to: PAGES.withdrawalURecords, label: t("recordsPage.usdt") },
      }}
      page={pageNo}
      pages={pages}
      empty={
        records.length === 0
          ? {
              message: t("recordsPage.empty"),
              action: { to: withdrawalPage, label: t("recordsPage.emptyAction") },
            }
          : null
      }
    >
      <ul className="space-y-3" data-testid="withdrawal-records">
        {records.map((r) => (
          <li key={r.id} className="card space-y-2" data-testid="withdrawal-record">
            <div className="flex items-center justify-between gap-2">
              <span className="text-lg font-bold tabular-nums">{format.money(r.amount)}</span>
              <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_CLASS[r.status]}`}>
                {t(`status.${r.status}`)}
              </span>
            </div>
            <dl className="grid grid-cols-[auto,1fr] gap-x-3 gap-y-0.5 text-sm">
              {r.status === "REJECT" ? null : (
                <>
                  <dt className="text-gray-600 dark:text-gray-400">{t("recordsPage.fee")}</dt>
                  <dd className="text-right tabular-nums">{format.money(r.fee)}</dd>
                  <dt className="text-gray-600 dark:text-gray-400">
                    {r.status === "WAITING" ? t("recordsPage.netPending") : t("recordsPage.net")}
                  </dt>
                  <dd className="text-right tabular-nums">
                    {format.money(r.netAmount)}
                    {r.usdtAmount !== null ? ` (${format.usdt(r.usdtAmount)})` : ""}
                  </dd>
                </>
              )}
              <dt className="text-gray-600 dark:text-gray-400">{t("recordsPage.to")}</dt>
              <dd className="min-w-0 break-all text-right">
                {r.currency === "CASH" ? `${r.bankName} ${r.bankCardNo}` : `${r.network} ${r.address}`}
              </dd>
              <dt className="text-gray-600 dark:text-gray-400">{t("recordsPage.time")}</dt>
              <dd className="text-right tabular-nums">{format.dateTime(r.createTime)}</dd>
            </dl>
            {r.status === "REJECT" ? (
              // A rejected withdrawal gives the whole amount back, its fee included.
              <p
                className="text-sm font-medium text-green-800 dark:text-green-300"
                data-testid="withdrawal-returned"
              >
                {t("recordsPage.returned", { amount: format.money(r.amount) })}
              </p>
            ) : null}
            {r.status === "REJECT" && (r.payoutFailed || r.rejectReason) ? (
              <p className="rounded-lg bg-red-50 p-2 text-sm text-red-900 dark:bg-red-950 dark:text-red-200">
                {r.payoutFailed
                  ? t("recordsPage.payoutFailed")
                  : t("recordsPage.reason", { reason: r.rejectReason })}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </WalletRecords>
  );
}
