import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every literal key passed to t("...") in the app shell and account pages exists in en-US
 * (common.json, account.json or assets.json): a typo shows up here, not as a raw key on a page. Game and
 * wallet files use their own namespace and are checked by their owner
 * (game/locale-keys.test.ts, withdraw-locale-keys.test.ts; recharge's files against recharge.json below).
 */
type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`),
  );
}
const load = (ns: string) => flatten(JSON.parse(readFileSync(join("locales/en-US", `${ns}.json`), "utf8")));
const loaded = [...load("common"), ...load("account"), ...load("assets"), ...load("social")];
// A plural key ("term_one", "term_other") is called by its base name with a count.
const known = new Set([...loaded, ...loaded.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, ""))]);
/** Recharge's files use their own namespace (recharge.json) over common. */
const rechargeKnown = new Set([...load("common"), ...load("recharge")]);
/** Player protection's files use their own namespace (limits.json) over common. */
const limitsKnown = new Set([...load("common"), ...load("limits")]);
/** The team pages use their own namespace (team.json) over common. */
const teamKnown = new Set(
  [...load("common"), ...load("team")].flatMap((k) => [k, k.replace(/_(zero|one|two|few|many|other)$/, "")]),
);
/** The money rule's messages (app/utils/money-messages.ts) are read with recharge's and with limits' t. */
const moneyMessagesKnown = new Set([...rechargeKnown].filter((k) => limitsKnown.has(k)));
const knownIn = (file: string) =>
  /money-messages/.test(file)
    ? moneyMessagesKnown
    : /responsiblePlay|limits/i.test(file)
      ? limitsKnown
      : /pages\.team\./.test(file)
        ? teamKnown
        : /recharge|pay\.sandbox/i.test(file)
          ? rechargeKnown
          : known;

const OWN_NAMESPACE = /game|betRecord|withdraw|bankCard|wallet/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return OWN_NAMESPACE.test(name) ? [] : sources(path);
    return /\.(ts|tsx)$/.test(name) && !OWN_NAMESPACE.test(name) ? [path] : [];
  });
}

describe("translation keys", () => {
  const files = sources("app");
  it("finds the app's source files", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it("every literal t() key exists in en-US", () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bt\(\s*"([\w.]+)"/g))
        if (!knownIn(file).has(m[1])) missing.push(`${file}: ${m[1]}`);
      // Validation messages are keys too (zod schemas in app/utils/forms.ts).
      for (const m of text.matchAll(/"(validation\.\w+)"/g))
        if (!knownIn(file).has(m[1])) missing.push(`${file}: ${m[1]}`);
    }
    expect(missing).toEqual([]);
  });

  it("every account menu entry has a label", () => {
    const text = readFileSync("app/routes/pages.account.account.tsx", "utf8");
    const keys = [...text.matchAll(/key: "(\w+)"/g)].map((m) => `account.links.${m[1]}`);
    expect(keys.length).toBe(15);
    expect(keys.filter((k) => !known.has(k))).toEqual([]);
  });

  it("every page's title key exists", () => {
    // A page is a file, or a route folder's route.tsx.
    const missing = readdirSync("app/routes", { withFileTypes: true })
      .map((e) => join("app/routes", e.name, e.isDirectory() ? "route.tsx" : ""))
      .map((f) => readFileSync(f, "utf8").match(/t\("(pages\.\w+)"\)/)?.[1])
      .filter((k): k is string => Boolean(k) && !known.has(k as string));
    expect(missing).toEqual([]);
  });
});
