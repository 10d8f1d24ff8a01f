#!/usr/bin/env node
/**
 * JavaScript a page loads at start, gzip (level 6, as `compression` serves it): the static import
 * closure of entry.client + root + the page's route module, read from build/metafile.js.json
 * (dynamic imports are not followed: they load later). Run after `npx remix build`:
 *   node bench/js-size.mjs [routeId ...]      (default: the main pages)
 * Also used by bench/pages.mjs. Prints one row per page and the files of the game page.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

export const MAIN_ROUTES = [
  "routes/pages.login.login",
  "routes/_index",
  "routes/pages.game.gameList",
  "routes/pages.game.game",
  "routes/pages.game.rules",
  "routes/pages.betRecord.betRecord",
  "routes/pages.account.account",
];

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** {routeId -> {files: [{file, gzip}], totalKB, laterKB}} for the given routes. */
export function pageJs(routeIds = MAIN_ROUTES) {
  const meta = JSON.parse(readFileSync(path.join(root, "build/metafile.js.json"), "utf8"));
  const outputs = meta.outputs;
  const byEntry = new Map();
  for (const [file, out] of Object.entries(outputs)) {
    if (!file.endsWith(".js") || !out.entryPoint) continue;
    byEntry.set(out.entryPoint.replace(/\?.*$/, ""), file);
  }
  const find = (...suffixes) => {
    for (const suffix of suffixes)
      for (const [entry, file] of byEntry) if (entry.endsWith(suffix)) return file;
    throw new Error(`No output for ${suffixes.join(" or ")}: run \`npx remix build\` first`);
  };
  const closure = (file, seen, dynamic = false) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imp of outputs[file]?.imports ?? []) {
      if (imp.external) continue;
      if (imp.kind === "import-statement" || (dynamic && imp.kind === "dynamic-import")) {
        closure(imp.path, seen, dynamic);
      }
    }
  };
  const gzCache = new Map();
  const gz = (file) => {
    if (!gzCache.has(file)) {
      gzCache.set(file, gzipSync(readFileSync(path.join(root, file)), { level: 6 }).length);
    }
    return gzCache.get(file);
  };
  const entry = find("entry.client.tsx");
  const rootModule = find(":root.tsx");
  const rows = {};
  for (const id of routeIds) {
    const seen = new Set();
    closure(entry, seen);
    closure(rootModule, seen);
    // A route is a file or a route folder's route.tsx (decision 022).
    closure(find(`:${id}.tsx`, `:${id}/route.tsx`), seen);
    const files = [...seen].map((file) => ({ file: file.replace(/^public\//, ""), gzip: gz(file) }));
    const total = files.reduce((sum, f) => sum + f.gzip, 0);
    // Loaded later, by dynamic import() (when idle or when first shown).
    const all = new Set();
    for (const file of seen) closure(file, all, true);
    const later = [...all].filter((file) => !seen.has(file)).reduce((sum, f) => sum + gz(f), 0);
    rows[id] = { files, totalKB: kb(total), laterKB: kb(later) };
  }
  return rows;
}

if (process.argv[1] && import.meta.url === new URL(`file://${path.resolve(process.argv[1])}`).href) {
  const ids = process.argv.slice(2);
  const rows = pageJs(ids.length ? ids : MAIN_ROUTES);
  console.table(
    Object.entries(rows).map(([id, r]) => ({
      route: id,
      files: r.files.length,
      totalKB: r.totalKB,
      laterKB: r.laterKB,
    })),
  );
  const game = rows["routes/pages.game.game"];
  if (game) {
    console.table(game.files.map((f) => ({ file: f.file, KB: Math.round((f.gzip / 1024) * 10) / 10 })));
    console.log(`game page: ${game.totalKB} KB gzip (target <= 100) ${game.totalKB <= 100 ? "OK" : "OVER"}`);
  }
}
