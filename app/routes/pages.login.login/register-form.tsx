import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import {
  CheckboxField,
  ErrorList,
  Field,
  NewPasswordFields,
  SubmitButton,
  useKitForm,
} from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { useLoginData } from "./login-data";
import { PhoneAndCode } from "./phone-and-code";

export function RegisterForm() {
  const { t } = useTranslation("account");
  const { data, actionData } = useLoginData();
  const [form, fields] = useKitForm({
    id: "register",
    schemas: () => import("~/utils/forms"),
    schema: (m) => m.registerSchema,
    smsSchema: (m) => m.smsRequestSchema,
    lastResult: actionData?.result,
    defaultValue: { invitationCode: data.invite },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="purpose" value="register" />
      <PhoneAndCode fields={fields} />
      <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} kind="password" />
      <Field
        label={t("form.invitationCode")}
        meta={fields.invitationCode}
        inputProps={{ autoCapitalize: "characters" }}
      />
      <CheckboxField meta={fields.ageConfirmed} label={t("login.ageConfirm")} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton intent="register">{t("login.registerSubmit")}</SubmitButton>
    </Form>
  );
}
