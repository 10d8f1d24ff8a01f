import { json } from "@remix-run/node";
import { getFollowRecords } from "~/utils/api/bloggers.server";
import { asPageError } from "~/utils/api/errors.server";
import { requireToken } from "~/utils/session.server";

/** The player's copied bets and their outcomes. */
export async function followRecordsLoader(request: Request) {
  await requireToken(request);
  const records = await getFollowRecords(request).catch(asPageError);
  return json({ records });
}
