import { describe, expect, it } from "vitest";
import {
  jackpotWinners,
  namedBeaconRound,
  seedMatchesHash,
  ticketListMatchesSeal,
} from "#contract/jackpot-proof.mjs";
import { beaconRoundAfter, beaconRoundAtOrAfter, beaconTimeOf } from "../../core/src/beacon/beacon";
import { drawWinners, jackpotSeedHash, ticketsHash } from "../../core/src/jackpot/draw";

/**
 * The verifiers' jackpot checks (contract/jackpot-proof.mjs: the yesterday page and the served
 * verify-round.mjs) against the core's own draw code, written apart: the same winners, the same
 * sealed hash and the same beacon round, over many lists and times.
 */
function list(counts: number[]) {
  let from = 0;
  return counts.map((tickets, i) => {
    const entry = { no: i + 1, phone: `9${i}****00${i % 10}1`, tickets, from, to: from + tickets };
    from += tickets;
    return entry;
  });
}

/** A small deterministic generator, so a failure can be replayed. */
function numbers(seed: number) {
  let x = seed;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return x;
  };
}

describe("the verifiers' jackpot checks agree with the core's draw", () => {
  it("draws the same winners, with and without beacon randomness", () => {
    const next = numbers(7);
    for (let day = 0; day < 40; day++) {
      const counts = Array.from({ length: 1 + (next() % 12) }, () => 1 + (next() % 50_000));
      const seed = next().toString(16).padStart(8, "0").repeat(8);
      const randomness = day % 3 === 0 ? null : next().toString(16).padStart(8, "0").repeat(8);
      const wanted = 1 + (next() % 5);
      const tickets = list(counts);
      const core = drawWinners(
        seed,
        20_000 + day,
        randomness,
        tickets.map((e) => ({ no: e.no, userId: e.no, cents: e.tickets })),
        wanted,
      ).map((w) => w.no);
      expect(
        jackpotWinners({ seed, dayNo: 20_000 + day, winnersWanted: wanted, tickets }, randomness),
      ).toEqual(core);
      expect(core.length).toBe(Math.min(wanted, counts.length));
    }
  });

  it("checks the seed against its hash", () => {
    const seed = "ab".repeat(32);
    expect(seedMatchesHash({ seed, seedHash: jackpotSeedHash(seed) })).toBe(true);
    expect(seedMatchesHash({ seed: "ac".repeat(32), seedHash: jackpotSeedHash(seed) })).toBe(false);
    expect(seedMatchesHash({ seed: "not hex", seedHash: jackpotSeedHash(seed) })).toBe(false);
  });

  it("hashes the list as the core seals it, and refuses a list changed in any way", () => {
    const tickets = list([1_500, 200, 9_000]);
    const hash = ticketsHash(tickets.map((e) => ({ no: e.no, phone: e.phone, cents: e.tickets })));
    const sealed = { hash, total: 10_700, committedTime: 0, marginSeconds: 60, beaconRound: 1 };
    const draw = { tickets, ticketsTotal: 10_700, ticketsCommitment: sealed };
    expect(ticketListMatchesSeal(draw)).toBe(true);
    const added = list([1_500, 200, 9_000, 1]);
    expect(ticketListMatchesSeal({ ...draw, tickets: added, ticketsTotal: 10_701 })).toBe(false);
    const moved = tickets.map((e, i) => (i === 1 ? { ...e, from: e.from + 1 } : e));
    expect(ticketListMatchesSeal({ ...draw, tickets: moved })).toBe(false);
    expect(ticketListMatchesSeal({ ...draw, ticketsTotal: 10_699 })).toBe(false);
    const renamed = tickets.map((e, i) => (i === 0 ? { ...e, phone: "99****9999" } : e));
    expect(ticketListMatchesSeal({ ...draw, tickets: renamed })).toBe(false);
  });

  it("names the beacon round the core takes: after the day's end, and after the seal's margin", () => {
    const beacon = { genesisMs: 1_692_803_367_000, periodMs: 3_000 };
    const facts = { genesisTime: beacon.genesisMs, periodSeconds: 3 };
    const next = numbers(11);
    for (let i = 0; i < 200; i++) {
      const endTime = beacon.genesisMs + 1_000_000_000 + (next() % 10_000_000);
      const committedTime = endTime + (next() % 600_000);
      expect(namedBeaconRound({ endTime, ticketsCommitment: null }, facts)).toBe(
        beaconRoundAfter(beacon, endTime),
      );
      const sealed = { hash: "", total: 0, committedTime, marginSeconds: 60, beaconRound: 0 };
      const named = namedBeaconRound({ endTime, ticketsCommitment: sealed }, facts);
      expect(named).toBe(
        Math.max(beaconRoundAfter(beacon, endTime), beaconRoundAtOrAfter(beacon, committedTime + 60_000)),
      );
      expect(beaconTimeOf(beacon, named)).toBeGreaterThanOrEqual(committedTime + 60_000);
      expect(
        beaconTimeOf(beacon, named - 1) < committedTime + 60_000 ||
          beaconTimeOf(beacon, named - 1) <= endTime,
      ).toBe(true);
    }
  });
});
