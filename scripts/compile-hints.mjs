// After `remix build`: marks the framework chunks every page runs at start with V8's explicit
// compile hint (decision 054). `//# allFunctionsCalledOnLoad` on a file's first line makes
// Chrome 136+ compile all its functions on the background thread that streams the script,
// instead of each one lazily on the main thread the first time it is called: React's and the
// router's code is all called during hydration, so that work leaves the page's long tasks.
// Other engines read a comment. Only the entry's imports are marked (the manifest the server
// build carries says which); route modules and lazily loaded parts are left alone.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The browser paths of the chunks the entry module imports, from the server build's manifest. */
export async function entryImports(root = process.cwd()) {
  const build = await import(pathToFileURL(path.join(root, "build/index.js")).href);
  return build.assets.entry.imports ?? [];
}

async function main() {
  const root = process.cwd();
  const imports = await entryImports(root);
  for (const href of imports) {
    // "/build/_shared/chunk-X.js" is served from public/build/_shared/chunk-X.js.
    const file = path.join(root, "public", href);
    const source = readFileSync(file, "utf8");
    if (!source.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + source);
  }
  console.log(`compile hints: ${imports.length} framework chunks marked`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
