import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { beaconValue, drandBeacon } from "../../../core/src/beacon/beacon";
import type { Db } from "../../../core/src/platform/db";
import { memoryDb } from "../game/helpers";

/**
 * The production beacon's check against a real drand quicknet round (League of Entropy mainnet,
 * chain 52db9ba7…; this machine reaches no relay, so the relay's answer is replayed): round
 * 657413's published signature verifies against the pinned public key and gives the published
 * randomness; one changed byte, or the signature of another round, is refused and never kept.
 */
const ROUND = 657413;
const SIGNATURE =
  "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b";
const RANDOMNESS = "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587";

/** A relay that answers `signature` for `ROUND` (as GET <url>/<chain>/public/<round> does). */
function relay(signature: string): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = String(input);
    expect(url).toBe(
      `https://relay.test/52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971/public/${ROUND}`,
    );
    return new Response(JSON.stringify({ round: ROUND, randomness: RANDOMNESS, signature }), {
      headers: { "content-type": "application/json" },
    });
  }) as typeof fetch;
}

describe("drand quicknet, the production beacon", () => {
  let db: Db;
  beforeAll(async () => {
    db = await memoryDb();
  });
  afterAll(() => db.close());

  it("verifies a real quicknet round and derives its published randomness", async () => {
    const value = await beaconValue(
      db,
      drandBeacon("https://relay.test", relay(SIGNATURE)),
      ROUND,
      Date.now(),
    );
    expect(value).toEqual({
      source: "drand-quicknet",
      round: ROUND,
      signature: SIGNATURE,
      randomness: RANDOMNESS,
    });
  });

  it("refuses a changed signature and keeps nothing", async () => {
    await db.query("DELETE FROM beacon_rounds");
    const forged = `${SIGNATURE.slice(0, -2)}${SIGNATURE.endsWith("7b") ? "7c" : "7b"}`;
    expect(
      await beaconValue(db, drandBeacon("https://relay.test", relay(forged)), ROUND, Date.now()),
    ).toBeNull();
    const [{ n }] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM beacon_rounds");
    expect(n).toBe(0);
  });
});
