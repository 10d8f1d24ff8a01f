import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { UpstreamError, asPageError } from "~/utils/api/errors.server";
import { getJackpotDraw } from "~/utils/api/jackpot.server";
import { verifyDraw } from "./jackpot-verify.server";

/**
 * Yesterday's jackpot (the latest drawn day, or ?dayNo=): winners, seed, ticket list and our own
 * check. Public like a round's verify page (phones masked); a signed-in player also sees their win.
 * With Accept: application/json it is the data the documented command reads (docs/jackpot.md).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("dayNo")?.trim();
  const dayNo = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : undefined;
  // A day asked for (even mistyped) is that day or nothing: never another day's draw.
  const asked = url.searchParams.has("dayNo");
  const none = () =>
    json({ draw: null, verification: null, origin: url.origin, asked }, { status: asked ? 404 : 200 });
  if (asked && dayNo === undefined) return none();
  try {
    const draw = await getJackpotDraw(request, dayNo);
    return json({ draw, verification: verifyDraw(draw), origin: url.origin, asked });
  } catch (error) {
    if (error instanceof UpstreamError && error.failure === "refused" && error.code === 404) return none();
    return asPageError(error);
  }
}
