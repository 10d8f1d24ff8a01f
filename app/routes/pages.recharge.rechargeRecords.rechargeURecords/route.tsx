import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecordsLayout, ShortHash, StatusChip } from "~/components/recharge/RecordsLayout";
import { RECORDS_PAGE_SIZE, getChargeConfig, getUsdtRecords } from "~/utils/api/wallet/recharge.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { pagedRecords } from "~/utils/paged-records.server";
import { useFormat } from "~/utils/use-format";

export const handle = { i18n: ["common", "game", "recharge"] };
export const meta = pageTitle("records.title", "recharge");

/**
 * The player's USDT deposits, newest first, 10 a page (?page=), and how many confirmations credit
 * one (a pending deposit says "3 of 12", not a bare "3" that tells nothing of the wait).
 */
export const loader = ({ request }: LoaderFunctionArgs) =>
  pagedRecords(
    request,
    RECORDS_PAGE_SIZE,
    (pageNo) => getUsdtRecords(request, pageNo),
    async () => ({ required: (await getChargeConfig(request, "USDT")).usdtConfirmations }),
  );

export default function UsdtRechargeRecords() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("recharge");
  const { money, dateTime, usdt } = useFormat();
  return (
    <RecordsLayout kind="usdt" page={data.pageNo} pages={data.pages} empty={data.rows.length === 0}>
      {data.rows.map((r) => (
        <li key={r.id} className="flex items-start justify-between gap-3 p-3" data-testid="recharge-record">
          <div className="min-w-0 space-y-1">
            <p className="font-medium">
              <span className="mr-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-semibold dark:bg-gray-800">
                {r.walletType}
              </span>
              {t("records.received", { amount: usdt(r.usdtAmount) })}
            </p>
            <p className="text-xs text-gray-700 dark:text-gray-300">{dateTime(r.createDateTime)}</p>
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {t("records.txHash")} <ShortHash hash={r.txHash} />
            </p>
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {r.status === "PENDING" && r.confirmations < data.required
                ? t("records.confirmationsOf", { count: r.confirmations, required: data.required })
                : t("records.confirmations", { count: r.confirmations })}
            </p>
          </div>
          <div className="flex flex-none flex-col items-end gap-1">
            <span className="font-semibold tabular-nums" data-testid="record-amount">
              {r.amount === null ? "—" : money(r.amount)}
            </span>
            <StatusChip status={r.status} />
          </div>
        </li>
      ))}
    </RecordsLayout>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
