import type { Submission } from "@conform-to/react";
import { json } from "@remix-run/node";
import { formError, serverT, upstreamFormError } from "./forms.server";
import { checkingOnly } from "./parse-form";
import { type AppSession, commitSession, getSession } from "./session.server";

/** Seconds until "Send code" may be pressed again (stored in the session as `smsUntil`). */
export function smsRemaining(session: AppSession): number {
  const until = session.get("smsUntil");
  return until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0;
}

/** What a code request reads (smsRequestSchema, userCodeRequestSchema, the login page's purpose). */
const SMS_REQUEST_FIELDS = ["intent", "purpose", "areaCode", "phone"] as const;

/**
 * The "Send code" button of every form that takes an SMS code: refuses while the 60 s cooldown
 * runs ("Retry in X s"), otherwise asks the upstream to send and starts the cooldown. The answer
 * carries `smsRemaining` so the button counts down, with and without JavaScript.
 */
export async function sendSmsCode<T>(
  request: Request,
  asked: Submission<T, string[]>,
  hideFields: string[],
  send: (value: T) => Promise<{ resendAfterSeconds: number }>,
  /** What the player reads once it is asked for (signed out: words that do not tell who has an account). */
  sentMessage: "login.smsSent" | "login.smsSentRegister" | "login.smsSentForgot" = "login.smsSent",
) {
  const t = await serverT(request, "account");
  const session = await getSession(request);
  const remaining = smsRemaining(session);
  // Its answer marks only the phone's fields checked: the rest of the form is not reached yet.
  const submission = checkingOnly(asked, SMS_REQUEST_FIELDS);
  if (submission.status !== "success") {
    return formError(request, submission.reply({ hideFields }), 400, { smsRemaining: remaining });
  }
  if (remaining > 0) {
    // Said under the code's field, beside the button pressed (a press only JS-less pages allow).
    const message = t("login.smsWait", { seconds: remaining });
    return formError(request, submission.reply({ fieldErrors: { smsCode: [message] }, hideFields }), 429, {
      smsRemaining: remaining,
    });
  }
  try {
    const sent = await send(submission.value);
    session.set("smsUntil", Date.now() + sent.resendAfterSeconds * 1000);
    return json(
      {
        ok: true,
        result: submission.reply({ hideFields }),
        smsRemaining: sent.resendAfterSeconds,
        smsSent: Date.now(),
        message: t(sentMessage),
      },
      { headers: { "set-cookie": await commitSession(session) } },
    );
  } catch (error) {
    return upstreamFormError(request, submission, error, hideFields, { smsRemaining: 0 });
  }
}
