import type { ActionFunctionArgs } from "@remix-run/node";
import { PasswordPage, passwordPageMeta } from "~/components/PasswordPage";
import { passwordPageAction } from "~/utils/password-page.server";

/** Payment password: an SMS code to the player's own phone, then 6 digits twice. */
export const handle = { i18n: ["common", "account"] };
export const meta = passwordPageMeta("payment");
export const action = (args: ActionFunctionArgs) => passwordPageAction("payment", args);

export default function PaymentPasswordPage() {
  return <PasswordPage page="payment" />;
}

export { passwordPageLoader as loader } from "~/utils/password-page.server";
export { passwordPageClientLoader as clientLoader } from "~/components/PasswordPage";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
