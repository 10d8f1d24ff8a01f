import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorList, Field } from "~/components/Field";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { SmsButton, SubmitButton } from "~/components/forms";
import { sendUserCode } from "~/utils/api/auth.server";
import { asPageError } from "~/utils/api/errors.server";
import { getUserInfo, resetAssetPwd } from "~/utils/api/user.server";
import { paymentPasswordSchema, userCodeRequestSchema } from "~/utils/forms";
import { formError, readForm, serverT, upstreamFormError } from "~/utils/forms.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { getSession, requireToken } from "~/utils/session.server";
import { sendSmsCode, smsRemaining } from "~/utils/sms-cooldown.server";
import { finish } from "~/utils/toast.server";

export const handle = { i18n: ["common", "account"] };
export const meta = pageTitle("password.paymentTitle", "account");

/** Payment password: an SMS code to the player's own phone, then 6 digits twice. */
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
  const hideFields = ["assetPassword", "confirmPassword"];
  if (formData.get("intent") === "sendSms") {
    const submission = parseWithZod(formData, { schema: userCodeRequestSchema });
    return sendSmsCode(request, submission, hideFields, () => sendUserCode(request, "RESET_ASSET_PWD"));
  }
  const submission = parseWithZod(formData, { schema: paymentPasswordSchema });
  if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
  try {
    await resetAssetPwd(request, {
      smsCode: submission.value.smsCode,
      assetPassword: submission.value.assetPassword,
    });
    return finish(request, "/pages/account/account", {
      type: "success",
      message: t("toast.paymentPasswordSet"),
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

export default function PaymentPasswordPage() {
  const { t } = useTranslation("account");
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const [form, fields] = useForm({
    id: "payment-password",
    lastResult: actionData?.result,
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formData.get("intent") === "sendSms" ? userCodeRequestSchema : paymentPasswordSchema,
      }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <>
      <NavBar title={t("password.paymentTitle")} backTo="/pages/account/account" />
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
            label={t("form.paymentPassword")}
            meta={fields.assetPassword}
            type="password"
            inputProps={{ inputMode: "numeric", autoComplete: "new-password", maxLength: 6 }}
          />
          <Field
            label={t("form.confirmPassword")}
            meta={fields.confirmPassword}
            type="password"
            inputProps={{ inputMode: "numeric", autoComplete: "new-password", maxLength: 6 }}
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
