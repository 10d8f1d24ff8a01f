/**
 * Whether a GET is the player opening the page: a top-level navigation of the browser
 * (Sec-Fetch-Mode navigate, Sec-Fetch-Dest document) that is not a prefetch or a prerender
 * (Sec-Purpose, or the older Purpose / X-Purpose / X-Moz, naming prefetch or preview). A link
 * prefetch, a speculative prerender, a cross-site <img> or <iframe>, the router's data fetches and
 * a client without these headers (curl, a crawler, an old browser) are not: a loader may only do
 * what the player meant by opening the page (a notice marked read, decision 073) for this one.
 */
export function isPlayerNavigation(request: Request): boolean {
  const h = request.headers;
  if (h.get("sec-fetch-mode") !== "navigate" || h.get("sec-fetch-dest") !== "document") return false;
  const purposes = ["sec-purpose", "purpose", "x-purpose", "x-moz"].map((name) => h.get(name) ?? "");
  return !purposes.some((p) => /prefetch|prerender|preview/i.test(p));
}
