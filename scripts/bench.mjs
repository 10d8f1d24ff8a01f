// `npm run bench`: builds, then runs every benchmark under bench/ and prints their figures.
// Figures are compared against baselines measured in the same run (these machines are noisy);
// each bench also writes its numbers to bench/out/*.json. `--duration=5` shortens the load test.
import { spawnSync } from "node:child_process";
import { loadavg } from "node:os";

function run(name, command, args) {
  console.log(
    `\n=== ${name} (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")})`,
  );
  const result = spawnSync(command, args, { stdio: "inherit" });
  return { name, ok: result.status === 0 };
}

const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);
const results = [
  run("core on PGlite: bets per second and settlement time", "npx", ["tsx", "bench/core-game.ts"]),
  run("core on PostgreSQL: bets per second and settlement time", "sh", [
    "-c",
    "node scripts/ensure-postgres.mjs >/dev/null && BENCH_DATABASE=postgres npx tsx bench/core-game.ts",
  ]),
  run("core on PGlite: team figures of 10,000 members", "npx", ["tsx", "bench/team.ts"]),
  run("pages: JS size, Lighthouse, render throughput, BFF overhead", "node", [
    "bench/pages.mjs",
    ...process.argv.slice(2).filter((a) => !a.startsWith("--duration")),
  ]),
  run("load: game page at 50 connections, beside the direct core", "node", [
    "bench/load.mjs",
    ...process.argv.slice(2).filter((a) => a.startsWith("--duration")),
  ]),
];
console.log("\n=== summary");
for (const r of results) console.log(`${r.ok ? "met" : "MISSED"}  ${r.name}`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
