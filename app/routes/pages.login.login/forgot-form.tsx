import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { ErrorList, Field } from "~/components/Field";
import { PhoneField, SmsButton, SubmitButton } from "~/components/forms";
import { forgotSchema, smsRequestSchema } from "~/utils/forms";
import { useTranslation } from "~/utils/i18n-react";
import { useLoginData } from "./login-data";
export function ForgotForm() {
  const { t } = useTranslation("account");
  const { data, actionData } = useLoginData();
  const [form, fields] = useForm({
    id: "forgot",
    lastResult: actionData?.result,
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formData.get("intent") === "sendSms" ? smsRequestSchema : forgotSchema,
      }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const remaining = actionData?.smsRemaining ?? data.smsRemaining;
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="purpose" value="forgot" />
      <p className="text-sm text-gray-700 dark:text-gray-300">{t("login.forgotIntro")}</p>
      <PhoneField areaCode={fields.areaCode} phone={fields.phone} areaCodes={data.areaCodes} />
      <Field
        label={t("form.smsCode")}
        meta={fields.smsCode}
        inputProps={{ inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 }}
        addon={<SmsButton remaining={remaining} stamp={actionData?.smsSent} />}
        hint={actionData?.message}
      />
      <Field
        label={t("form.newPassword")}
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
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton intent="forgot">{t("login.resetSubmit")}</SubmitButton>
      <p className="text-center">
        <Link
          to="?tab=login"
          className="inline-flex min-h-[44px] items-center text-brand-dark underline dark:text-pink-300"
        >
          {t("login.backToLogin")}
        </Link>
      </p>
    </Form>
  );
}
