import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Money-out files (withdrawal, bank cards) speak the "withdraw" namespace: every literal key they
 * pass to t() (and every "withdraw:..." key of their schemas) exists in en-US withdraw.json, and
 * every language has exactly the keys of en-US.
 */
type Tree = { [key: string]: string | Tree };
const flatten = (tree: Tree, prefix = ""): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === "string" ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`),
  );
const load = (lng: string, ns: string) =>
  flatten(JSON.parse(readFileSync(join("locales", lng, `${ns}.json`), "utf8")));
const withdraw = new Set(load("en-US", "withdraw"));
const common = new Set(load("en-US", "common"));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const OWN = [
  "app/components/wallet",
  "app/routes/pages.withdrawal.withdrawal",
  "app/routes/pages.withdrawal.withdrawalRecords.withdrawalRecords",
  "app/routes/pages.withdrawal.withdrawalRecords.withdrawalURecords",
  "app/routes/pages.bankCard.bankCard",
].flatMap(files);

describe("withdraw translation keys", () => {
  it("every literal key of the money-out pages exists in en-US", () => {
    expect(OWN.length).toBeGreaterThan(8);
    const missing: string[] = [];
    for (const file of OWN) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/\bt\(\s*"([\w.:]+)"/g)) {
        const key = m[1].replace(/^withdraw:/, "");
        if (!withdraw.has(key) && !(m[1].startsWith("common:") && common.has(m[1].slice(7))))
          missing.push(`${file}: ${m[1]}`);
      }
      for (const m of text.matchAll(/"withdraw:([\w.]+)"/g))
        if (!withdraw.has(m[1])) missing.push(`${file}: ${m[0]}`);
    }
    expect(missing).toEqual([]);
  });

  it("every language has the keys of en-US, and no other", () => {
    const en = load("en-US", "withdraw")
      .filter((k) => !k.endsWith("_one"))
      .sort();
    for (const lng of ["zh-CN", "ja-JP", "fr-FR", "de-DE", "ko-KR"]) {
      expect(
        load(lng, "withdraw")
          .filter((k) => !k.endsWith("_one"))
          .sort(),
        lng,
      ).toEqual(en);
    }
  });
});
