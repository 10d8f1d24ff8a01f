import { Field, PhoneField } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { LoginPageForm, useLoginPageForm } from "./login-page-form";

export function LoginForm() {
  const { t } = useTranslation("account");
  const { data, form, fields } = useLoginPageForm("login", (m) => m.loginSchema);
  return (
    <LoginPageForm form={form} intent="login">
      <input type="hidden" hidden name="redirectTo" value={data.redirectTo} />
      <PhoneField areaCode={fields.areaCode} phone={fields.phone} areaCodes={data.areaCodes} />
      <Field
        label={t("form.password")}
        meta={fields.password}
        type="password"
        inputProps={{ autoComplete: "current-password" }}
      />
    </LoginPageForm>
  );
}
