import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { COMPILE_HINT, entryImports } from "../../scripts/compile-hints.mjs";

/**
 * The framework chunks every page runs at start carry V8's compile hint on their first line,
 * and nothing else does (decision 054). Reads the build; skipped without one.
 */
const root = process.cwd();
const SERVER_BUILD = join(root, "build/index.js");
const hasBuild = existsSync(SERVER_BUILD) && existsSync(join(root, "public/build"));

describe.skipIf(!hasBuild)("compile hints in the build", () => {
  let imports: string[] = [];
  beforeAll(async () => {
    imports = await entryImports(root);
  });
  const read = (href: string) => readFileSync(join(root, "public", href), "utf8");

  it("marks each chunk the entry imports, on its first line", () => {
    expect(imports.length).toBeGreaterThan(0);
    for (const href of imports) expect(read(href).startsWith(COMPILE_HINT), href).toBe(true);
  });

  it("leaves the other modules (routes, lazily loaded parts) alone", () => {
    const marked = new Set(imports);
    const others = [
      ...readdirSync(join(root, "public/build/_shared")).map((f) => `/build/_shared/${f}`),
      ...readdirSync(join(root, "public/build/routes")).map((f) => `/build/routes/${f}`),
    ].filter((href) => href.endsWith(".js") && !marked.has(href));
    expect(others.length).toBeGreaterThan(0);
    for (const href of others) expect(read(href).includes("allFunctionsCalledOnLoad"), href).toBe(false);
  });
});
