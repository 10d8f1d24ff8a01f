import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The shape of the core (decision 020): platform/ is what every domain uses and imports no
 * domain; each domain folder declares one module, listed once in modules.ts; the process entry
 * (main.ts, built to build/core/index.js) is imported by nothing.
 */
const ROOT = process.cwd();
const CORE = join(ROOT, "core/src");
const SKIP = new Set([
  "node_modules",
  "build",
  ".git",
  ".cache",
  "data",
  "test-results",
  "playwright-report",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name) || name.startsWith(".")) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs|cjs)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

/** Relative imports of a file (static, dynamic and re-exports), resolved to repository paths. */
function relativeImports(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const specifiers = [
    ...code.matchAll(/\bfrom\s*["'](\.{1,2}\/[^"']+)["']/g),
    ...code.matchAll(/\bimport\s*\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g),
    ...code.matchAll(/\bimport\s*["'](\.{1,2}\/[^"']+)["']/g),
  ].map((m) => m[1]);
  return specifiers.map((s) => relative(ROOT, resolve(dirname(file), s)).replace(/\.(ts|js|mjs)$/, ""));
}

const domains = readdirSync(CORE).filter(
  (name) => statSync(join(CORE, name)).isDirectory() && !["platform", "ledger"].includes(name),
);

describe("core layout", () => {
  it("platform/ imports nothing of the core outside platform/ (only the contract and packages)", () => {
    const platform = sourceFiles(join(CORE, "platform"));
    expect(platform.length).toBeGreaterThan(5);
    const outside = platform.flatMap((file) =>
      relativeImports(file)
        .filter((target) => !target.startsWith("core/src/platform/") && !target.startsWith("contract/"))
        .map((target) => `${relative(ROOT, file)} -> ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it("the ledger imports no domain", () => {
    const outside = sourceFiles(join(CORE, "ledger")).flatMap((file) =>
      relativeImports(file)
        .filter((target) => !/^(core\/src\/(platform|ledger)\/|contract\/)/.test(target))
        .map((target) => `${relative(ROOT, file)} -> ${target}`),
    );
    expect(outside).toEqual([]);
  });

  it("the core and its tests reach the contract through #contract/*, not relative paths", () => {
    const files = [...sourceFiles(CORE), ...sourceFiles(join(ROOT, "tests/core"))];
    const relativeToContract = files.flatMap((file) =>
      relativeImports(file)
        .filter((target) => target.startsWith("contract/"))
        .map((target) => `${relative(ROOT, file)} -> ${target}`),
    );
    expect(relativeToContract).toEqual([]);
    expect(sourceFiles(CORE).some((file) => readFileSync(file, "utf8").includes('from "#contract/'))).toBe(
      true,
    );
  });

  it("the core's tests sit in folders named after core/src's (platform, ledger and the domains)", () => {
    const testsDir = join(ROOT, "tests/core");
    const folders = readdirSync(testsDir).filter((name) => statSync(join(testsDir, name)).isDirectory());
    const coreFolders = readdirSync(CORE).filter((name) => statSync(join(CORE, name)).isDirectory());
    expect(folders.filter((name) => !coreFolders.includes(name))).toEqual([]);
    const loose = readdirSync(testsDir).filter(
      (name) => name.endsWith(".test.ts") && name !== "layout.test.ts",
    );
    expect(loose).toEqual([]);
  });

  it("the process entry main.ts is imported by no file, and the build bundles it as build/core/index.js", () => {
    const importers = sourceFiles(ROOT).filter((file) =>
      relativeImports(file).some((target) => target === "core/src/main" || target === "core/src/index"),
    );
    expect(importers.map((file) => relative(ROOT, file))).toEqual([]);
    expect(readFileSync(join(ROOT, "scripts/build-core.mjs"), "utf8")).toContain('index: "core/src/main.ts"');
  });

  it("every domain folder declares a module in module.ts, listed once in modules.ts", () => {
    expect(domains.sort()).toEqual([
      "assets",
      "auth",
      "beacon",
      "bloggers",
      "config",
      "exchange",
      "files",
      "game",
      "jackpot",
      "limits",
      "lobby",
      "messages",
      "operator",
      "recharge",
      "staking",
      "team",
      "track",
      "user",
      "wallet",
      "withdrawal",
    ]);
    const list = readFileSync(join(CORE, "modules.ts"), "utf8");
    for (const domain of [...domains, "ledger"]) {
      expect(existsSync(join(CORE, domain, "module.ts")), `${domain}/module.ts`).toBe(true);
      expect(list.match(new RegExp(`from "\\./${domain}/module"`, "g")), domain).toHaveLength(1);
    }
  });

  it("no domain reads the game's tables but the game (the team module asks game/settled-stakes.ts)", () => {
    const readers = domains
      .filter((domain) => domain !== "game")
      .flatMap((domain) => sourceFiles(join(CORE, domain)))
      .filter((file) =>
        /\b(FROM|JOIN|INTO|UPDATE)\s+(bets|game_rounds|game_levels|game_settings)\b/i.test(
          readFileSync(file, "utf8"),
        ),
      );
    expect(readers.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it("only the ledger writes balances and ledger entries (the betting function is named there)", () => {
    const writers = sourceFiles(CORE)
      .filter((file) => !file.startsWith(join(CORE, "ledger")))
      .filter((file) =>
        /\b(INSERT\s+INTO|UPDATE)\s+(accounts|ledger_entries)\b/i.test(readFileSync(file, "utf8")),
      );
    // Creating a player opens its three accounts at zero: no balance changes.
    expect(writers.map((file) => relative(ROOT, file))).toEqual(["core/src/user/users.ts"]);
    const ledger = readFileSync(join(CORE, "ledger/ledger.ts"), "utf8");
    expect(ledger).toContain("game_place_bet");
    expect(ledger).toContain("creditMany");
  });
});
