// The whole test run, as `npm test` and CI run it: format and lint, type-check, unit and
// integration tests (core on PGlite and PostgreSQL, BFF against the real core), the production
// build, then the end-to-end tests in Debian's Chromium. Stops at the first failing step.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./ensure-chromium.mjs";
import { ensurePostgres } from "./ensure-postgres.mjs";

const started = Date.now();
function step(name, command, args, env = {}) {
  const t0 = Date.now();
  console.log(`\n▶ ${name}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✖ ${name} failed (${seconds} s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✔ ${name} (${seconds} s)`);
}

const npx = "npx";
const adminUrl = await ensurePostgres();
const chromium = ensureChromium();

step("format and lint", npx, ["biome", "ci", "."]);
step("type-check", npx, ["tsc", "--noEmit"]);
step("build", "npm", ["run", "build"]);
step("unit and integration tests", npx, ["vitest", "run"], { TEST_DATABASE_ADMIN_URL: adminUrl });
step("end-to-end tests", npx, ["playwright", "test"], { CHROMIUM_PATH: chromium });
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
