import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { coinAmount } from "~/components/assets/money";
import { UpstreamError, asPageError, outcomeUnknown, statusOf } from "~/utils/api/errors.server";
import { getBalances } from "~/utils/api/user.server";
import { getPledgeConfigList, getPledgePage, pledge } from "~/utils/api/wallet/assets.server";
import { formatsFor } from "~/utils/format.server";
import { envelopeRefusal, formError, formIdempotencyKey, readForm, serverT } from "~/utils/forms.server";
import { reasonRefusal } from "~/utils/limit-refusal.server";
import { pageCount, parsePage, redirectPastLastPage } from "~/utils/paging.server";
import { parseWithZod } from "~/utils/parse-form";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { finish } from "~/utils/toast.server";
import { pledgeFormSchema } from "./pledge-schema";

const SELF = PAGES.pledge;
const PAGE_SIZE = 10;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const pageNo = parsePage(new URL(request.url).searchParams.get("page"));
  const [balances, plans, stakes] = await Promise.all([
    getBalances(request),
    getPledgeConfigList(request),
    getPledgePage(request, { pageNo, pageSize: PAGE_SIZE }),
  ]).catch(asPageError);
  const pages = pageCount(stakes.totalElements, PAGE_SIZE);
  redirectPastLastPage(request, pageNo, pages);
  return json({
    balances,
    plans,
    stakes,
    formKey: crypto.randomUUID(),
    // The stakes' page (?page=, from 1) and how many pages of PAGE_SIZE there are: the pager's
    // plain links reach every stake, as on the records pages.
    pageNo,
    pages,
  });
}

const REASONS: Record<string, string> = {
  UNKNOWN_PLAN: "errors.unknownPlan",
  CLOSED_PLAN: "errors.closedPlan",
  INSUFFICIENT: "errors.insufficient",
  BELOW_MIN: "errors.belowMin",
  ABOVE_MAX: "errors.aboveMax",
};

/** Stakes the amount on the plan with the form's idempotency key (a double submit stakes once). */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const form = await readForm(request);
  const t = await serverT(request, "assets");
  const submission = parseWithZod(form, { schema: pledgeFormSchema });
  if (submission.status !== "success") return formError(request, submission.reply());
  const idempotencyKey = formIdempotencyKey(form);
  const fmt = await formatsFor(request);
  let outcome: Awaited<ReturnType<typeof pledge>>;
  try {
    outcome = await pledge(request, submission.value, idempotencyKey);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const message = outcomeUnknown(error) ? t("errors.outcomeUnknown") : error.message;
    return formError(request, submission.reply({ formErrors: [message] }), statusOf(error), {
      idempotencyKey,
    });
  }
  if (outcome.code !== 200 || !outcome.result) {
    const amount = (outcome.detail as { amount?: number } | null)?.amount ?? 0;
    const message = await reasonRefusal(request, outcome, t, REASONS, {
      amount: fmt.coinMoney(amount, "CHIP"),
    });
    return envelopeRefusal(request, submission, outcome, message);
  }
  const made = outcome.result.pledge;
  const message = t("pledge.done", {
    amount: coinAmount(fmt, t, made.amount, made.coin),
    days: made.termDays,
  });
  return finish(request, SELF, { type: "success", message }, undefined, { result: outcome.result });
}
