import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { withdrawalRefusal } from "~/components/wallet/refusals";
import { bankCardFormSchema, parseWithZod } from "~/components/wallet/withdraw-schemas.server";
import { asPageError } from "~/utils/api/errors.server";
import {
  getBanks,
  getUserBanks,
  getWithdrawalInfo,
  saveUserBank,
} from "~/utils/api/wallet/withdrawal.server";
import { formatsFor } from "~/utils/format.server";
import { formError, readForm, refusalReply, upstreamFormError } from "~/utils/forms.server";
import { i18n } from "~/utils/i18n.server";
import { PAGES } from "~/utils/paths";
import { safeRedirect } from "~/utils/safe-redirect";
import { requireToken } from "~/utils/session.server";
import { finish } from "~/utils/toast.server";
import { MAX_BANK_CARDS } from "#contract/withdrawal";

/**
 * The bank-card page's loader and action. A `.server` module, so that the contract's and the
 * schemas' zod stay out of the page's start-up JavaScript (decision 036).
 */

/** ?edit=ID edits that card; ?redirectTo=PATH (a page of this app) is where a saved card leads. */
function paramsOf(request: Request) {
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  return {
    editId: edit && /^\d{1,15}$/.test(edit) ? Number(edit) : null,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const { editId, redirectTo } = paramsOf(request);
  const [banks, cards, info] = await Promise.all([
    getBanks(request),
    getUserBanks(request),
    getWithdrawalInfo(request, "CASH"),
  ]).catch(asPageError);
  const editing = editId === null ? null : (cards.content.find((c) => c.id === editId) ?? null);
  return json({
    banks,
    cards: cards.content,
    editing,
    redirectTo,
    hasAssetPassword: info.hasAssetPassword,
    maxCards: MAX_BANK_CARDS,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const { redirectTo } = paramsOf(request);
  const formData = await readForm(request);
  const hideFields = ["assetPassword"];
  const submission = parseWithZod(formData, { schema: bankCardFormSchema });
  if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
  const t = await i18n.getFixedT(request, "withdraw");
  const { id, bankId, holderName, bankCardNo, ifsc, assetPassword } = submission.value;
  if (!id && !bankCardNo) {
    return formError(
      request,
      submission.reply({ fieldErrors: { bankCardNo: ["withdraw:validation.numberRequired"] }, hideFields }),
    );
  }
  try {
    const answer = await saveUserBank(request, {
      id: id ? Number(id) : undefined,
      bankId: Number(bankId),
      holderName,
      bankCardNo,
      ifsc,
      assetPassword,
    });
    if (answer.code !== 200) {
      const message = withdrawalRefusal(t, await formatsFor(request), answer.detail, answer.message);
      const reason = (answer.detail as { reason?: string } | null)?.reason;
      return formError(request, refusalReply(submission, message, reason, hideFields));
    }
    return finish(request, redirectTo || PAGES.bankCard, {
      type: "success",
      message: t(id ? "withdraw:bank.saved" : "withdraw:bank.added"),
    });
  } catch (error) {
    return upstreamFormError(request, submission, error, hideFields);
  }
}
