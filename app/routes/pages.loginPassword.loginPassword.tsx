import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { PasswordPage, passwordPageClientLoader } from "~/components/PasswordPage";
import { resetLoginPwd } from "~/utils/api/auth.server";
import { getUserInfo } from "~/utils/api/user.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { passwordPageAction, passwordPageLoader } from "~/utils/password-page.server";
import { loginPasswordSchema } from "~/utils/schemas.server";

export const handle = { i18n: ["common", "account"] };
export const meta = pageTitle("password.loginTitle", "account");

/** Login password: an SMS code to the player's own phone, the new password twice. */
export const loader = ({ request }: LoaderFunctionArgs) => passwordPageLoader(request);

export const clientLoader = passwordPageClientLoader;

export const action = ({ request }: ActionFunctionArgs) =>
  passwordPageAction(request, {
    schema: loginPasswordSchema,
    secretField: "password",
    smsPurpose: "RESET_LOGIN_PWD",
    async save(request, { smsCode, password }) {
      const { areaCode, phone } = await getUserInfo(request);
      await resetLoginPwd(request, { areaCode, phone, smsCode, password });
    },
    savedMessage: "toast.passwordChanged",
  });

export default function LoginPasswordPage() {
  const { t } = useTranslation("account");
  return (
    <PasswordPage
      id="login-password"
      title={t("password.loginTitle")}
      schema={(m) => m.loginPasswordSchema}
      secretField="password"
      kind="new"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
