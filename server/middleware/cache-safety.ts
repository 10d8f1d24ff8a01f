/**
 * The last word on how an answer may be kept, whatever its route said. An answer that sets a
 * cookie (a sign-in, the session kept alive) is never kept by anyone: a shared cache would hand
 * one player's session to the next visitor. A JSON-mode answer shares its URL with the page's
 * HTML (decision 004), so it varies by Accept: a cache must not serve one for the other.
 */
export function cacheSafe(response: Response, jsonMode: boolean): Response {
  const kept = !/\bno-store\b/i.test(response.headers.get("cache-control") ?? "");
  if (kept && response.headers.has("set-cookie")) response.headers.set("cache-control", "private, no-store");
  if (jsonMode) {
    const vary = response.headers.get("vary");
    if (!vary?.split(",").some((v) => v.trim().toLowerCase() === "accept"))
      response.headers.set("vary", vary ? `${vary}, Accept` : "Accept");
  }
  return response;
}
