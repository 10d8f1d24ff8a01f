import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { WithdrawalRecords } from "~/components/wallet/WithdrawalRecords";
import { pageTitle } from "~/utils/meta";
import { requireToken } from "~/utils/session.server";
import { withdrawalRecordsLoader } from "~/utils/withdrawal-records.server";

export const handle = { i18n: ["common", "withdraw"] };
export const meta = pageTitle("recordsPage.usdtTitle", "withdraw");

/** The player's USDT withdrawals: amount, fee, net, where to, status and the rejection reason. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  return json(await withdrawalRecordsLoader(request, "USDT"));
}

export default function Page() {
  const data = useLoaderData<typeof loader>();
  return <WithdrawalRecords currency="USDT" records={data.records} pageNo={data.pageNo} pages={data.pages} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
