import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorList, NewPasswordFields, SubmitButton, useKitForm } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { useLoginData } from "./login-data";
import { PhoneAndCode } from "./phone-and-code";
import { TextLink } from "./text-link";

export function ForgotForm() {
  const { t } = useTranslation("account");
  const { data, actionData } = useLoginData();
  const [form, fields] = useKitForm({
    id: "forgot",
    schemas: () => import("~/utils/forms"),
    schema: (m) => m.forgotSchema,
    smsSchema: (m) => m.smsRequestSchema,
    lastResult: actionData?.result,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="purpose" value="forgot" />
      <p className="text-sm text-gray-700 dark:text-gray-300">{t("login.forgotIntro")}</p>
      <PhoneAndCode fields={fields} />
      <NewPasswordFields password={fields.password} confirm={fields.confirmPassword} kind="new" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton intent="forgot">{t("login.resetSubmit")}</SubmitButton>
      <TextLink to="?tab=login">{t("login.backToLogin")}</TextLink>
    </Form>
  );
}
