import { CheckboxField, Field, NewPasswordFields } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { LoginPageForm, useLoginPageForm } from "./login-page-form";
import { PhoneAndCode } from "./phone-and-code";

export function RegisterForm() {
  const { t } = useTranslation("account");
  const { form, fields } = useLoginPageForm("register", (m) => m.registerSchema, {
    withSms: true,
    defaultValue: (data) => ({ invitationCode: data.invite }),
  });
  return (
    <LoginPageForm form={form} intent="register">
      <PhoneAndCode fields={fields} />
      <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} kind="password" />
      <Field
        label={t("form.invitationCode")}
        meta={fields.invitationCode}
        inputProps={{ autoCapitalize: "characters" }}
      />
      <CheckboxField meta={fields.ageConfirmed} label={t("login.ageConfirm")} />
    </LoginPageForm>
  );
}
