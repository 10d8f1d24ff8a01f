import { type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { SOCIAL_PAGE_SIZE, getFansList } from "~/utils/api/bloggers.server";
import { asPageError } from "~/utils/api/errors.server";
import { pageCount, parsePage, redirectPastLastPage } from "~/utils/paging.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";

/** A blogger's followers (?id=), newest first, phones masked, a page at a time (?page=, from 1). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const params = new URL(request.url).searchParams;
  const raw = params.get("id") ?? "";
  if (!/^\d{1,12}$/.test(raw)) throw redirect(PAGES.blogger);
  const pageNo = parsePage(params.get("page"));
  const fans = await getFansList(request, Number(raw), pageNo).catch(asPageError);
  const pages = pageCount(fans.totalElements, SOCIAL_PAGE_SIZE);
  redirectPastLastPage(request, pageNo, pages);
  return json({ id: Number(raw), fans, pageNo, pages });
}
