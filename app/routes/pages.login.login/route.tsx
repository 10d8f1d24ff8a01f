import {
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
  redirect,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NavBar } from "~/components/NavBar";
import { login, register, resetLoginPwd, sendSmsCodeNoAuth } from "~/utils/api/auth.server";
import { getAreaCodes } from "~/utils/api/config.server";
import { logoutAction } from "~/utils/auth-actions.server";
import { formatsFor } from "~/utils/format.server";
import { formError, readForm, serverT, upstreamFormError } from "~/utils/forms.server";
import { useTranslation } from "~/utils/i18n-react";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { titleOf } from "~/utils/meta";
import { LOGIN_PATH } from "~/utils/paths";
import { safeRedirect } from "~/utils/safe-redirect";
import {
  forgotSchema,
  loginSchema,
  parseWithZod,
  registerSchema,
  smsRequestSchema,
} from "~/utils/schemas.server";
import { createLoginSession, getSession, signInDeviceId } from "~/utils/session.server";
import { sendSmsCode, smsRemaining } from "~/utils/sms-cooldown.server";
import { finish } from "~/utils/toast.server";

// The forms, with the form kit and Conform, load after first paint (lazyForm); the server renders them.
const LoginForm = lazyForm(() => import("./login-form").then((m) => m.LoginForm));
const RegisterForm = lazyForm(() => import("./register-form").then((m) => m.RegisterForm));
const ForgotForm = lazyForm(() => import("./forgot-form").then((m) => m.ForgotForm));
export const clientLoader = withForms(LoginForm, RegisterForm, ForgotForm);

export const handle = { i18n: ["common", "account"] };
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const tab = data?.tab ?? "login";
  return [{ title: titleOf(matches, `login.${tab}Title`, "account") }];
};

const TABS = ["login", "register", "forgot"] as const;
type Tab = (typeof TABS)[number];
const tabOf = (value: string | null): Tab =>
  (TABS as readonly string[]).includes(value ?? "") ? (value as Tab) : "login";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const session = await getSession(request);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "/");
  if (session.get("token")) throw redirect(redirectTo);
  const invite = (url.searchParams.get("invite") ?? url.searchParams.get("invitationCode") ?? "").slice(
    0,
    16,
  );
  return json({
    // An invitation link (the team page's inviteLinkUrl) opens the register tab, code filled in.
    tab: tabOf(url.searchParams.get("tab") ?? (invite ? "register" : null)),
    areaCodes: await getAreaCodes(request),
    smsRemaining: smsRemaining(session),
    invite,
    redirectTo,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  if (url.searchParams.get("intent") === "logout") return logoutAction({ request });
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "logout") return logoutAction({ request });
  const t = await serverT(request, "account");
  const hideFields = ["password", "confirmPassword"];

  if (intent === "sendSms") {
    const submission = parseWithZod(formData, { schema: smsRequestSchema });
    const type = formData.get("purpose") === "forgot" ? "RESET_LOGIN_PWD" : "REGISTER";
    return sendSmsCode(
      request,
      submission,
      hideFields,
      ({ areaCode, phone }) => sendSmsCodeNoAuth(request, { areaCode, phone, type }),
      type === "REGISTER" ? "login.smsSentRegister" : "login.smsSentForgot",
    );
  }

  if (intent === "register") {
    const submission = parseWithZod(formData, { schema: registerSchema });
    if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
    const { areaCode, phone, smsCode, password, invitationCode } = submission.value;
    try {
      const deviceId = await signInDeviceId(request);
      const input = { areaCode, phone, smsCode, password, invitationCode };
      const { token } = await register(request, input, deviceId);
      const cookie = await createLoginSession(request, token, deviceId);
      return finish(
        request,
        "/",
        { type: "success", message: t("toast.registered") },
        { headers: { "set-cookie": cookie } },
      );
    } catch (error) {
      return upstreamFormError(request, submission, error, hideFields);
    }
  }

  if (intent === "forgot") {
    const submission = parseWithZod(formData, { schema: forgotSchema });
    if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
    const { areaCode, phone, smsCode, password } = submission.value;
    try {
      await resetLoginPwd(request, { areaCode, phone, smsCode, password });
      return finish(request, LOGIN_PATH, { type: "success", message: t("toast.passwordReset") });
    } catch (error) {
      return upstreamFormError(request, submission, error, hideFields);
    }
  }

  const submission = parseWithZod(formData, { schema: loginSchema });
  if (submission.status !== "success")
    return formError(request, submission.reply({ hideFields: ["password"] }));
  const { areaCode, phone, password, redirectTo } = submission.value;
  try {
    // The device id the core is told is the one the new session keeps (decision 063).
    const deviceId = await signInDeviceId(request);
    const { token, previousSignIn } = await login(request, { areaCode, phone, password }, deviceId);
    const cookie = await createLoginSession(request, token, deviceId);
    // The previous sign-in, so that a player notices one that was not theirs (issue 9).
    const message = previousSignIn
      ? t("toast.loggedInSince", { at: (await formatsFor(request)).dateTime(previousSignIn) })
      : t("toast.loggedIn");
    return finish(
      request,
      safeRedirect(redirectTo, "/"),
      { type: "success", message },
      { headers: { "set-cookie": cookie } },
    );
  } catch (error) {
    return upstreamFormError(request, submission, error, ["password"]);
  }
}

export default function LoginPage() {
  const { t } = useTranslation("account");
  const data = useLoaderData<typeof loader>();
  const tab = data.tab;
  const title =
    tab === "register"
      ? t("login.registerTitle")
      : tab === "forgot"
        ? t("login.forgotTitle")
        : t("login.loginTitle");
  return (
    <>
      <NavBar title={title} backTo={tab === "forgot" ? LOGIN_PATH : undefined} />
      <main className="mx-auto max-w-md px-4 pb-10 pt-6">
        <div className="mb-6 flex flex-col items-center gap-2 text-center">
          <img src="/favicon.svg" alt="" width={56} height={56} />
          <p className="text-xl font-bold">{t("login.welcome")}</p>
        </div>
        {tab !== "forgot" ? (
          <nav
            aria-label={t("login.tabs")}
            className="mb-6 grid grid-cols-2 rounded-full bg-white p-1 shadow-sm dark:bg-gray-900"
          >
            {(["login", "register"] as const).map((key) => (
              <Link
                key={key}
                to={`?tab=${key}${data.invite ? `&invite=${encodeURIComponent(data.invite)}` : ""}`}
                replace
                aria-current={tab === key ? "page" : undefined}
                className={`flex min-h-[44px] items-center justify-center rounded-full font-semibold ${
                  tab === key ? "bg-brand text-white" : "text-gray-700 dark:text-gray-200"
                }`}
              >
                {key === "login" ? t("login.loginTab") : t("login.registerTab")}
              </Link>
            ))}
          </nav>
        ) : null}
        {tab === "login" ? <LoginForm /> : tab === "register" ? <RegisterForm /> : <ForgotForm />}
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
