import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PasswordPage, passwordPageClientLoader } from "~/components/PasswordPage";
import { resetAssetPwd } from "~/utils/api/user.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { passwordPageAction, passwordPageLoader } from "~/utils/password-page.server";
import { paymentPasswordSchema } from "~/utils/schemas.server";

export const handle = { i18n: ["common", "account"] };
export const meta = pageTitle("password.paymentTitle", "account");

/** Payment password: an SMS code to the player's own phone, then 6 digits twice. */
export const loader = ({ request }: LoaderFunctionArgs) => passwordPageLoader(request);

export const clientLoader = passwordPageClientLoader;

export const action = ({ request }: ActionFunctionArgs) =>
  passwordPageAction(request, {
    schema: paymentPasswordSchema,
    secretField: "assetPassword",
    smsPurpose: "RESET_ASSET_PWD",
    save: (request, { smsCode, assetPassword }) => resetAssetPwd(request, { smsCode, assetPassword }),
    savedMessage: "toast.paymentPasswordSet",
  });

export default function PaymentPasswordPage() {
  const { t } = useTranslation("account");
  return (
    <PasswordPage
      id="payment-password"
      title={t("password.paymentTitle")}
      schema={(m) => m.paymentPasswordSchema}
      secretField="assetPassword"
      kind="payment"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
