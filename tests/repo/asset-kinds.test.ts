import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ASSET_KINDS } from "#contract/asset-rules";

/**
 * The asset records' kinds and the core's bookings agree. The ledger's postings to a player are
 * typed by ASSET_KINDS (a kind booked but not listed does not compile); here, the other way: every
 * kind the page offers as a filter is booked somewhere by the core (its sources or its SQL), so
 * no filter always lists nothing (a "Commission" filter did, and a task gift listed as "Other").
 */
const CORE = join(import.meta.dirname, "../../core");

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ts|sql)$/.test(f))
    .map((f) => readFileSync(join(dir, f), "utf8"));
}

describe("asset record kinds", () => {
  const core = sourcesUnder(join(CORE, "src"))
    .concat(sourcesUnder(join(CORE, "migrations")))
    .join("\n");

  it.each([...ASSET_KINDS])("%s is booked by the core", (kind) => {
    expect(core).toMatch(new RegExp(`["']${kind}["']`));
  });
});
