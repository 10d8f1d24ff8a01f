import { refusalMessage } from "~/components/game/bet-refusals.server";
import { formatsFor } from "~/utils/format.server";
import { isUpstreamError, readForm } from "~/utils/forms.server";
import { i18n } from "~/utils/i18n.server";
import { refusalOr } from "~/utils/limit-refusal.server";
import { finish, refuseWithToast } from "~/utils/toast.server";
import { betRefusalSchema } from "#contract/game";

/**
 * How a blogger form ends (apply, follow, unfollow, copy): a redirect back with a toast (the
 * upstream's message), or JSON for curl; a refusal (a closed round, following oneself...) is the
 * same with an error toast and status 400. Works without JavaScript: plain POST and redirect.
 */
export async function bloggerAction(
  request: Request,
  back: string,
  /**
   * Does the call; answers the key (social namespace) of the success message, or of the refusal
   * when `refused` (a form this page does not offer: nothing was called).
   */
  run: (form: FormData) => Promise<{ key: string; extra?: Record<string, unknown>; refused?: true }>,
) {
  const form = await readForm(request);
  const refuse = (message: string) => refuseWithToast(request, back, message, 400);
  try {
    const { key, extra, refused } = await run(form);
    const t = await i18n.getFixedT(request, "social");
    if (refused) return refuse(t(key));
    return finish(request, back, { type: "success", message: t(key) }, undefined, extra);
  } catch (error) {
    if (!isUpstreamError(error) || error.failure !== "refused" || error.code >= 500) throw error;
    // A copy refused by player protection (a limit, a break) says so in the player's words.
    return refuse(await refusalOr(request, error.detail, await ownWords(request, form, error)));
  }
}

/**
 * The player's words for a refusal of the core's blogger rules (core/src/bloggers: reason and
 * amounts in the answer's result), or of the bet path a copy goes through (the game page's
 * words); the upstream's message only for a reason this app does not know.
 */
async function ownWords(request: Request, form: FormData, error: { message: string; detail: unknown }) {
  const detail = error.detail as { reason?: unknown; amount?: unknown; turnover?: unknown } | null;
  const fmt = await formatsFor(request);
  if (betRefusalSchema.safeParse(detail).success) {
    const t = await i18n.getFixedT(request, "game");
    // The copied bet's coin, sent by the copy form (its amounts in that coin); chips otherwise.
    const coin = form.get("coin");
    return refusalMessage(t, fmt, typeof coin === "string" && coin ? coin : "CHIP", detail, error.message);
  }
  const t = await i18n.getFixedT(request, "social");
  switch (detail?.reason) {
    case "TURNOVER":
      return typeof detail.amount === "number" && typeof detail.turnover === "number"
        ? t("blogger.turnover", { amount: fmt.money(detail.amount), turnover: fmt.money(detail.turnover) })
        : error.message;
    case "ALREADY":
      return t("blogger.already");
    case "NOT_BLOGGER":
      return t("detail.notFound");
    case "SELF":
      return t(form.get("intent") === "copy" ? "detail.selfCopy" : "detail.self");
    case "NO_BET":
      return t("detail.noBet");
    default:
      return error.message;
  }
}
