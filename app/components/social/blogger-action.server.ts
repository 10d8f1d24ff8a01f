import { json } from "@remix-run/node";
import { isUpstreamError, readForm } from "~/utils/forms.server";
import { i18n } from "~/utils/i18n.server";
import { wantsJson } from "~/utils/json-mode.server";
import { refusalOr } from "~/utils/limit-refusal.server";
import { finish, redirectWithToast } from "~/utils/toast.server";

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
  const refuse = (message: string) =>
    wantsJson(request)
      ? json({ ok: false, message }, { status: 400 })
      : redirectWithToast(back, { type: "error", message });
  try {
    const { key, extra, refused } = await run(form);
    const t = await i18n.getFixedT(request, "social");
    if (refused) return refuse(t(key));
    return finish(request, back, { type: "success", message: t(key) }, undefined, extra);
  } catch (error) {
    if (!isUpstreamError(error) || error.failure !== "refused" || error.code >= 500) throw error;
    // A copy refused by player protection (a limit, a break) says so in the player's words.
    return refuse(await refusalOr(request, error.detail, error.message));
  }
}
