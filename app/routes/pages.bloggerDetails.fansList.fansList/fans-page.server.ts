import { json, redirect } from "@remix-run/node";
import { getFansList } from "~/utils/api/bloggers.server";
import { asPageError } from "~/utils/api/errors.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";

/** A blogger's followers (?id=), newest first, phones masked. */
export async function fansLoader(request: Request) {
  await requireToken(request);
  const raw = new URL(request.url).searchParams.get("id") ?? "";
  if (!/^\d{1,12}$/.test(raw)) throw redirect(PAGES.blogger);
  const fans = await getFansList(request, Number(raw)).catch(asPageError);
  return json({ id: Number(raw), fans });
}
