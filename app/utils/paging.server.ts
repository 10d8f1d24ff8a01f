import { redirect } from "@remix-run/node";

/** A list's page number from the query (?page=, from 1); anything else is page 1. */
export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** How many pages of `pageSize` rows `totalElements` rows make; an empty list is one (empty) page. */
export function pageCount(totalElements: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalElements / Math.max(1, pageSize)));
}

/**
 * A page past the last one (an old link, a typed ?page=99, a list that shrank) is sent to the
 * last page, the rest of the query kept, instead of showing no rows above "Page 99 of 11".
 */
export function redirectPastLastPage(request: Request, pageNo: number, pages: number, param = "page"): void {
  if (pageNo <= pages) return;
  const url = new URL(request.url);
  if (pages > 1) url.searchParams.set(param, String(pages));
  else url.searchParams.delete(param);
  throw redirect(`${url.pathname}${url.search}`);
}
