import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
// JSON mode (design section 3, "curl"; decision 004): a request preferring application/json
// becomes the leaf route's Remix data request, marked `x-json-mode: 1`. The Accept parser is
// shared with the app (app/utils/json-mode.server.ts), which answers such requests in JSON.
import type { RequestHandler } from "express";
import { LOGIN_PATH } from "../../app/utils/paths";

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

/** A route of the Remix build's manifest, as far as matching needs it. */
export interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** The manifest's routes as a tree that @remix-run/router matches. */
export function routeTree(manifest: Record<string, ManifestRoute>, parentId?: string): AgnosticRouteObject[] {
  return Object.values(manifest)
    .filter((r) => r.parentId === parentId)
    .map((r) =>
      r.index
        ? { id: r.id, path: r.path, index: true, caseSensitive: r.caseSensitive }
        : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: routeTree(manifest, r.id) },
    );
}

/** Rewrites a JSON-preferring request into the leaf route's data request. */
export function jsonModeRewrite(manifest: Record<string, ManifestRoute>): RequestHandler {
  const routes = routeTree(manifest);
  return (req, _res, next) => {
    req.headers["x-json-mode"] = undefined;
    if (!prefersJson(req.get("accept")) || "_data" in req.query) return next();
    const matches = matchRoutes(routes, req.path);
    const leaf = matches?.[matches.length - 1]?.route;
    if (!leaf) return next();
    const url = new URL(req.url, "http://x");
    url.searchParams.set("_data", leaf.id ?? "");
    if (leaf.index) url.searchParams.set("index", "");
    req.url = `${url.pathname}${url.search}`;
    // The Remix adapter builds its Request from originalUrl.
    req.originalUrl = req.url;
    req.headers["x-json-mode"] = "1";
    next();
  };
}

/** Turns Remix's 204 + X-Remix-Redirect into JSON a curl user can read. */
export function toJsonModeResponse(response: Response): Response {
  const location = response.headers.get("x-remix-redirect");
  if (!location) return response;
  const headers = new Headers(response.headers);
  for (const name of [
    "x-remix-redirect",
    "x-remix-status",
    "x-remix-revalidate",
    "x-remix-reload-document",
  ]) {
    headers.delete(name);
  }
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  const toLogin = new URL(location, "http://x").pathname === LOGIN_PATH;
  const body = toLogin ? { message: "Please log in first", redirect: location } : { redirect: location };
  return new Response(JSON.stringify(body), { status: toLogin ? 401 : 200, headers });
}
