import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { ErrorList, Field, PhoneField, SubmitButton, useKitForm } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { useLoginData } from "./login-data";
import { TextLink } from "./text-link";

export function LoginForm() {
  const { t } = useTranslation("account");
  const { data, actionData } = useLoginData();
  const [form, fields] = useKitForm({
    id: "login",
    schemas: () => import("~/utils/forms"),
    schema: (m) => m.loginSchema,
    lastResult: actionData?.result,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="redirectTo" value={data.redirectTo} />
      <PhoneField areaCode={fields.areaCode} phone={fields.phone} areaCodes={data.areaCodes} />
      <Field
        label={t("form.password")}
        meta={fields.password}
        type="password"
        inputProps={{ autoComplete: "current-password" }}
      />
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton intent="login">{t("login.submit")}</SubmitButton>
      <TextLink to="?tab=forgot">{t("login.forgotLink")}</TextLink>
    </Form>
  );
}
