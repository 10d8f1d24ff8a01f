import { json } from "@remix-run/node";
import { UpstreamError, asPageError } from "~/utils/api/errors.server";
import { getJackpotDraw } from "~/utils/api/jackpot.server";
import { verifyDraw } from "./jackpot-verify.server";

/**
 * Yesterday's jackpot (the latest drawn day, or ?dayNo=): winners, seed, ticket list and our own
 * check. Public like a round's verify page (phones masked); a signed-in player also sees their win.
 * With Accept: application/json it is the data the documented command reads (docs/jackpot.md).
 */
export async function yesterdayLoader(request: Request) {
  const raw = new URL(request.url).searchParams.get("dayNo")?.trim();
  const dayNo = raw && /^\d{1,12}$/.test(raw) ? Number(raw) : undefined;
  try {
    const draw = await getJackpotDraw(request, dayNo);
    return json({ draw, verification: verifyDraw(draw), origin: new URL(request.url).origin });
  } catch (error) {
    if (error instanceof UpstreamError && error.failure === "refused" && error.code === 404)
      return json({ draw: null, verification: null, origin: new URL(request.url).origin });
    return asPageError(error);
  }
}
