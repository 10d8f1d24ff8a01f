import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WithdrawalRecords } from "~/components/wallet/WithdrawalRecords";
import { RECORD_PAGE_SIZE, getWithdrawalRecords } from "~/utils/api/wallet/withdrawal.server";
import { pageTitle } from "~/utils/meta";
import { pagedRecords } from "~/utils/paged-records.server";

export const handle = { i18n: ["common", "withdraw"] };
export const meta = pageTitle("recordsPage.title", "withdraw");

/** The player's CASH withdrawals: amount, fee, net, where to, status and the rejection reason. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  pagedRecords(request, RECORD_PAGE_SIZE, (pageNo) => getWithdrawalRecords(request, "CASH", pageNo));

export default function Page() {
  const data = useLoaderData<typeof loader>();
  return <WithdrawalRecords currency="CASH" records={data.rows} pageNo={data.pageNo} pages={data.pages} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
