/**
 * JSON mode (design section 3, "curl"): a client that prefers application/json over text/html
 * gets JSON from every page and action. The server (server/middleware/json-mode.ts) rewrites such requests into Remix data
 * requests and marks them with `x-json-mode: 1`; actions check `wantsJson` to answer JSON
 * (result, or errors with a 4xx) instead of redirecting.
 */
import { prefersJson } from "../../server/middleware/json-mode";

export { prefersJson };
const JSON_MODE_HEADER = "x-json-mode";

export function wantsJson(request: Request): boolean {
  return request.headers.get(JSON_MODE_HEADER) === "1" || prefersJson(request.headers.get("accept"));
}
