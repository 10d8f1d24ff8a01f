import { matchRoutes } from "@remix-run/router";
import { type ManifestRoute, routeTree } from "./json-mode";

/** A route of the Remix build, with the module whose `handle.i18n` names its namespaces. */
interface RouteWithHandle extends ManifestRoute {
  module?: { handle?: unknown };
}

/** Paths remembered: a splat route matches any path, so the map is emptied when it grows this big. */
const MAX_PATHS = 1_000;

function declared(route: RouteWithHandle | undefined): string[] {
  const i18n = (route?.module?.handle as { i18n?: unknown } | undefined)?.i18n;
  return Array.isArray(i18n) ? i18n.filter((ns): ns is string => typeof ns === "string") : [];
}

/**
 * The translation namespaces a page uses: the `handle.i18n` of every route its path matches
 * (root's "common" included), in the order declared. The root loader sends the page only these
 * (decision 052); undefined when the build has no route modules (a test's bare manifest), which
 * means every namespace.
 */
export function pageNamespaces(
  routes: Record<string, RouteWithHandle>,
): (pathname: string) => readonly string[] | undefined {
  if (!Object.values(routes).some((r) => r.module)) return () => undefined;
  const tree = routeTree(routes);
  const known = new Map<string, readonly string[]>();
  return (pathname) => {
    let namespaces = known.get(pathname);
    if (!namespaces) {
      const matches = matchRoutes(tree, pathname) ?? [];
      namespaces = [...new Set(matches.flatMap((m) => declared(routes[m.route.id ?? ""])))];
      if (known.size >= MAX_PATHS) known.clear();
      known.set(pathname, namespaces);
    }
    return namespaces;
  };
}
