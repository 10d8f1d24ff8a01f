import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { asPageError } from "~/utils/api/errors.server";
import { getJackpotInfo } from "~/utils/api/jackpot.server";
import { requireToken } from "~/utils/session.server";

/** The jackpot page: today's pool, the draw's countdown and commitment, the player's tickets. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const info = await getJackpotInfo(request).catch(asPageError);
  return json({ info });
}
