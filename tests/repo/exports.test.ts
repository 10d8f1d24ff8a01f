import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * No unused exports: every name a source file of the app, the core, the contract or the server
 * exports is used by another file (source, tests, benches or scripts). A name used only where it
 * is declared is not exported; a name nobody uses is deleted. Route modules' Remix exports
 * (loader, action, default, meta, ...) are used by Remix itself.
 */
const ROOT = join(import.meta.dirname, "../..");
const CHECKED = ["app", "core/src", "contract", "server"];
const READERS = ["app", "core", "contract", "server", "tests", "bench", "scripts"];
const REMIX_EXPORTS = new Set([
  "loader",
  "action",
  "default",
  "meta",
  "handle",
  "links",
  "headers",
  "ErrorBoundary",
  "HydrateFallback",
  "Layout",
  "clientLoader",
  "clientAction",
  "shouldRevalidate",
  "handleError",
]);
const DECLARED_EXPORT =
  /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "node_modules" || name === "out") return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx|mjs|js)$/.test(name) ? [path] : [];
  });
}

function isRemixModule(file: string): boolean {
  const path = relative(ROOT, file);
  return path.startsWith("app/routes/") || path === "app/root.tsx" || path.startsWith("app/entry.");
}

describe("exports", () => {
  it("every exported name is used by another file", () => {
    const texts = new Map(
      READERS.flatMap((dir) => sources(join(ROOT, dir))).map((f) => [f, readFileSync(f, "utf8")]),
    );
    const unused: string[] = [];
    for (const file of CHECKED.flatMap((dir) => sources(join(ROOT, dir)))) {
      const text = texts.get(file) ?? "";
      for (const [, name] of text.matchAll(DECLARED_EXPORT)) {
        if (isRemixModule(file) && REMIX_EXPORTS.has(name)) continue;
        const word = new RegExp(`\\b${name.replace(/\$/g, "\\$")}\\b`);
        const used = [...texts].some(([other, otherText]) => other !== file && word.test(otherText));
        if (!used) unused.push(`${relative(ROOT, file)}: ${name}`);
      }
    }
    expect(unused).toEqual([]);
  });
});
