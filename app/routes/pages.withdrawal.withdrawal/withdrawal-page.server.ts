import type { Submission, SubmissionResult } from "@conform-to/react";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { withdrawalRefusal } from "~/components/wallet/refusals";
import {
  cashFormSchema,
  parseWithZod,
  previewSchema,
  usdtFormSchema,
} from "~/components/wallet/withdraw-schemas.server";
import { asPageError } from "~/utils/api/errors.server";
import {
  applyCashWithdrawal,
  applyUsdtWithdrawal,
  getUserBanks,
  getWithdrawalInfo,
} from "~/utils/api/wallet/withdrawal.server";
import { formatsFor } from "~/utils/format.server";
import {
  formError,
  formIdempotencyKey,
  keyAfterRefusal,
  readForm,
  refusalReply,
  upstreamFormError,
} from "~/utils/forms.server";
import { i18n } from "~/utils/i18n.server";
import { keyReusedRefusal } from "~/utils/limit-refusal.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { finish } from "~/utils/toast.server";
import type { UserBank, WithdrawalInfo } from "#contract/withdrawal";

export type Tab = "cash" | "usdt";
export const tabOf = (request: Request): Tab =>
  new URL(request.url).searchParams.get("tab")?.toLowerCase() === "usdt" ? "usdt" : "cash";

export interface WithdrawalPageData {
  tab: Tab;
  info: WithdrawalInfo;
  cards: UserBank[];
  formKey: string;
}

/** What the action answers when the page stays (errors, the no-JS fee preview). */
export type WithdrawalActionData =
  | { result?: SubmissionResult<string[]>; preview?: number; idempotencyKey?: string }
  | undefined;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const tab = tabOf(request);
  const [info, cards] = await Promise.all([
    getWithdrawalInfo(request, tab === "usdt" ? "USDT" : "CASH"),
    tab === "cash" ? getUserBanks(request).then((p) => p.content) : Promise.resolve([]),
  ]).catch(asPageError);
  return json<WithdrawalPageData>({ tab, info, cards, formKey: crypto.randomUUID() });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const tab = tabOf(request);
  const formData = await readForm(request);
  const hideFields = ["assetPassword"];
  if (formData.get("intent") === "preview") {
    const submission = parseWithZod(formData, { schema: previewSchema });
    if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
    return json({ result: submission.reply({ hideFields }), preview: submission.value.amount });
  }
  const t = await i18n.getFixedT(request, "withdraw");
  const format = await formatsFor(request);
  const key = formIdempotencyKey(formData);
  const refused = async (
    submission: Submission<unknown, string[]>,
    answer: { message: string; detail: unknown },
  ) => {
    const message =
      (await keyReusedRefusal(request, answer.detail)) ??
      withdrawalRefusal(t, format, answer.detail, answer.message);
    const reason = (answer.detail as { reason?: string } | null)?.reason;
    return formError(request, refusalReply(submission, message, reason, hideFields), 400, {
      idempotencyKey: keyAfterRefusal(key, answer.detail),
    });
  };
  if (tab === "cash") {
    const submission = parseWithZod(formData, { schema: cashFormSchema });
    if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
    const { amount, userBankId, assetPassword } = submission.value;
    try {
      const answer = await applyCashWithdrawal(
        request,
        { amount, userBankId: Number(userBankId), assetPassword },
        key,
      );
      if (answer.code !== 200 || !answer.result) return refused(submission, answer);
      const { status, netAmount } = answer.result;
      return done(request, PAGES.withdrawalRecords, status, format.money(netAmount), t);
    } catch (error) {
      return upstreamFormError(request, submission, error, hideFields, { idempotencyKey: key });
    }
  }
  const submission = parseWithZod(formData, { schema: usdtFormSchema });
  if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
  try {
    const answer = await applyUsdtWithdrawal(request, submission.value, key);
    if (answer.code !== 200 || !answer.result) return refused(submission, answer);
    const { status, netAmount, usdtAmount } = answer.result;
    const sent = usdtAmount === null ? format.money(netAmount) : format.usdt(usdtAmount);
    return done(request, PAGES.withdrawalURecords, status, sent, t);
  } catch (error) {
    return upstreamFormError(request, submission, error, hideFields, { idempotencyKey: key });
  }
}

function done(
  request: Request,
  to: string,
  status: string,
  sent: string,
  t: (key: string, o?: Record<string, unknown>) => string,
) {
  const message =
    status === "APPROVED"
      ? t("withdraw:done.paid", { amount: sent })
      : status === "REJECT"
        ? t("withdraw:done.rejected")
        : t("withdraw:done.waiting");
  return finish(request, to, { type: status === "REJECT" ? "error" : "success", message });
}
