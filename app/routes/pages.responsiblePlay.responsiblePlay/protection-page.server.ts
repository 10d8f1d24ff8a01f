import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { forgetReality } from "~/components/limits/reality.server";
import { asPageError } from "~/utils/api/errors.server";
import {
  changePending,
  getLimitsStatus,
  getReality,
  getStatement,
  setLimit,
  setReminder,
  startBlock,
} from "~/utils/api/limits.server";
import type { Formats } from "~/utils/format";
import { dayIn } from "~/utils/format";
import { formatsFor } from "~/utils/format.server";
import { formError, readForm } from "~/utils/forms.server";
import { i18n } from "~/utils/i18n.server";
import { limitRefusalText } from "~/utils/limit-refusal.server";
import { moneyMessages } from "~/utils/money-messages";
import { parseWithZod } from "~/utils/parse-form";
import { PAGES } from "~/utils/paths";
import { safeRedirect } from "~/utils/safe-redirect";
import { commitSession, getSession, requireToken } from "~/utils/session.server";
import { finish } from "~/utils/toast.server";
import type { TFunction } from "~/utils/translate";
import { isCalendarDay } from "#contract/limits";
import { type ProtectionMessages, protectionSchema } from "./protection-schema";

const SELF = PAGES.responsiblePlay;

async function translator(request: Request) {
  return i18n.getFixedT(request, ["limits", "common"]);
}

function messagesOf(t: TFunction): ProtectionMessages {
  return {
    ...moneyMessages(t),
    minutes: t("validation.minutes"),
    length: t("validation.length"),
    password: t("validation.password"),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  try {
    const status = await getLimitsStatus(request);
    const url = new URL(request.url);
    const today = dayIn(status.now, status.timeZone);
    const weekAgo = dayIn(status.now - 6 * 86_400_000, status.timeZone);
    let from = url.searchParams.get("from") ?? "";
    let to = url.searchParams.get("to") ?? "";
    // Not two real days in order (a typo, 2026-02-30): the last seven days, as when none are given.
    if (!isCalendarDay(from) || !isCalendarDay(to) || from > to) {
      from = weekAgo;
      to = today;
    }
    const statement = await getStatement(request, from, to);
    return json({ status, statement });
  } catch (error) {
    return asPageError(error);
  }
}

/**
 * Every form of the page (and the game page's "continue"): checked with the same schema as in the
 * browser, then the core decides. Success: back to the page with a toast (JSON clients get
 * `{ok, message, redirect}`); a refusal: the form's error in the player's words.
 */
export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const formData = await readForm(request);
  const t = await translator(request);
  const form = String(formData.get("form") ?? "");
  const submission = parseWithZod(formData, { schema: protectionSchema(messagesOf(t)) });
  if (submission.status !== "success") return formError(request, submission.reply(), 400, { form });
  const v = submission.value;
  const format = await formatsFor(request);
  const refused = (answer: { code: number; message: string; detail: unknown }) => {
    const detail = answer.detail as { field?: string; effectiveAt?: number } | null;
    const text =
      limitRefusalText(t, format, answer.detail) ??
      (detail?.field === "password"
        ? t("errors.password")
        : detail?.effectiveAt
          ? t("errors.tooEarly", { at: format.dateTime(detail.effectiveAt) })
          : answer.message);
    return formError(
      request,
      submission.reply({ formErrors: [text], hideFields: ["password"] }),
      answer.code === 403 ? 403 : 400,
      {
        form,
      },
    );
  };

  switch (v.intent) {
    case "limit": {
      const answer = await setLimit(
        request,
        v.kind,
        v.period,
        v.amount === undefined ? "" : String(v.amount),
      );
      if (answer.code !== 200 || !answer.result) return refused(answer);
      const message =
        answer.result.outcome === "PENDING"
          ? t("toast.pending", { at: format.dateTime(answer.result.effectiveAt) })
          : answer.result.outcome === "APPLIED"
            ? t("toast.applied")
            : t("toast.unchanged");
      // Back on the period just saved: its form shows what is now in force (LimitForm).
      return finish(request, `${SELF}?saved=${v.kind}.${v.period}`, { type: "success", message }, undefined, {
        outcome: answer.result.outcome,
      });
    }
    case "confirm":
    case "cancel": {
      const answer = await changePending(request, v.intent, v.kind, v.period);
      if (answer.code !== 200) return refused(answer);
      return finish(request, SELF, { type: "success", message: t(`toast.${v.intent}ed`) });
    }
    case "reminder": {
      const answer = await setReminder(request, v.minutes);
      if (answer.code !== 200) return refused(answer);
      await forgetReality(request);
      return finish(request, SELF, { type: "success", message: t("toast.reminder", { n: v.minutes }) });
    }
    case "block": {
      const answer = await startBlock(request, v.kind, v.length, v.password);
      if (answer.code !== 200 || !answer.result) return refused(answer);
      return finish(request, SELF, {
        type: "success",
        message: t(`toast.${v.kind}`, { until: format.dateTime(answer.result.until) }),
      });
    }
    case "continue": {
      // The core's clock, which the reality check compares it with.
      const { now } = await getReality(request, 0).catch(asPageError);
      const session = await getSession(request);
      session.set("realityAckAt", now);
      const back = safeRedirect(v.back, PAGES.game);
      return finish(
        request,
        back,
        { type: "success", message: t("reality.continued") },
        { headers: { "set-cookie": await commitSession(session) } },
      );
    }
  }
}
