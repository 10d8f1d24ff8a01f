import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import {
  ErrorList,
  NewPasswordFields,
  SmsCodeField,
  type SmsFormAnswer,
  SubmitButton,
  useKitForm,
} from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";

/** The module of the form schemas (~/utils/forms), loaded after first paint (useKitForm). */
type FormSchemas = typeof import("~/utils/forms");
const loadSchemas = () => import("~/utils/forms");

export type PasswordFormProps = {
  id: string;
  /** Picks the page's schema, e.g. `(m) => m.loginPasswordSchema`. */
  schema: (m: FormSchemas) => z.ZodTypeAny;
  secretField: "password" | "assetPassword";
  kind: "new" | "payment";
};

/**
 * The form of the two password pages (password-page.server.ts): code to own phone, secret twice.
 * Pages show it with PasswordPage, which loads it after first paint.
 */
export function PasswordForm({ id, schema, secretField, kind }: PasswordFormProps) {
  const { t } = useTranslation("account");
  const data = useLoaderData<{ phone: string; areaCode: string; smsRemaining: number }>();
  const answer = useActionData() as SmsFormAnswer | undefined;
  const [form, fields] = useKitForm({
    id,
    schemas: loadSchemas,
    schema,
    smsSchema: (m) => m.userCodeRequestSchema,
    lastResult: answer?.result,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {t("password.codeTo", { phone: `+${data.areaCode} ${data.phone}` })}
      </p>
      <SmsCodeField
        meta={fields.smsCode}
        remaining={answer?.smsRemaining ?? data.smsRemaining}
        stamp={answer?.smsSent}
        hint={answer?.message}
      />
      <NewPasswordFields password={fields[secretField]} confirm={fields.confirmPassword} kind={kind} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <SubmitButton intent="save">{t("password.save")}</SubmitButton>
    </Form>
  );
}
