import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { asCoin, checkMoney } from "#contract/money-rule";

/**
 * Pages read these modules at start (a live quote, a coin filter), so they must stay free of zod
 * and of any module that brings it (decision 036); their schemas live in money.ts, assets.ts and
 * wallet.ts, which re-export them.
 */
const ZOD_FREE = [
  "contract/money-rule.ts",
  "contract/asset-rules.ts",
  "contract/wallet-names.ts",
  "contract/usdt-amounts.ts",
];

describe("the contract's zod-free modules", () => {
  it.each(ZOD_FREE)("%s imports nothing", (file) => {
    const text = readFileSync(join(process.cwd(), file), "utf8");
    expect(text.match(/^\s*(import|export\s+(\*|\{[^}]*\})\s+from)\b.*$/gm) ?? []).toEqual([]);
  });

  it("checkMoney answers the units of a plain decimal and names what is wrong otherwise", () => {
    expect(checkMoney("10.5")).toEqual({ ok: true, units: 10.5 });
    expect(checkMoney("0.25")).toEqual({ ok: true, units: 0.25 });
    expect(checkMoney("1.234")).toEqual({ ok: false, problem: "decimals" });
    expect(checkMoney("1e1")).toEqual({ ok: false, problem: "invalid" });
    expect(checkMoney("0")).toEqual({ ok: false, problem: "positive" });
    expect(checkMoney("0", "zero")).toEqual({ ok: true, units: 0 });
    expect(checkMoney("-1", "zero")).toEqual({ ok: false, problem: "negative" });
    expect(checkMoney("1000000000.01")).toEqual({ ok: false, problem: "tooLarge" });
  });

  it("asCoin accepts the three coins only", () => {
    expect(asCoin("GOLD")).toBe("GOLD");
    expect(asCoin("gold")).toBeUndefined();
    expect(asCoin(null)).toBeUndefined();
  });
});
