import { type DefaultValue, type FormMetadata, getFormProps } from "@conform-to/react";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { ErrorList, type SmsFormAnswer, SubmitButton, useKitForm } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import type { loader } from "./route";
import { TextLink } from "./text-link";

type FormsModule = typeof import("~/utils/forms");
type LoginData = ReturnType<typeof useLoginData>["data"];

/** The page's loader data and the last action answer, as each of the three forms reads them. */
export function useLoginData() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData() as SmsFormAnswer | undefined;
  return { data, actionData };
}

/**
 * One of the login page's three forms (login, register, forgot): its schema from ~/utils/forms,
 * loaded after first paint, and the last answer of the action; `withSms`, the "Send code" button
 * is validated by the SMS request schema.
 */
export function useLoginPageForm<S extends z.ZodTypeAny>(
  id: string,
  schema: (module: FormsModule) => S,
  {
    withSms = false,
    defaultValue,
  }: {
    withSms?: boolean;
    /** The fields' first values, from the page's loader data. */
    defaultValue?: (data: LoginData) => DefaultValue<z.input<S>>;
  } = {},
) {
  const { data, actionData } = useLoginData();
  const [form, fields] = useKitForm({
    id,
    schemas: () => import("~/utils/forms"),
    schema,
    smsSchema: withSms ? (m) => m.smsRequestSchema : undefined,
    lastResult: actionData?.result,
    defaultValue: defaultValue?.(data),
  });
  return { data, form, fields };
}

/** Each form's submit label and the link under it (keys in the account namespace). */
const ENDINGS = {
  login: { submit: "login.submit", link: { to: "?tab=forgot", label: "login.forgotLink" } },
  register: { submit: "login.registerSubmit", link: null },
  forgot: { submit: "login.resetSubmit", link: { to: "?tab=login", label: "login.backToLogin" } },
} as const;

/**
 * The form itself: its fields, then its errors, its submit button (`intent`) and the link to the
 * other tab. Register and forgot also post their `purpose` (which SMS the "Send code" button asks).
 */
export function LoginPageForm<Schema extends Record<string, unknown>>({
  form,
  intent,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  intent: keyof typeof ENDINGS;
  children: ReactNode;
}) {
  const { t } = useTranslation("account");
  const { submit, link } = ENDINGS[intent];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      {intent === "login" ? null : <input type="hidden" hidden name="purpose" value={intent} />}
      {children}
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <SubmitButton intent={intent}>{t(submit)}</SubmitButton>
      {link ? <TextLink to={link.to}>{t(link.label)}</TextLink> : null}
    </Form>
  );
}
