import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecordsLayout, ShortHash, StatusChip } from "~/components/recharge/RecordsLayout";
import { RECORDS_PAGE_SIZE, getCashRecords } from "~/utils/api/wallet/recharge.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { pagedRecords } from "~/utils/paged-records.server";
import { useFormat } from "~/utils/use-format";

export const handle = { i18n: ["common", "game", "recharge"] };
export const meta = pageTitle("records.title", "recharge");

/** The player's cash recharges, newest first, 10 a page (?page=). */
export const loader = ({ request }: LoaderFunctionArgs) =>
  pagedRecords(request, RECORDS_PAGE_SIZE, (pageNo) => getCashRecords(request, pageNo));

export default function CashRechargeRecords() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("recharge");
  const { money, dateTime } = useFormat();
  return (
    <RecordsLayout kind="cash" page={data.pageNo} pages={data.pages} empty={data.rows.length === 0}>
      {data.rows.map((r) => (
        <li key={r.id} className="flex items-start justify-between gap-3 p-3" data-testid="recharge-record">
          <div className="min-w-0 space-y-1">
            <p className="font-medium">{r.showName}</p>
            <p className="text-xs text-gray-700 dark:text-gray-300">{dateTime(r.createDateTime)}</p>
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {t("pay.order")} <span className="font-mono">{r.id}</span>
            </p>
            {r.txHash ? (
              <p className="text-xs text-gray-600 dark:text-gray-400">
                {t("records.txHash")} <ShortHash hash={r.txHash} />
              </p>
            ) : null}
          </div>
          <div className="flex flex-none flex-col items-end gap-1">
            <span className="font-semibold tabular-nums" data-testid="record-amount">
              {money(r.amount)}
            </span>
            <StatusChip status={r.status} />
            {r.payUrl ? (
              <a
                href={r.payUrl}
                className="mt-1 text-sm font-semibold text-brand-dark underline dark:text-pink-300"
              >
                {t("records.continue")}
              </a>
            ) : null}
          </div>
        </li>
      ))}
    </RecordsLayout>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
