/**
 * JSON mode (design section 3, "curl"): a client that prefers application/json over text/html
 * gets JSON from every page and action. server.mjs rewrites such requests into Remix data
 * requests and marks them with `x-json-mode: 1`; actions check `wantsJson` to answer JSON
 * (result, or errors with a 4xx) instead of redirecting.
 */
export const JSON_MODE_HEADER = "x-json-mode";

/** q-value of the best Accept entry matching `type` (exact or wildcard), 0 when absent. */
function quality(accept: string, type: string): number {
  const [major] = type.split("/");
  let best = 0;
  for (const part of accept.split(",")) {
    const [range, ...params] = part.trim().split(";");
    const r = range.trim().toLowerCase();
    if (r !== type && r !== `${major}/*`) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const value = q ? Number(q.slice(2)) : 1;
    // Exact matches win over wildcards of the same q.
    best = Math.max(best, Number.isFinite(value) ? value - (r === type ? 0 : 0.0001) : 0);
  }
  return best;
}

/** True when Accept ranks application/json above text/html. */
export function prefersJson(accept: string | null | undefined): boolean {
  if (!accept) return false;
  const j = quality(accept, "application/json");
  return j > 0 && j > quality(accept, "text/html");
}

export function wantsJson(request: Request): boolean {
  return request.headers.get(JSON_MODE_HEADER) === "1" || prefersJson(request.headers.get("accept"));
}
