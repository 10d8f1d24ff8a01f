import type { ActionFunctionArgs } from "@remix-run/node";
import { PasswordPage, passwordPageMeta } from "~/components/PasswordPage";
import { passwordPageAction } from "~/utils/password-page.server";

/** Login password: an SMS code to the player's own phone, the new password twice. */
export const handle = { i18n: ["common", "account"] };
export const meta = passwordPageMeta("login");
export const action = (args: ActionFunctionArgs) => passwordPageAction("login", args);

export default function LoginPasswordPage() {
  return <PasswordPage page="login" />;
}

export { passwordPageLoader as loader } from "~/utils/password-page.server";
export { passwordPageClientLoader as clientLoader } from "~/components/PasswordPage";
export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
