import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { ErrorList, Field } from "~/components/Field";
import { CheckboxField, PhoneField, SmsButton, SubmitButton } from "~/components/forms";
import { registerSchema, smsRequestSchema } from "~/utils/forms";
import { useTranslation } from "~/utils/i18n-react";
import { useLoginData } from "./login-data";
export function RegisterForm() {
  const { t } = useTranslation("account");
  const { data, actionData } = useLoginData();
  const [form, fields] = useForm({
    id: "register",
    lastResult: actionData?.result,
    defaultValue: { invitationCode: data.invite },
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formData.get("intent") === "sendSms" ? smsRequestSchema : registerSchema,
      }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const remaining = actionData?.smsRemaining ?? data.smsRemaining;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="purpose" value="register" />
      <PhoneField areaCode={fields.areaCode} phone={fields.phone} areaCodes={data.areaCodes} />
      <Field
        label={t("form.smsCode")}
        meta={fields.smsCode}
        inputProps={{ inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 }}
        addon={<SmsButton remaining={remaining} stamp={actionData?.smsSent} />}
        hint={actionData?.message}
      />
      <Field
        label={t("form.password")}
        meta={fields.password}
        type="password"
        inputProps={{ autoComplete: "new-password" }}
      />
      <Field
        label={t("form.confirmPassword")}
        meta={fields.confirmPassword}
        type="password"
        inputProps={{ autoComplete: "new-password" }}
      />
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
