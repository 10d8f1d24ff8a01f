import type { Submission } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import type { z } from "zod";
import type { PasswordPageName } from "~/components/PasswordPage";
import { parseWithZod } from "~/utils/parse-form";
import { resetLoginPwd, sendUserCode } from "./api/auth.server";
import { asPageError } from "./api/errors.server";
import { getUserInfo, resetAssetPwd } from "./api/user.server";
import { userCodeRequestSchema } from "./forms";
import { formError, readForm, serverT, upstreamFormError } from "./forms.server";
import { ACCOUNT_PATH } from "./paths";
import { safeRedirect } from "./safe-redirect";
import { loginPasswordSchema, paymentPasswordSchema } from "./schemas.server";
import { getSession, requireToken } from "./session.server";
import { sendSmsCode, smsRemaining } from "./sms-cooldown.server";
import { finish } from "./toast.server";

/**
 * The two password pages (login password, payment password): an SMS code to the player's own
 * phone, then the new secret twice. They differ only in what they save, told by a `PasswordPage`.
 */
interface PasswordPage<S extends z.ZodTypeAny> {
  schema: S;
  /** The field of the new secret; it and its confirmation never come back to the browser. */
  secretField: string;
  smsPurpose: "RESET_LOGIN_PWD" | "RESET_ASSET_PWD";
  save: (request: Request, value: z.output<S>) => Promise<unknown>;
  /** Key in the "account" namespace of the toast once saved. */
  savedMessage: string;
}

const loginPassword: PasswordPage<typeof loginPasswordSchema> = {
  schema: loginPasswordSchema,
  secretField: "password",
  smsPurpose: "RESET_LOGIN_PWD",
  async save(request, { smsCode, password }) {
    const { areaCode, phone } = await getUserInfo(request);
    await resetLoginPwd(request, { areaCode, phone, smsCode, password });
  },
  savedMessage: "toast.passwordChanged",
};

const paymentPassword: PasswordPage<typeof paymentPasswordSchema> = {
  schema: paymentPasswordSchema,
  secretField: "assetPassword",
  smsPurpose: "RESET_ASSET_PWD",
  save: (request, { smsCode, assetPassword }) => resetAssetPwd(request, { smsCode, assetPassword }),
  savedMessage: "toast.paymentPasswordSet",
};

/** The password pages' loader: the player's own phone, where the code goes, and the SMS cool-down. */
export async function passwordPageLoader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const user = await getUserInfo(request).catch(asPageError);
  return json({
    phone: user.phone,
    areaCode: user.areaCode,
    smsRemaining: smsRemaining(await getSession(request)),
  });
}

/**
 * The action of the password page `which` (components/PasswordPage.tsx names them the same). A route
 * calls it inside its action, never at the module's top level: browser code would run that call.
 */
export function passwordPageAction(which: PasswordPageName, { request }: ActionFunctionArgs) {
  return which === "login" ? savePassword(request, loginPassword) : savePassword(request, paymentPassword);
}

async function savePassword<S extends z.ZodTypeAny>(request: Request, page: PasswordPage<S>) {
  await requireToken(request);
  const formData = await readForm(request);
  const t = await serverT(request, "account");
  const hideFields = [page.secretField, "confirmPassword"];
  if (formData.get("intent") === "sendSms") {
    const submission = parseWithZod(formData, { schema: userCodeRequestSchema });
    return sendSmsCode(request, submission, hideFields, () => sendUserCode(request, page.smsPurpose));
  }
  const submission = parseWithZod(formData, { schema: page.schema }) as Submission<
    z.input<S>,
    string[],
    z.output<S>
  >;
  if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
  try {
    await page.save(request, submission.value);
    // A page that sent the player here to set a password first (a withdrawal, a bank card) gets
    // them back: ?redirectTo=<path of this app>.
    const back = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), ACCOUNT_PATH);
    return finish(request, back, { type: "success", message: t(page.savedMessage) });
  } catch (error) {
    return upstreamFormError(request, submission, error, hideFields);
  }
}
