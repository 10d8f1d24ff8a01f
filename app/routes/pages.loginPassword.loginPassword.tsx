import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Field } from "~/components/Field";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { SmsButton, SubmitButton } from "~/components/forms";
import { resetLoginPwd, sendUserCode } from "~/utils/api/auth.server";
import { asPageError } from "~/utils/api/errors.server";
import { getUserInfo } from "~/utils/api/user.server";
import { loginPasswordSchema, userCodeRequestSchema } from "~/utils/forms";
import { formError, readForm, serverT, upstreamFormError } from "~/utils/forms.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { getSession, requireToken } from "~/utils/session.server";
import { sendSmsCode, smsRemaining } from "~/utils/sms-cooldown.server";
import { finish } from "~/utils/toast.server";

export const handle = { i18n: ["common", "account"] };
export const meta = pageTitle("password.loginTitle", "account");

/** Login password: an SMS code to the player's own phone, the new password twice. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const user = await getUserInfo(request).catch(asPageError);
  return json({
    phone: user.phone,
    areaCode: user.areaCode,
    smsRemaining: smsRemaining(await getSession(request)),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const formData = await readForm(request);
  const t = await serverT(request, "account");
  const hideFields = ["password", "confirmPassword"];
  if (formData.get("intent") === "sendSms") {
    const submission = parseWithZod(formData, { schema: userCodeRequestSchema });
    return sendSmsCode(request, submission, hideFields, () => sendUserCode(request, "RESET_LOGIN_PWD"));
  }
  const submission = parseWithZod(formData, { schema: loginPasswordSchema });
  if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
  try {
    const user = await getUserInfo(request);
    await resetLoginPwd(request, {
      areaCode: user.areaCode,
      phone: user.phone,
      smsCode: submission.value.smsCode,
      password: submission.value.password,
    });
    return finish(request, "/pages/account/account", {
      type: "success",
      message: t("toast.passwordChanged"),
    });
  } catch (error) {
    return upstreamFormError(request, submission, error, hideFields);
  }
}

type ActionData = {
  result?: SubmissionResult<string[]>;
  smsRemaining?: number;
  smsSent?: number;
  message?: string;
};

export default function LoginPasswordPage() {
  const { t } = useTranslation("account");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [form, fields] = useForm({
    id: "login-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formData.get("intent") === "sendSms" ? userCodeRequestSchema : loginPasswordSchema,
      }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <NavBar title={t("password.loginTitle")} backTo="/pages/account/account" />
      <main className="mx-auto max-w-md p-4">
        <Form method="post" {...getFormProps(form)} className="card space-y-4">
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {t("password.codeTo", { phone: `+${data.areaCode} ${data.phone}` })}
          </p>
          <Field
            label={t("form.smsCode")}
            meta={fields.smsCode}
            inputProps={{ inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 }}
            addon={
              <SmsButton
                remaining={actionData?.smsRemaining ?? data.smsRemaining}
                stamp={actionData?.smsSent}
              />
            }
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
          <SubmitButton intent="save">{t("password.save")}</SubmitButton>
        </Form>
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
