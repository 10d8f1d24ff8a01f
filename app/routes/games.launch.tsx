import { type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { UpstreamError, asPageError } from "~/utils/api/errors.server";
import { getGameUrl } from "~/utils/api/lobby.server";
import { wantsJson } from "~/utils/json-mode.server";
import { protectionRefusal } from "~/utils/limit-refusal.server";
import { PAGES } from "~/utils/paths";
import { safeRedirect } from "~/utils/safe-redirect";
import { requireToken } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * Launches a game of the lobby (?gameId=): asks the upstream for its URL (games/getGameUrl: a
 * short-lived signed URL for an external game, the room list for the lottery) and redirects there.
 * Works without JavaScript: the lobby's tile is a plain link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const raw = new URL(request.url).searchParams.get("gameId") ?? "";
  if (!/^\d{1,9}$/.test(raw)) return redirect("/");
  const answer = await getGameUrl(request, Number(raw)).catch(async (error) => {
    // A time-out or self-exclusion: back to the lobby, told why in the player's words.
    const refusal = error instanceof UpstreamError && (await protectionRefusal(request, error.detail));
    if (refusal && wantsJson(request)) return json({ ok: false, message: refusal }, { status: 403 });
    if (refusal) return redirectWithToast(PAGES.home, { type: "error", message: refusal });
    return asPageError(error);
  });
  if (answer instanceof Response) return answer;
  const { url } = answer;
  // An external provider's own https address, or a path of this app (the sandbox provider).
  const target = url.startsWith("https://") ? url : safeRedirect(url, "/");
  return redirect(target, { headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
