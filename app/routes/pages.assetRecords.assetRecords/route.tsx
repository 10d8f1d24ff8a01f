import type { LoaderFunctionArgs } from "@remix-run/node";
import { ComingSoon } from "~/components/ComingSoon";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";

export const handle = { i18n: ["common"] };
export const meta = pageTitle("pages.assetRecords");

/** Planned for a later issue: a clear "Coming soon" page, so that no link of the app 404s. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  return { comingSoon: true };
}

export default function Page() {
  const { t } = useTranslation("common");
  return <ComingSoon title={t("pages.assetRecords")} backTo={PAGES.account} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
