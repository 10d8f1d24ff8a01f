// Content negotiation for JSON mode (design section 3, "curl"), shared by server.mjs (which
// rewrites such requests into Remix data requests) and the app (app/utils/json-mode.server.ts).
// Plain JS so the production server runs it without a build.

/**
 * q-value of the best Accept entry matching `type` (exact or wildcard), 0 when absent.
 * @param {string} accept
 * @param {string} type
 */
function quality(accept, type) {
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

/**
 * True when Accept ranks application/json above text/html.
 * @param {string | null | undefined} accept
 * @returns {boolean}
 */
export function prefersJson(accept) {
  if (!accept) return false;
  const j = quality(accept, "application/json");
  return j > 0 && j > quality(accept, "text/html");
}
