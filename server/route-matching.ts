// Remix's route matching, remembered per pathname (decision 055).
import { createRequire } from "node:module";
import { setNewest } from "../app/utils/bounded-map";

/** The parts of a route that decide a match (react-router's AgnosticRouteObject). */
export interface Route {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: Route[];
}
interface Match {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: Route;
}
export type MatchRoutes = (
  routes: Route[],
  location: string | { pathname?: string; search?: string; hash?: string },
  basename?: string,
) => Match[] | null;
/** One remembered match: the route by its id, the rest as matched. */
type Remembered = Array<Omit<Match, "route"> & { id: string }> | null;

/** Pathnames remembered at most; the oldest go first (a miss only costs one match). */
const REMEMBERED = 2_000;
const MAX_SHAPES = 16;

/** What of a route tree decides a match, as one string: equal strings, equal matches. */
function shapeOf(routes: Route[]): string {
  return routes
    .map((r) => {
      const children = r.children?.length ? `[${shapeOf(r.children)}]` : "";
      return `${r.id}|${r.path ?? ""}|${r.index ? 1 : 0}|${r.caseSensitive ? 1 : 0}${children}`;
    })
    .join(",");
}

/** The tree's routes by id, or null when one has no id or shares it (it could not be found again). */
function indexRoutes(routes: Route[]): Map<string, Route> | null {
  const byId = new Map<string, Route>();
  let count = 0;
  const walk = (level: Route[]) => {
    for (const route of level) {
      count++;
      if (route.id !== undefined) byId.set(route.id, route);
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return byId.size === count ? byId : null;
}

/**
 * `matchRoutes` that remembers each pathname's answer per shape of route tree. Remix builds a new
 * route tree for each page it renders, always from the same manifest, and matches the URL against
 * it six times (the server's match, the loaders' query, the rendered router, and the page itself
 * and its parents for the inline route manifest, decision 053); each time react-router flattens,
 * ranks and compiles every route: 14 % of the BFF's CPU under load. The answer depends only on the
 * tree's shape (ids, paths, index and case flags, nesting) and the pathname, so it is worked out once
 * and replayed onto the routes of the tree at hand, as new objects. A location with a search or hash
 * part, or a tree with routes without ids, is matched the usual way.
 */
export function rememberingMatchRoutes(original: MatchRoutes): MatchRoutes {
  const trees = new WeakMap<Route[], { shape: number; byId: Map<string, Route> } | null>();
  const shapes = new Map<string, number>();
  const answers = new Map<string, Remembered>();

  const treeOf = (routes: Route[]) => {
    let tree = trees.get(routes);
    if (tree === undefined) {
      const byId = indexRoutes(routes);
      if (byId) {
        const shape = shapeOf(routes);
        let n = shapes.get(shape);
        // One shape in practice (the app's manifest); never an unbounded list of them.
        if (n === undefined && shapes.size < MAX_SHAPES) {
          n = shapes.size;
          shapes.set(shape, n);
        }
        tree = n === undefined ? null : { shape: n, byId };
      } else tree = null;
      trees.set(routes, tree);
    }
    return tree;
  };

  return (routes, location, basename = "/") => {
    const pathname = typeof location === "string" ? location : location.pathname;
    const plain = typeof location === "string" ? !/[?#]/.test(location) : !location.search && !location.hash;
    const tree = plain && pathname !== undefined ? treeOf(routes) : null;
    if (!tree) return original(routes, location, basename);

    const key = `${tree.shape}\u0000${basename}\u0000${pathname}`;
    let remembered = answers.get(key);
    if (remembered === undefined) {
      const matches = original(routes, location, basename);
      remembered = matches
        ? matches.map(({ params, pathname, pathnameBase, route }) => ({
            params: { ...params },
            pathname,
            pathnameBase,
            id: route.id as string,
          }))
        : null;
      setNewest(answers, key, remembered, REMEMBERED);
      return matches;
    }
    return remembered
      ? remembered.map(({ params, pathname, pathnameBase, id }) => ({
          params: { ...params },
          pathname,
          pathnameBase,
          route: tree.byId.get(id) as Route,
        }))
      : null;
  };
}

/**
 * Puts the remembering `matchRoutes` in place of react-router's, for every module that calls it
 * through `@remix-run/router`'s exports (Remix's server, its inline manifest, the rendered router).
 * Called once, by the server's entry, before the Remix build is loaded.
 */
export function rememberRouteMatches() {
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
  if ((router.matchRoutes as { remembering?: boolean }).remembering) return;
  const remembering = Object.assign(rememberingMatchRoutes(router.matchRoutes), { remembering: true });
  router.matchRoutes = remembering;
}
