import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { asPageError } from "~/utils/api/errors.server";
import { getGameUrl } from "~/utils/api/lobby.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { requireToken } from "~/utils/session.server";

/**
 * Launches a game of the lobby (?gameId=): asks the upstream for its URL (games/getGameUrl: a
 * short-lived signed URL for an external game, the room list for the lottery) and redirects there.
 * Works without JavaScript: the lobby's tile is a plain link.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const raw = new URL(request.url).searchParams.get("gameId") ?? "";
  if (!/^\d{1,9}$/.test(raw)) return redirect("/");
  const { url } = await getGameUrl(request, Number(raw)).catch(asPageError);
  // An external provider's own https address, or a path of this app (the sandbox provider).
  const target = url.startsWith("https://") ? url : safeRedirect(url, "/");
  return redirect(target, { headers: { "cache-control": "no-store", "referrer-policy": "no-referrer" } });
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
