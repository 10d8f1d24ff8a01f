import { describe, expect, it } from "vitest";
import { verifyDraw } from "~/routes/pages.jackpot.yesterdayJackpot.yesterdayJackpot/jackpot-verify.server";
import { beaconRandomness } from "#contract/fairness-proof";
import type { JackpotDraw } from "#contract/jackpot";
import { sandboxBeacon } from "../../core/src/beacon/beacon";
import { drawWinners, jackpotSeedHash } from "../../core/src/jackpot/draw";

/**
 * The yesterday page's own check of a jackpot draw (it does not take the upstream's word): the
 * seed against its hash, the beacon's signature against its key (decision 076), and the winners
 * recomputed from seed, beacon value and ticket list with the BFF's own code, against the core's.
 */
const beacon = sandboxBeacon("11".repeat(32), 1);
const seed = "5a".repeat(32);
const ROUND = 4242;

async function drawn(withBeacon: boolean): Promise<JackpotDraw> {
  const signature = (await beacon.signatureOf(ROUND, Date.now())) ?? "";
  const randomness = withBeacon ? beaconRandomness(signature) : null;
  const cents = [1_000, 2_500, 700, 9_000];
  const list = cents.map((c, i) => ({ no: i + 1, userId: i + 1, cents: c }));
  let from = 0;
  const tickets = list.map((e) => {
    const entry = { no: e.no, phone: "98****3210", tickets: e.cents, from, to: from + e.cents };
    from += e.cents;
    return entry;
  });
  const winners = drawWinners(seed, 20_000, randomness, list, 2).map((w, i) => ({
    rank: i + 1,
    no: w.no,
    phone: "98****3210",
    nickName: null,
    ticket: w.ticket,
    tickets: list[w.no - 1].cents,
    amount: 5,
  }));
  return {
    dayNo: 20_000,
    coin: "CHIP",
    startTime: 0,
    endTime: 1,
    drawTime: 2,
    seedHash: jackpotSeedHash(seed),
    seed,
    beacon: withBeacon
      ? {
          source: "sandbox",
          publicKey: beacon.publicKey,
          round: ROUND,
          signature,
          randomness: randomness ?? "",
        }
      : null,
    pool: 20,
    paid: 10,
    winnersWanted: 2,
    ticketsTotal: from,
    tickets,
    winners,
    myWin: null,
  };
}

describe("the yesterday page's check of a jackpot draw", () => {
  it("verifies a draw with its beacon: hash, signature and winners", async () => {
    const draw = await drawn(true);
    expect(verifyDraw(draw)).toMatchObject({ hashMatches: true, beaconMatches: true, winnersMatch: true });
  });

  it("verifies a day drawn before the beacon took part the way it was drawn", async () => {
    const draw = await drawn(false);
    expect(verifyDraw(draw)).toMatchObject({ hashMatches: true, beaconMatches: null, winnersMatch: true });
  });

  it("refuses a signature that does not verify, a value that is not the signature's, and winners drawn without the beacon", async () => {
    const draw = await drawn(true);
    if (!draw.beacon) throw new Error("no beacon");
    const otherRound = { ...draw, beacon: { ...draw.beacon, round: ROUND + 1 } };
    expect(verifyDraw(otherRound).beaconMatches).toBe(false);
    const otherValue = { ...draw, beacon: { ...draw.beacon, randomness: "00".repeat(32) } };
    expect(verifyDraw(otherValue).beaconMatches).toBe(false);
    const otherKey = {
      ...draw,
      beacon: { ...draw.beacon, publicKey: sandboxBeacon("22".repeat(32), 1).publicKey },
    };
    expect(verifyDraw(otherKey).beaconMatches).toBe(false);
    const unnamedKey = { ...draw, beacon: { ...draw.beacon, publicKey: null } };
    expect(verifyDraw(unnamedKey).beaconMatches).toBe(false);
    // Winners published as if there were no beacon (the operator's own pick) do not match.
    const plain = await drawn(false);
    expect(verifyDraw({ ...plain, beacon: draw.beacon }).winnersMatch).toBe(false);
  });
});
