import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyDraw } from "~/routes/pages.jackpot.yesterdayJackpot.yesterdayJackpot/jackpot-verify.server";
import { beaconRandomness } from "#contract/fairness-proof";
import type { JackpotDraw } from "#contract/jackpot";
import { sandboxBeacon } from "../../core/src/beacon/beacon";
import { beaconRoundAfter, beaconRoundAtOrAfter, beaconTimeOf } from "../../core/src/beacon/beacon";
import { drawWinners, jackpotSeedHash, ticketsHash } from "../../core/src/jackpot/draw";
import { drawnDay } from "../support/jackpot-draw";

/**
 * The yesterday page's own check of a jackpot draw (it does not take the upstream's word): the
 * seed against its hash, the beacon's signature against its key (decision 076), and the winners
 * recomputed from seed, beacon value and ticket list with the BFF's own code, against the core's.
 */
const beacon = sandboxBeacon("11".repeat(32), 1);
const seed = "5a".repeat(32);
const ROUND = 4242;

/** A day drawn with 4 entries, with the beacon's round (else before the beacon took part). */
const drawn = (withBeacon: boolean, round = ROUND, sealed?: { endTime: number; sealedAt: number }) =>
  drawnDay({
    beacon,
    seed,
    dayNo: 20_000,
    cents: [1_000, 2_500, 700, 9_000],
    phoneOf: () => "98****3210",
    round: withBeacon ? round : null,
    startTime: 0,
    endTime: sealed?.endTime ?? 1,
    drawTime: 2,
    sealedAt: sealed?.sealedAt,
  });

/**
 * A day that sealed its ticket list (decision 078): the day ends at END, the list is sealed 5 s
 * later, and the draw takes the first beacon round at least 60 s after the seal.
 */
const END = Date.UTC(2026, 5, 1, 18, 30);
const SEALED_AT = END + 5_000;
const SEALED_ROUND = Math.max(
  beaconRoundAfter(beacon, END),
  beaconRoundAtOrAfter(beacon, SEALED_AT + 60_000),
);

const sealedDraw = () => drawn(true, SEALED_ROUND, { endTime: END, sealedAt: SEALED_AT });

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

  it("checks a sealed ticket list against its hash and the beacon round against the rule (decision 078)", async () => {
    const draw = await sealedDraw();
    expect(beaconTimeOf(beacon, SEALED_ROUND)).toBeGreaterThanOrEqual(SEALED_AT + 60_000);
    expect(verifyDraw(draw)).toMatchObject({
      hashMatches: true,
      beaconMatches: true,
      winnersMatch: true,
      ticketsMatch: true,
      roundMatches: true,
    });
    // The hash by hand: SHA-256 of the lines "no:phone:tickets" joined by "\n".
    const lines = draw.tickets.map((e) => `${e.no}:${e.phone}:${e.tickets}`).join("\n");
    expect(createHash("sha256").update(lines).digest("hex")).toBe(draw.ticketsCommitment?.hash);
  });

  it("fails a list changed after the seal, and a beacon round the rule does not name", async () => {
    const draw = await sealedDraw();
    // An entry added after the seal (its ranges and total kept consistent): the hash differs.
    const last = draw.tickets[draw.tickets.length - 1];
    const added = {
      ...draw,
      tickets: [
        ...draw.tickets,
        { no: last.no + 1, phone: "91****0000", tickets: 5_000, from: last.to, to: last.to + 5_000 },
      ],
      ticketsTotal: draw.ticketsTotal + 5_000,
    };
    expect(verifyDraw(added).ticketsMatch).toBe(false);
    // One entry's holder or count changed.
    const moved = {
      ...draw,
      tickets: draw.tickets.map((e, i) => (i === 0 ? { ...e, phone: "91****0000" } : e)),
    };
    expect(verifyDraw(moved).ticketsMatch).toBe(false);
    // Ranges that do not follow from the counts (the winners are read from them).
    const shifted = { ...draw, tickets: draw.tickets.map((e, i) => (i === 0 ? { ...e, to: e.to + 1 } : e)) };
    expect(verifyDraw(shifted).ticketsMatch).toBe(false);
    // A seal stated earlier than the round allows, or a round one earlier than the rule's.
    if (!draw.ticketsCommitment) throw new Error("not sealed");
    const later = {
      ...draw,
      ticketsCommitment: { ...draw.ticketsCommitment, committedTime: SEALED_AT + 10_000 },
    };
    expect(verifyDraw(later).roundMatches).toBe(false);
    const earlier = await drawn(true, SEALED_ROUND - 1);
    expect(
      verifyDraw({
        ...earlier,
        endTime: END,
        ticketsCommitment: { ...draw.ticketsCommitment, beaconRound: SEALED_ROUND - 1 },
      }).roundMatches,
    ).toBe(false);
  });
});
