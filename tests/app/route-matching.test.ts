import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { matchRoutes as reactRouterMatch } from "@remix-run/router";
import { type MatchRoutes, type Route, rememberingMatchRoutes } from "../../server/route-matching";

/**
 * The server remembers each pathname's route match (server/route-matching.ts): for any route tree of
 * the same shape it must answer exactly what react-router's matchRoutes answers, with the routes of
 * the tree it was given.
 */
/** react-router's own, typed for these plain trees. */
const matchRoutes = reactRouterMatch as unknown as MatchRoutes;

/** A tree with every kind of route the app could have: index, layout, params, optional, splat. */
function sampleTree(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        { id: "login", path: "pages/login/login" },
        { id: "notice", path: "pages/notice/:id" },
        { id: "lang", path: ":lang?/about" },
        { id: "Case", path: "pages/Exact", caseSensitive: true },
        {
          id: "layout",
          children: [
            { id: "game", path: "pages/game/game" },
            { id: "gameIndex", path: "pages/game", index: true },
          ],
        },
        { id: "files", path: "files/*" },
        { id: "catch", path: "*" },
      ],
    },
  ];
}
const clone = (routes: Route[]): Route[] =>
  routes.map((r) => ({ ...r, ...(r.children ? { children: clone(r.children) } : {}) }));

/** The route ids of a tree, to check that an answer's routes are that tree's own objects. */
function all(routes: Route[], into = new Set<Route>()) {
  for (const r of routes) {
    into.add(r);
    if (r.children) all(r.children, into);
  }
  return into;
}

const PATHS = [
  "/",
  "",
  "/pages",
  "/pages/game",
  "/pages/game/game",
  "/pages/game/game/",
  "/pages/login/login",
  "/pages/notice/42",
  "/pages/notice/%E4%B8%AD",
  "/pages/notice/a%20b",
  "/about",
  "/fr/about",
  "/pages/Exact",
  "/pages/exact",
  "/files/a/b/c.png",
  "/nope/deeper",
  "//double//slashes",
];

function expectSame(remembering: MatchRoutes, tree: Route[], path: string, basename?: string) {
  const expected = matchRoutes(tree, path, basename);
  const got = remembering(tree, path, basename);
  expect(got, `${basename ?? ""} ${path}`).toEqual(expected);
  const own = all(tree);
  for (const m of got ?? []) expect(own.has(m.route as Route), `${path}: a route of this tree`).toBe(true);
}

test("answers as react-router does, on the first call and on every tree of the same shape after it", () => {
  const remembering = rememberingMatchRoutes(matchRoutes);
  for (let round = 0; round < 3; round++) {
    const tree = clone(sampleTree());
    for (const path of PATHS) {
      expectSame(remembering, tree, path);
      expectSame(remembering, tree, path, "/pages");
    }
  }
});

test("a tree of another shape, a search part, or routes without ids are matched afresh", () => {
  const remembering = rememberingMatchRoutes(matchRoutes);
  const tree = sampleTree();
  expectSame(remembering, tree, "/pages/notice/7");
  // Same ids, another path: a different shape, a different answer.
  const moved = clone(tree);
  (moved[0].children as Route[])[2].path = "pages/news/:id";
  expectSame(remembering, moved, "/pages/notice/7");
  expectSame(remembering, moved, "/pages/news/7");
  expect(remembering(tree, "/pages/notice/7?x=1")).toEqual(matchRoutes(tree, "/pages/notice/7?x=1"));
  expect(remembering(tree, { pathname: "/pages/notice/8", search: "?a" })).toEqual(
    matchRoutes(tree, { pathname: "/pages/notice/8", search: "?a" }),
  );
  const anonymous = [{ path: "/", children: [{ path: "a" }, { path: "b" }] }];
  expect(remembering(anonymous, "/a")).toEqual(matchRoutes(anonymous, "/a"));
  expect(remembering(anonymous, "/b")).toEqual(matchRoutes(anonymous, "/b"));
});

const BUILD = join(process.cwd(), "build/index.js");
test.skipIf(!existsSync(BUILD))("answers as react-router does for every route of the app", async () => {
  const build = (await import(pathToFileURL(BUILD).href)) as {
    routes: Record<
      string,
      { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean }
    >;
  };
  const treeOf = (): Route[] => {
    const byParent = (parentId?: string): Route[] =>
      Object.values(build.routes)
        .filter((r) => r.parentId === parentId)
        .map((r) => {
          const children = byParent(r.id);
          return {
            id: r.id,
            path: r.path,
            index: r.index,
            caseSensitive: r.caseSensitive,
            ...(children.length ? { children } : {}),
          };
        });
    return byParent(undefined);
  };
  const paths = Object.values(build.routes).flatMap((r) =>
    r.path ? [`/${r.path.replace(/:\w+\??/g, "x1").replace("*", "a/b")}`] : [],
  );
  expect(paths.length).toBeGreaterThan(20);
  const remembering = rememberingMatchRoutes(matchRoutes);
  for (let round = 0; round < 2; round++) {
    const tree = treeOf();
    for (const path of [...paths, "/", "/pages", "/pages/game", "/unknown/page"])
      expectSame(remembering, tree, path);
  }
});
