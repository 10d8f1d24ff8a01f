/**
 * What the benchmarks do with their numbers: percentiles of the latencies, and the JSON written
 * to bench/out/. Used by bench/pages.mjs and bench/load.mjs.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { root } from "./app.mjs";

/** The p-th percentile of `values` (nearest rank), or NaN when there are none. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Writes a bench's results to bench/out/<name>.json; answers that path. */
export function writeResults(name, results) {
  const file = `bench/out/${name}.json`;
  mkdirSync(path.join(root, "bench/out"), { recursive: true });
  writeFileSync(path.join(root, file), `${JSON.stringify(results, null, 2)}\n`);
  return file;
}
