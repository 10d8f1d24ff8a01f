import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { ErrorList, Field } from "~/components/forms";
import { PhoneField, SubmitButton } from "~/components/forms";
import { loginSchema } from "~/utils/forms";
import { useTranslation } from "~/utils/i18n-react";
import { useLoginData } from "./login-data";
import { TextLink } from "./text-link";

export function LoginForm() {
  const { t } = useTranslation("account");
  const { data, actionData } = useLoginData();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: loginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
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
