import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pageNamespaces } from "../../server/middleware/page-namespaces";

/**
 * A page is sent only the translation namespaces its routes declare in `handle.i18n` (decision
 * 052). These tests read the build (they run after `remix build`, skipped without it): every
 * namespace the browser code of a route uses (its modules, the ones it loads later included, and
 * the root's) must be declared by the route or a parent, else the page would show raw keys.
 */
const root = process.cwd();
const META = join(root, "build/metafile.js.json");
const SERVER_BUILD = join(root, "build/index.js");
const hasBuild = existsSync(META) && existsSync(SERVER_BUILD);

type Output = {
  imports: { path: string; kind: string; external?: boolean }[];
  inputs: Record<string, unknown>;
  entryPoint?: string;
};

/** Namespaces named in a source file: useTranslation("ns"), t("ns:key"), pageTitle/titleOf(..., "ns"). */
function namespacesIn(source: string): string[] {
  const found = [
    ...source.matchAll(/useTranslation\(\s*"(\w+)"/g),
    ...source.matchAll(/\bt\(\s*"(\w+):/g),
    ...source.matchAll(/pageTitle\(\s*"[\w.]+",\s*"(\w+)"/g),
    ...source.matchAll(/titleOf\([^,]+,\s*"[\w.]+",\s*"(\w+)"/g),
  ].map((m) => m[1]);
  if (/useTranslation\(\s*\)/.test(source)) found.push("common");
  return found;
}

describe.skipIf(!hasBuild)("each page's translation namespaces", () => {
  const outputs: Record<string, Output> = hasBuild ? JSON.parse(readFileSync(META, "utf8")).outputs : {};

  /** The app's source files a built file loads, now or later (dynamic imports followed). */
  function sourcesOf(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const imp of outputs[file]?.imports ?? []) if (!imp.external) sourcesOf(imp.path, seen);
    return seen;
  }
  const appSources = (files: Set<string>) =>
    [...files].flatMap((f) => Object.keys(outputs[f]?.inputs ?? {})).filter((s) => s.startsWith("app/"));
  const outputOf = (suffix: string) =>
    Object.entries(outputs).find(([, o]) => o.entryPoint?.replace(/\?.*$/, "").endsWith(suffix))?.[0];

  it("every route declares what its browser code uses", async () => {
    const build = (await import(/* @vite-ignore */ SERVER_BUILD)) as {
      routes: Record<string, { id: string; parentId?: string; path?: string; module: { handle?: unknown } }>;
    };
    const shell = new Set<string>();
    for (const file of [outputOf("entry.client.tsx"), outputOf(":root.tsx")]) {
      expect(file).toBeTruthy();
      sourcesOf(file ?? "", shell);
    }
    const problems: string[] = [];
    let checked = 0;
    for (const id of Object.keys(build.routes)) {
      const file = outputOf(`:${id}.tsx`) ?? outputOf(`:${id}/route.tsx`);
      if (!file) continue;
      checked++;
      const declared = new Set<string>(["common"]);
      for (let r: string | undefined = id; r; r = build.routes[r]?.parentId) {
        const i18n = (build.routes[r]?.module.handle as { i18n?: string[] } | undefined)?.i18n ?? [];
        for (const ns of i18n) declared.add(ns);
      }
      for (const source of appSources(sourcesOf(file, new Set(shell)))) {
        for (const ns of namespacesIn(readFileSync(join(root, source), "utf8")))
          if (!declared.has(ns)) problems.push(`${id}: ${source} uses "${ns}"`);
      }
    }
    expect(checked).toBeGreaterThan(30);
    expect([...new Set(problems)]).toEqual([]);
  });

  it("the server finds a page's namespaces from its path, root's first", async () => {
    const build = (await import(/* @vite-ignore */ SERVER_BUILD)) as {
      routes: Parameters<typeof pageNamespaces>[0];
    };
    const of = pageNamespaces(build.routes);
    expect(of("/pages/game/game")).toEqual(["common", "game"]);
    expect(of("/pages/withdrawal/withdrawal")).toEqual(["common", "withdraw"]);
    expect(of("/no/such/page")).toEqual(["common"]);
    // A bare manifest (no modules): not known, so every namespace is sent.
    expect(pageNamespaces({ root: { id: "root", path: "" } })("/")).toBeUndefined();
  });
});
