import { json } from "@remix-run/node";
import { asPageError } from "./api/errors.server";
import { pageCount, parsePage, redirectPastLastPage } from "./paging.server";
import { requireToken } from "./session.server";

/**
 * The loader of a records page (recharges, withdrawals): the signed-in player's page ?page= (from
 * 1; anything else is page 1; past the last, the last) as `fetchPage` answers it, and how many
 * pages of `pageSize` there are. Never stored by a browser or a proxy: the rows are the player's own.
 */
export async function pagedRecords<Row, Extra extends object = Record<never, never>>(
  request: Request,
  pageSize: number,
  fetchPage: (pageNo: number) => Promise<{ content: Row[]; totalElements: number }>,
  /** What else the page shows beside the rows, fetched alongside them. */
  extra?: () => Promise<Extra>,
) {
  await requireToken(request);
  const pageNo = parsePage(new URL(request.url).searchParams.get("page"));
  const [page, more] = await Promise.all([
    fetchPage(pageNo),
    extra ? extra() : Promise.resolve({} as Extra),
  ]).catch(asPageError);
  const pages = pageCount(page.totalElements, pageSize);
  redirectPastLastPage(request, pageNo, pages);
  return json({ ...more, rows: page.content, pageNo, pages });
}
