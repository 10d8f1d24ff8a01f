import { NewPasswordFields } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { LoginPageForm, useLoginPageForm } from "./login-page-form";
import { PhoneAndCode } from "./phone-and-code";

export function ForgotForm() {
  const { t } = useTranslation("account");
  const { form, fields } = useLoginPageForm("forgot", (m) => m.forgotSchema, { withSms: true });
  return (
    <LoginPageForm form={form} intent="forgot">
      <p className="text-sm text-gray-700 dark:text-gray-300">{t("login.forgotIntro")}</p>
      <PhoneAndCode fields={fields} />
      <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} kind="new" />
    </LoginPageForm>
  );
}
