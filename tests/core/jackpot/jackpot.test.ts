import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { beaconRandomness, verifyBeaconSignature } from "#contract/fairness-proof";
import { jackpotDrawSchema, jackpotInfoSchema } from "#contract/jackpot";
import {
  beaconOf,
  beaconRoundAfter,
  beaconRoundAtOrAfter,
  beaconTimeOf,
} from "../../../core/src/beacon/beacon";
import { setSysConfig } from "../../../core/src/config/sysconfig";
import { placeBet } from "../../../core/src/game/bets";
import { ensureRound, roundWindow } from "../../../core/src/game/rounds";
import { settleRound } from "../../../core/src/game/settle";
import { JACKPOT_COMMANDS } from "../../../core/src/jackpot/admin";
import { drawWinners, jackpotSeedHash, ticketList } from "../../../core/src/jackpot/draw";
import {
  drawDue,
  ensureDays,
  fundSettledRounds,
  jackpotCommitMarginMs,
  jackpotInfo,
  jackpotPass,
  poolCents,
  saveJackpotSettings,
  sealTicketLists,
  switchJackpot,
} from "../../../core/src/jackpot/jackpot";
import { checkLedger } from "../../../core/src/ledger/check";
import { listAudit } from "../../../core/src/operator/audit";
import { DEV_OPERATOR_PASSWORD } from "../../../core/src/platform/config";
import { call, describeOnEachDatabase, registerPlayer } from "../../support/core";
import { TIMING, stake } from "../game/helpers";
import { sealThenDraw } from "./helpers";

const DAY = 86_400_000;
/** The development sandbox beacon (one round a second): a day's beacon round exists 1 s after its end. */
const BEACON = beaconOf();
/** Kolkata's offset from UTC (no summer time): a jackpot day starts at 18:30 UTC. */
const KOLKATA = 19_800_000;
/** The jackpot day number of the day starting at `start` (a Kolkata midnight): its date's number. */
const dayNoOf = (start: number) => (start + KOLKATA) / DAY;
/** JACKPOT_COMMIT_MARGIN with the real day (decision 078). */
const MARGIN = jackpotCommitMarginMs(DAY);
const operator = `Basic ${Buffer.from(`operator:${DEV_OPERATOR_PASSWORD}`).toString("base64")}`;

/** The documented one-line verification command of docs/jackpot.md (its node part). */
function documentedScript(): string {
  const doc = readFileSync("docs/jackpot.md", "utf8");
  const line = doc.split("\n").find((l) => l.startsWith("curl -s") && l.includes("yesterdayJackpot"));
  if (!line) throw new Error("no one-line command in docs/jackpot.md");
  return line.slice(line.indexOf("node -e '") + "node -e '".length, -1);
}

describe("the draw (pure)", () => {
  it("weights tickets by stake, never picks a player twice, and depends only on seed, day and list", () => {
    const seed = "ab".repeat(32);
    const list = ticketList([
      { userId: 9, cents: 100 },
      { userId: 3, cents: 900_000 },
      { userId: 5, cents: 0 },
      { userId: 7, cents: 100 },
    ]);
    expect(list.map((e) => [e.no, e.userId])).toEqual([
      [1, 3],
      [2, 7],
      [3, 9],
    ]);
    const once = drawWinners(seed, 100, null, list, 5);
    expect(once).toHaveLength(3);
    expect(new Set(once.map((w) => w.userId)).size).toBe(3);
    expect(drawWinners(seed, 100, null, list, 5)).toEqual(once);
    // The big stake wins first in almost every day (900,000 of 900,200 tickets).
    let bigFirst = 0;
    for (let day = 0; day < 200; day++) if (drawWinners(seed, day, null, list, 1)[0].userId === 3) bigFirst++;
    expect(bigFirst).toBeGreaterThan(190);
    expect(drawWinners(seed, 1, null, [], 3)).toEqual([]);
  });
});

describeOnEachDatabase("jackpot", (core, database) => {
  let dayCounter = 0;
  /**
   * The start of a fresh jackpot day per test (midnight in Kolkata, the operator's zone: decision
   * 072), far from now, so the tests do not share days.
   */
  function nextDay() {
    dayCounter++;
    return (
      (Math.floor(Date.UTC(2031, 0, 1) / DAY) + dayCounter * 3 + (database === "postgres" ? 500 : 0)) * DAY -
      KOLKATA
    );
  }
  async function enable(on = true) {
    await setSysConfig(core.deps.db, "JACKPOT_APPLY", on ? "1" : "0");
  }
  /** A settled round in which each player stakes `multiple` × 10 chips, ending inside [dayStart, +DAY). */
  async function playRound(at: number, players: { userId: number; multiple: number }[]) {
    const round = await ensureRound(core.deps.db, "CHIP", 1, roundWindow(at, TIMING));
    for (const p of players)
      await placeBet(core.deps.db, p.userId, stake("Red", round.id, p.multiple), at + 1000);
    await settleRound(core.deps.db, round.id, round.endTime);
    return round;
  }
  /**
   * `count` new players with 1,000 chips each, staking in a settled round of the day starting at
   * `start`: the n-th (from 0) `multiple(n)` × 10 chips, by default (n + 1) × 10.
   */
  async function playersOfTheDay(start: number, count: number, multiple = (n: number) => n + 1) {
    const players = await Promise.all(
      Array.from({ length: count }, () => registerPlayer(core, { balances: { CHIP: 100_000 } })),
    );
    await playRound(
      start + 60_000,
      players.map((p, n) => ({ userId: p.userId, multiple: multiple(n) })),
    );
    return players;
  }
  async function jackpotLedgerBalance() {
    const report = await checkLedger(core.deps.db);
    return report.coins.find((c) => c.coin === "CHIP")?.system.JACKPOT ?? 0;
  }

  it("moves the configured share of each settled round's stakes HOUSE -> JACKPOT, once per round", async () => {
    await enable();
    const start = nextDay();
    const a = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const b = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const before = await poolCents(core.deps.db, "CHIP");
    const round = await playRound(start + 60_000, [
      { userId: a.userId, multiple: 5 },
      { userId: b.userId, multiple: 3 },
    ]);
    const first = await fundSettledRounds(core.deps.db, start + 200_000, DAY);
    expect(first.rounds).toBeGreaterThanOrEqual(1);
    // 80 chips staked, 1 %: 80 cents.
    expect(await poolCents(core.deps.db, "CHIP")).toBe(before + 80);
    await Promise.all([
      fundSettledRounds(core.deps.db, start + 200_000, DAY),
      fundSettledRounds(core.deps.db, start + 200_000, DAY),
    ]);
    expect(await poolCents(core.deps.db, "CHIP")).toBe(before + 80);
    const moves = await core.deps.db.query<{ from_account: string; to_account: string; amount: number }>(
      "SELECT from_account, to_account, amount FROM system_transfers WHERE kind = 'JACKPOT_FUND' AND ref_id = $1",
      [String(round.id)],
    );
    expect(moves.map((m) => [m.from_account, m.to_account, Number(m.amount)])).toEqual([
      ["HOUSE", "JACKPOT", 80],
    ]);
    expect(await jackpotLedgerBalance()).toBe(await poolCents(core.deps.db, "CHIP"));
  });

  it("draws a day once across concurrent passes, from the seed committed before the day, pays what the pool holds, and the documented command recomputes it", async () => {
    await enable();
    const start = nextDay();
    // The commitment exists a day ahead.
    await ensureDays(core.deps.db, start - DAY + 5_000, DAY, "CHIP", BEACON);
    const [committed] = await core.deps.db.query<{ seed_hash: string; committed_ms: number }>(
      "SELECT seed_hash, committed_ms FROM jackpot_days WHERE day_no = $1",
      [dayNoOf(start)],
    );
    expect(Number(committed.committed_ms)).toBeLessThan(start);
    const players = await Promise.all(
      [1, 2, 3, 4].map(() => registerPlayer(core, { balances: { CHIP: 200_000 } })),
    );
    await playRound(
      start + 120_000,
      players.map((p, i) => ({ userId: p.userId, multiple: i + 1 })),
    );
    await playRound(start + 300_000, [{ userId: players[3].userId, multiple: 20 }]);
    await fundSettledRounds(core.deps.db, start + 400_000, DAY);
    const pool = await poolCents(core.deps.db, "CHIP");
    expect(pool).toBeGreaterThan(0);
    // Not ended yet (the day before, without players, may be drawn: nothing to pay).
    expect(
      (await drawDue(core.deps.db, start + DAY - 1, DAY, BEACON)).filter((d) => d.dayNo === dayNoOf(start)),
    ).toEqual([]);

    // Two passes at once seal the ticket list (decision 078); two passes at once after the margin draw.
    const sealed = await Promise.all([
      drawDue(core.deps.db, start + DAY + 1_000, DAY, BEACON),
      drawDue(core.deps.db, start + DAY + 1_000, DAY, BEACON),
    ]);
    expect(sealed.flat().filter((d) => d.dayNo === dayNoOf(start))).toEqual([]);
    const [one, two] = await Promise.all([
      drawDue(core.deps.db, start + DAY + 1_000 + MARGIN + 1_000, DAY, BEACON),
      drawDue(core.deps.db, start + DAY + 1_000 + MARGIN + 1_000, DAY, BEACON),
    ]);
    const draws = [...one, ...two].filter((d) => d.dayNo === dayNoOf(start));
    expect(draws).toHaveLength(1);
    expect(await drawDue(core.deps.db, start + DAY + 2_000 + MARGIN + 1_000, DAY, BEACON)).toEqual([]);
    const paid = await core.deps.db.query<{ user_id: number; amount: number }>(
      "SELECT user_id, amount FROM ledger_entries WHERE kind = 'JACKPOT' AND ref_id = $1",
      [`day ${dayNoOf(start)}`],
    );
    expect(paid).toHaveLength(3);
    const paidCents = paid.reduce((s, p) => s + Number(p.amount), 0);
    // 50 % of the pool, split in three, rounded down: never more than the pool.
    expect(paidCents).toBe(3 * Math.floor(Math.floor(pool / 2) / 3));
    expect(await poolCents(core.deps.db, "CHIP")).toBe(pool - paidCents);
    expect(await jackpotLedgerBalance()).toBe(pool - paidCents);

    const answer = await call(core, "/app/jackpot/draw", {
      method: "GET",
      params: { dayNo: dayNoOf(start) },
    });
    const draw = jackpotDrawSchema.parse(answer.result);
    expect(draw.seedHash).toBe(committed.seed_hash);
    expect(jackpotSeedHash(draw.seed)).toBe(committed.seed_hash);
    expect(draw.ticketsTotal).toBe(1_000 + 2_000 + 3_000 + 4_000 + 20_000);
    expect(Math.max(...draw.tickets.map((t) => t.tickets))).toBe(24_000);
    // No full phone, no token, no user id in the public answer.
    const text = JSON.stringify(answer);
    for (const p of players) {
      expect(text).not.toContain(p.phone);
      expect(text).not.toContain(p.token);
    }
    expect(text).not.toContain("userId");
    const printed = execFileSync("node", ["-e", documentedScript()], {
      input: JSON.stringify(answer),
    }).toString();
    expect(printed).toContain(`seedHash ${committed.seed_hash}`);
    expect(printed).toContain(`winners ${draw.winners.map((w) => w.no).join(" ")}`);
  });

  it("a failure inside the draw rolls it back, and the next pass pays once", async () => {
    await enable();
    const start = nextDay();
    await ensureDays(core.deps.db, start - 1, DAY, "CHIP", BEACON);
    const p = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    await playRound(start + 60_000, [{ userId: p.userId, multiple: 10 }]);
    await fundSettledRounds(core.deps.db, start + 200_000, DAY);
    // The first pass seals the ticket list; the draw takes a beacon round after the margin.
    await drawDue(core.deps.db, start + DAY + 1_000, DAY, BEACON);
    const drawAt = start + DAY + 1_000 + MARGIN + 1_000;
    await expect(
      drawDue(core.deps.db, drawAt, DAY, BEACON, {
        afterPay: () => {
          throw new Error("crash after paying");
        },
      }),
    ).rejects.toThrow("crash after paying");
    const none = await core.deps.db.query(
      "SELECT 1 FROM ledger_entries WHERE kind = 'JACKPOT' AND user_id = $1",
      [p.userId],
    );
    expect(none).toHaveLength(0);
    await drawDue(core.deps.db, drawAt, DAY, BEACON);
    await drawDue(core.deps.db, drawAt, DAY, BEACON);
    const once = await core.deps.db.query(
      "SELECT 1 FROM ledger_entries WHERE kind = 'JACKPOT' AND user_id = $1",
      [p.userId],
    );
    expect(once).toHaveLength(1);
    // The drawn row cannot be drawn again, nor its seed changed.
    await expect(
      core.deps.db.query("UPDATE jackpot_days SET seed = $2 WHERE day_no = $1", [
        dayNoOf(start),
        "00".repeat(32),
      ]),
    ).rejects.toThrow();
  });

  it("pays out all of the pool at most, whatever the settings", async () => {
    await enable();
    await saveJackpotSettings(core.deps.db, { payoutPercent: "100", winners: "7" });
    try {
      const start = nextDay();
      await ensureDays(core.deps.db, start - 1, DAY, "CHIP", BEACON);
      const players = await playersOfTheDay(start, 2, () => 1);
      await fundSettledRounds(core.deps.db, start + 200_000, DAY);
      const pool = await poolCents(core.deps.db, "CHIP");
      const drawn = (await sealThenDraw(core.deps.db, start + DAY + 1_000, DAY, BEACON)).find(
        (d) => d.dayNo === dayNoOf(start),
      );
      if (!drawn) throw new Error("the day was not drawn");
      expect(drawn.winners).toBe(2); // only two players that day
      expect(drawn.paidCents).toBeLessThanOrEqual(pool);
      expect(await poolCents(core.deps.db, "CHIP")).toBeGreaterThanOrEqual(0);
      expect(await jackpotLedgerBalance()).toBe(await poolCents(core.deps.db, "CHIP"));
    } finally {
      await saveJackpotSettings(core.deps.db, { payoutPercent: "50", winners: "3" });
    }
  });

  it("does nothing while JACKPOT_APPLY is off; prizePoolAmount then reads 0", async () => {
    await enable(false);
    const start = nextDay();
    const p = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const before = await poolCents(core.deps.db, "CHIP");
    await playRound(start + 60_000, [{ userId: p.userId, multiple: 2 }]);
    const pass = await jackpotPass(core.deps.db, start + 200_000, DAY, BEACON);
    expect(pass.funded.rounds).toBe(0);
    expect(await poolCents(core.deps.db, "CHIP")).toBe(before);
    expect((await call(core, "/app/summary/prizePoolAmount", { method: "GET" })).result).toBe(0);
    // Turned on later: the round played while it was off still funds nothing, though the
    // funding pass looks back over it; a round after it does.
    await core.deps.db.tx((tx) => switchJackpot(tx, "1", start + 300_000));
    expect((await jackpotPass(core.deps.db, start + 400_000, DAY, BEACON)).funded.rounds).toBe(0);
    expect(await poolCents(core.deps.db, "CHIP")).toBe(before);
    expect((await call(core, "/app/summary/prizePoolAmount", { method: "GET" })).result).toBe(before / 100);
    await playRound(start + 420_000, [{ userId: p.userId, multiple: 2 }]);
    expect((await jackpotPass(core.deps.db, start + 600_000, DAY, BEACON)).funded).toEqual({
      rounds: 1,
      cents: 20,
    });
  });

  it("stakes of rounds that ended while it was off are no tickets, on the page and in the draw", async () => {
    // The closed page says "Tickets are not counted": turned on mid-day, the day's earlier
    // stakes stay uncounted, as they stay unfunded.
    await enable(false);
    const start = nextDay();
    const early = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const late = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    await playRound(start + 60_000, [{ userId: early.userId, multiple: 9 }]);
    await core.deps.db.tx((tx) => switchJackpot(tx, "1", start + 300_000));
    await playRound(start + 420_000, [
      { userId: late.userId, multiple: 2 },
      { userId: early.userId, multiple: 1 },
    ]);
    const info = await jackpotInfo(core.deps.db, early.userId, start + 600_000, DAY, BEACON);
    expect(info).toMatchObject({ myTickets: 1_000, totalTickets: 3_000, players: 2 });
    await jackpotPass(core.deps.db, start + 600_000, DAY, BEACON);
    await sealThenDraw(core.deps.db, start + DAY + 1_000, DAY, BEACON);
    const draw = jackpotDrawSchema.parse(
      (await call(core, "/app/jackpot/draw", { method: "GET", params: { dayNo: dayNoOf(start) } })).result,
    );
    expect(draw.ticketsTotal).toBe(3_000);
    expect(draw.tickets.map((t) => t.tickets).sort()).toEqual([1_000, 2_000]);
  });

  it("the winners wait for the beacon round named with the seed, after the day's end, and the first after the sealed list's margin, and follow from its value", async () => {
    // Decision 076: the operator knows a day's seed all day; without a value that exists only
    // after the day, it could stake at the end so that the ticket total made its own ticket win.
    await enable();
    const start = nextDay();
    await ensureDays(core.deps.db, start - 1, DAY, "CHIP", BEACON);
    const [row] = await core.deps.db.query<{ beacon_source: string; beacon_round: string }>(
      "SELECT beacon_source, beacon_round FROM jackpot_days WHERE day_no = $1",
      [dayNoOf(start)],
    );
    const round = beaconRoundAfter(BEACON, start + DAY);
    expect(row).toEqual({ beacon_source: "sandbox", beacon_round: expect.anything() });
    expect(Number(row.beacon_round)).toBe(round);
    expect(beaconTimeOf(BEACON, round)).toBeGreaterThan(start + DAY);
    const players = await playersOfTheDay(start, 3);
    const info = await jackpotInfo(core.deps.db, players[0].userId, start + 200_000, DAY, BEACON);
    expect(info.beaconRound).toBe(round);
    // The beacon round and its value stay as committed.
    await expect(
      core.deps.db.query("UPDATE jackpot_days SET beacon_round = beacon_round + 1 WHERE day_no = $1", [
        dayNoOf(start),
      ]),
    ).rejects.toThrow();
    await fundSettledRounds(core.deps.db, start + 200_000, DAY);

    // The day has ended, its beacon round does not exist yet: no draw. The pass seals the day's
    // ticket list (decision 078), and the draw's round becomes the first at least the margin later.
    const early = beaconTimeOf(BEACON, round) - 1;
    expect(
      (await drawDue(core.deps.db, early, DAY, BEACON)).filter((d) => d.dayNo === dayNoOf(start)),
    ).toEqual([]);
    const sealedRound = Math.max(round, beaconRoundAtOrAfter(BEACON, early + MARGIN));
    expect(sealedRound).toBeGreaterThan(round);
    // The round named with the seed exists; the one after the seal's margin does not yet: no draw.
    for (const at of [beaconTimeOf(BEACON, round), beaconTimeOf(BEACON, sealedRound) - 1])
      expect(
        (await drawDue(core.deps.db, at, DAY, BEACON)).filter((d) => d.dayNo === dayNoOf(start)),
      ).toEqual([]);
    const drawn = await drawDue(core.deps.db, beaconTimeOf(BEACON, sealedRound), DAY, BEACON);
    expect(drawn.filter((d) => d.dayNo === dayNoOf(start))).toHaveLength(1);

    const draw = jackpotDrawSchema.parse(
      (await call(core, "/app/jackpot/draw", { method: "GET", params: { dayNo: dayNoOf(start) } })).result,
    );
    if (!draw.beacon) throw new Error("the draw names no beacon");
    expect(draw.beacon).toMatchObject({ source: "sandbox", round: sealedRound, publicKey: BEACON.publicKey });
    expect(verifyBeaconSignature(BEACON.publicKey, sealedRound, draw.beacon.signature)).toBe(true);
    expect(draw.beacon.randomness).toBe(beaconRandomness(draw.beacon.signature));
    // The published winners are those of seed, day, beacon value and ticket list, and not those
    // of seed, day and ticket list alone.
    const list = draw.tickets.map((t) => ({ no: t.no, userId: t.no, cents: t.tickets }));
    const withBeacon = drawWinners(draw.seed, draw.dayNo, draw.beacon.randomness, list, draw.winnersWanted);
    expect(draw.winners.map((w) => w.no)).toEqual(withBeacon.map((w) => w.no));
    expect(draw.winners.map((w) => w.ticket)).toEqual(withBeacon.map((w) => w.ticket));
    const withoutBeacon = drawWinners(draw.seed, draw.dayNo, null, list, draw.winnersWanted);
    expect(withoutBeacon.map((w) => w.ticket)).not.toEqual(withBeacon.map((w) => w.ticket));
  });

  it("a day committed before the beacon took part is drawn as it was committed, and its command still checks", async () => {
    await enable();
    const start = nextDay();
    const seed = "cd".repeat(32);
    await core.deps.db.query(
      `INSERT INTO jackpot_days (day_no, coin, start_ms, end_ms, seed, seed_hash, committed_ms)
       VALUES ($1, 'CHIP', $2, $3, $4, $5, $6)`,
      [dayNoOf(start), start, start + DAY, seed, jackpotSeedHash(seed), start - DAY],
    );
    const players = await playersOfTheDay(start, 2);
    await fundSettledRounds(core.deps.db, start + 200_000, DAY);
    // Days of earlier tests may wait for their beacon round: drawn first.
    await sealThenDraw(core.deps.db, start + DAY - 120_000, DAY, BEACON);
    const drawn = await drawDue(core.deps.db, start + DAY, DAY, BEACON);
    expect(drawn.filter((d) => d.dayNo === dayNoOf(start))).toHaveLength(1);
    const answer = await call(core, "/app/jackpot/draw", {
      method: "GET",
      params: { dayNo: dayNoOf(start) },
    });
    const draw = jackpotDrawSchema.parse(answer.result);
    expect(draw.beacon).toBeNull();
    expect(draw.ticketsCommitment).toBeNull();
    const list = draw.tickets.map((t) => ({ no: t.no, userId: t.no, cents: t.tickets }));
    const expected = drawWinners(seed, draw.dayNo, null, list, draw.winnersWanted).map((w) => w.no);
    expect(draw.winners.map((w) => w.no)).toEqual(expected);
    const printed = execFileSync("node", ["-e", documentedScript()], {
      input: JSON.stringify(answer),
    }).toString();
    expect(printed).toContain(`winners ${expected.join(" ")}`);
  });

  it("a day committed under decision 076, before ticket lists were sealed, draws with the round named with its seed, as before", async () => {
    await enable();
    const start = nextDay();
    // Days of earlier tests drawn first (they would hold this one).
    await sealThenDraw(core.deps.db, start - 120_000, DAY, BEACON);
    const seed = "ef".repeat(32);
    const round = beaconRoundAfter(BEACON, start + DAY);
    // As 076 committed it: a beacon round named, and (migration 074) seals_tickets false.
    await core.deps.db.query(
      `INSERT INTO jackpot_days (day_no, coin, start_ms, end_ms, seed, seed_hash, committed_ms, beacon_source,
         beacon_round, seals_tickets)
       VALUES ($1, 'CHIP', $2, $3, $4, $5, $6, 'sandbox', $7, false)`,
      [dayNoOf(start), start, start + DAY, seed, jackpotSeedHash(seed), start - DAY, round],
    );
    const players = await playersOfTheDay(start, 2);
    await fundSettledRounds(core.deps.db, start + 200_000, DAY);
    expect(
      (await drawDue(core.deps.db, beaconTimeOf(BEACON, round) - 1, DAY, BEACON)).filter(
        (d) => d.dayNo === dayNoOf(start),
      ),
    ).toEqual([]);
    const drawn = await drawDue(core.deps.db, beaconTimeOf(BEACON, round), DAY, BEACON);
    expect(drawn.filter((d) => d.dayNo === dayNoOf(start))).toHaveLength(1);
    const draw = jackpotDrawSchema.parse(
      (await call(core, "/app/jackpot/draw", { method: "GET", params: { dayNo: dayNoOf(start) } })).result,
    );
    expect(draw.ticketsCommitment).toBeNull();
    if (!draw.beacon) throw new Error("the draw names no beacon");
    expect(draw.beacon.round).toBe(round);
    const list = draw.tickets.map((t) => ({ no: t.no, userId: t.no, cents: t.tickets }));
    const expected = drawWinners(seed, draw.dayNo, draw.beacon.randomness, list, draw.winnersWanted);
    expect(draw.winners.map((w) => w.no)).toEqual(expected.map((w) => w.no));
    const [row] = await core.deps.db.query<{ tickets_hash: string | null; tickets_total: string }>(
      "SELECT tickets_hash, tickets_total FROM jackpot_days WHERE day_no = $1",
      [dayNoOf(start)],
    );
    expect(row.tickets_hash).toBeNull();
    expect(Number(row.tickets_total)).toBe(3_000);
  });

  it("seals a day's ticket list once, when its rounds are settled, publishes its hash and time while the draw waits for the first beacon round the margin after, and keeps it immutable", async () => {
    // Decision 078: the list is fixed before the value that draws from it exists.
    await enable();
    const start = nextDay();
    await ensureDays(core.deps.db, start - 1, DAY, "CHIP", BEACON);
    // Days of earlier tests and the (empty) day before drawn first, so that this day's draw is the one waiting.
    await sealThenDraw(core.deps.db, start + 1_000, DAY, BEACON);
    const dayNo = dayNoOf(start);
    const players = await playersOfTheDay(start, 2);
    // A round of the day not settled yet: nothing is sealed.
    const open = await ensureRound(core.deps.db, "CHIP", 1, roundWindow(start + 400_000, TIMING));
    await placeBet(core.deps.db, players[0].userId, stake("Red", open.id, 1), start + 401_000);
    const end = start + DAY;
    expect(await sealTicketLists(core.deps.db, end + 1_000, DAY, BEACON)).not.toContain(dayNo);
    await settleRound(core.deps.db, open.id, open.endTime);
    await fundSettledRounds(core.deps.db, end, DAY);

    // Three passes at once: one seals.
    const sealAt = end + 2_000;
    const passes = await Promise.all([1, 2, 3].map(() => sealTicketLists(core.deps.db, sealAt, DAY, BEACON)));
    expect(passes.flat().filter((d) => d === dayNo)).toEqual([dayNo]);
    expect(await sealTicketLists(core.deps.db, sealAt + 5_000, DAY, BEACON)).not.toContain(dayNo);
    const [row] = await core.deps.db.query<{
      tickets_hash: string;
      tickets_committed_ms: string;
      tickets_beacon_round: string;
      beacon_round: string;
      tickets_total: string;
    }>(
      "SELECT tickets_hash, tickets_committed_ms, tickets_beacon_round, beacon_round, tickets_total FROM jackpot_days WHERE day_no = $1",
      [dayNo],
    );
    expect(Number(row.tickets_committed_ms)).toBe(sealAt);
    expect(Number(row.tickets_total)).toBe(2_000 + 2_000);
    // The first round at least the margin after the seal, never before the one named with the seed.
    const round = Math.max(Number(row.beacon_round), beaconRoundAtOrAfter(BEACON, sealAt + MARGIN));
    expect(Number(row.tickets_beacon_round)).toBe(round);
    expect(beaconTimeOf(BEACON, round)).toBeGreaterThanOrEqual(sealAt + MARGIN);
    expect(beaconTimeOf(BEACON, round - 1)).toBeLessThan(sealAt + MARGIN);
    const commitment = {
      hash: row.tickets_hash,
      committedTime: sealAt,
      marginSeconds: MARGIN / 1000,
      total: 4_000,
      beaconRound: round,
    };

    // Public while the draw waits: the draw call's pendingDraw.
    const waiting = jackpotDrawSchema.parse(
      (await call(core, "/app/jackpot/draw", { method: "GET" })).result,
    );
    expect(waiting.pendingDraw).toEqual({
      dayNo,
      endTime: end,
      ticketsCommitment: commitment,
      heldTime: null,
    });

    // The sealed list cannot change, nor whether the day seals one (migration 074's trigger).
    for (const change of [
      "tickets_hash = 'x'",
      "tickets_committed_ms = tickets_committed_ms - 60000",
      "tickets_beacon_round = tickets_beacon_round - 1",
      "tickets = '[]'::jsonb",
      "tickets_total = tickets_total + 1",
      "seals_tickets = false",
    ])
      await expect(
        core.deps.db.query(`UPDATE jackpot_days SET ${change} WHERE day_no = $1`, [dayNo]),
      ).rejects.toThrow(/immutable/);
    // Nor can a day not sealed yet (tomorrow's) be made a day that seals none.
    await ensureDays(core.deps.db, start + 1_000, DAY, "CHIP", BEACON);
    await expect(
      core.deps.db.query("UPDATE jackpot_days SET seals_tickets = false WHERE day_no = $1 RETURNING day_no", [
        dayNo + 1,
      ]),
    ).rejects.toThrow(/immutable/);

    // Drawn only once that round exists, from the sealed list; published with its seal.
    expect(
      (await drawDue(core.deps.db, beaconTimeOf(BEACON, round) - 1, DAY, BEACON)).filter(
        (d) => d.dayNo === dayNo,
      ),
    ).toEqual([]);
    const drawn = await drawDue(core.deps.db, beaconTimeOf(BEACON, round), DAY, BEACON);
    expect(drawn.filter((d) => d.dayNo === dayNo)).toHaveLength(1);
    const answer = await call(core, "/app/jackpot/draw", { method: "GET", params: { dayNo } });
    const draw = jackpotDrawSchema.parse(answer.result);
    expect(draw.ticketsCommitment).toEqual(commitment);
    // Drawn as usual: no operator's acceptance to tell players about (decision 080).
    expect(draw.sealedListAccepted).toBeNull();
    expect(draw.beacon?.round).toBe(round);
    // The hash by hand: SHA-256 of the lines "no:phone:tickets" joined by "\n".
    const lines = draw.tickets.map((e) => `${e.no}:${e.phone}:${e.tickets}`).join("\n");
    expect(createHash("sha256").update(lines).digest("hex")).toBe(row.tickets_hash);
    expect(lines).toMatch(/^1:\d{2}\*{4}\d{4}:\d+\n2:\d{2}\*{4}\d{4}:\d+$/);
    // Still no user id in the public answer.
    expect(JSON.stringify(answer)).not.toContain("userId");
    const printed = execFileSync("node", ["-e", documentedScript()], {
      input: JSON.stringify(answer),
    }).toString();
    expect(printed).toContain(`winners ${draw.winners.map((w) => w.no).join(" ")}`);
  });

  it("the jackpot page's call: signed in only; today's tickets, commitment and countdown", async () => {
    await enable();
    expect((await call(core, "/app/jackpot/info", { method: "GET" })).code).toBe(401);
    const p = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const answer = await call(core, "/app/jackpot/info", { method: "GET", token: p.token });
    const info = jackpotInfoSchema.parse(answer.result);
    expect(info).toMatchObject({ enabled: true, coin: "CHIP", myTickets: 0, sharePercent: 1, winners: 3 });
    expect(info.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(info.nextSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(info.drawTime).toBeGreaterThan(info.serverTime);
  });

  it("operators edit the settings through the audited API; bad values are refused", async () => {
    const post = (body: Record<string, string>) =>
      fetch(`${core.url}/operator/jackpot/settings`, {
        method: "POST",
        headers: { authorization: operator, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ code: number; result: Record<string, unknown> }>);
    expect((await post({ sharePercent: "50" })).code).toBe(400);
    expect((await post({ winners: "0" })).code).toBe(400);
    const saved = await post({ sharePercent: "2", enabled: "1" });
    expect(saved).toMatchObject({ code: 200, result: { shareBp: 200, enabled: true } });
    const audit = await listAudit(core.deps.db, 5);
    expect(audit.find((a) => a.action === "jackpot.settings")?.detail).toMatchObject({
      changes: { sharePercent: "2" },
    });
    await post({ sharePercent: "1" });
  });

  it("a sealed day is drawn from its list though the jackpot was switched off and on after the seal", async () => {
    // The recount reads the window the list was sealed with, not the later JACKPOT_ON_SINCE (which
    // would count no ticket of the day and refuse the draw for good).
    await enable();
    const start = nextDay();
    await ensureDays(core.deps.db, start - 1, DAY, "CHIP", BEACON);
    await sealThenDraw(core.deps.db, start + 1_000, DAY, BEACON);
    const p = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    await playRound(start + 60_000, [{ userId: p.userId, multiple: 2 }]);
    await fundSettledRounds(core.deps.db, start + 200_000, DAY);
    const sealAt = start + DAY + 1_000;
    expect(await sealTicketLists(core.deps.db, sealAt, DAY, BEACON)).toContain(dayNoOf(start));
    await core.deps.db.tx((tx) => switchJackpot(tx, "0", sealAt + 1_000));
    await core.deps.db.tx((tx) => switchJackpot(tx, "1", sealAt + 2_000));
    const pass = await jackpotPass(core.deps.db, sealAt + MARGIN + 1_000, DAY, BEACON);
    expect(pass.refused).toEqual([]);
    expect(pass.draws.map((d) => d.dayNo)).toContain(dayNoOf(start));
    const draw = jackpotDrawSchema.parse(
      (await call(core, "/app/jackpot/draw", { method: "GET", params: { dayNo: dayNoOf(start) } })).result,
    );
    expect(draw.ticketsTotal).toBe(2_000);
    expect(draw.winners.map((w) => w.no)).toEqual([1]);
  });

  it("a stake added to a sealed day changes nothing drawn: the draw refuses and says why, pays nobody, and the days after wait", async () => {
    // Kept last: the refused day holds every later draw of this database until it is removed.
    await enable();
    const start = nextDay();
    const dayNo = dayNoOf(start);
    await sealThenDraw(core.deps.db, start - 120_000, DAY, BEACON);
    try {
      await ensureDays(core.deps.db, start - 1, DAY, "CHIP", BEACON);
      const p = await registerPlayer(core, { balances: { CHIP: 100_000 } });
      await playRound(start + 60_000, [{ userId: p.userId, multiple: 1 }]);
      await fundSettledRounds(core.deps.db, start + 200_000, DAY);
      const sealAt = start + DAY + 1_000;
      await drawDue(core.deps.db, sealAt, DAY, BEACON);
      const sealedRow = () =>
        core.deps.db.query<{
          tickets: unknown;
          tickets_hash: string;
          tickets_total: string;
          drawn_ms: unknown;
        }>("SELECT tickets, tickets_hash, tickets_total, drawn_ms FROM jackpot_days WHERE day_no = $1", [
          dayNo,
        ]);
      const [before] = await sealedRow();
      expect(before.tickets_hash).toMatch(/^[0-9a-f]{64}$/);

      // An entry invented after the seal: a settled round of that day, staked by someone else.
      const intruder = await registerPlayer(core, { balances: { CHIP: 100_000 } });
      await playRound(start + 500_000, [{ userId: intruder.userId, multiple: 50 }]);
      const drawAt = sealAt + MARGIN + 1_000;
      const pass = await jackpotPass(core.deps.db, drawAt, DAY, BEACON);
      expect(pass.draws.filter((d) => d.dayNo === dayNo)).toEqual([]);
      expect(pass.refused).toEqual([
        {
          dayNo,
          refused: "the settled rounds now count 2 entries and 51000 tickets, the sealed list 1 and 1000",
        },
      ]);
      const [after] = await sealedRow();
      expect(after).toEqual(before);
      expect(after.drawn_ms).toBeNull();
      const paid = await core.deps.db.query(
        "SELECT 1 FROM ledger_entries WHERE kind = 'JACKPOT' AND ref_id = $1",
        [`day ${dayNo}`],
      );
      expect(paid).toHaveLength(0);
      // The next day waits for it, and the published seal is still the sealed list.
      expect(
        (await drawDue(core.deps.db, drawAt + DAY, DAY, BEACON)).filter((d) => d.dayNo === dayNo + 1),
      ).toEqual([]);
      const waiting = jackpotDrawSchema.parse(
        (await call(core, "/app/jackpot/draw", { method: "GET" })).result,
      );
      // Held in public since the first refusal (decision 080 amended), not waiting for a round.
      expect(waiting.pendingDraw).toMatchObject({
        dayNo,
        ticketsCommitment: { hash: before.tickets_hash, total: 1_000 },
        heldTime: drawAt,
      });
      // A later refusal keeps the first time, and the time cannot be changed.
      expect((await jackpotPass(core.deps.db, drawAt + 5_000, DAY, BEACON)).refused).toHaveLength(1);
      const [held] = await core.deps.db.query<{ draw_held_ms: string }>(
        "SELECT draw_held_ms FROM jackpot_days WHERE day_no = $1",
        [dayNo],
      );
      expect(Number(held.draw_held_ms)).toBe(drawAt);
      await expect(
        core.deps.db.query("UPDATE jackpot_days SET draw_held_ms = NULL WHERE day_no = $1", [dayNo]),
      ).rejects.toThrow(/when a jackpot day's draw was held is immutable/);
    } finally {
      // An operator's way out is not in the code (decision 078): here the day is removed (the
      // operator's acceptance of the sealed list, decision 080, is the next test).
      await core.deps.db.query("DELETE FROM jackpot_days WHERE day_no >= $1 AND drawn_ms IS NULL", [dayNo]);
    }
  });

  it("an operator's acceptance of a refused day's sealed list (decision 080) draws it from that list, audited; the entry added after the seal cannot win, and the days after it draw", async () => {
    await enable();
    const start = nextDay();
    const dayNo = dayNoOf(start);
    await sealThenDraw(core.deps.db, start - 120_000, DAY, BEACON);
    const accept = (dayNo: string, reason: string) =>
      fetch(`${core.url}/operator/jackpot/accept-sealed`, {
        method: "POST",
        headers: { authorization: operator, "content-type": "application/json" },
        body: JSON.stringify({ dayNo, reason }),
      }).then(
        (r) => r.json() as Promise<{ code: number; message?: string; result: Record<string, unknown> }>,
      );
    const command = JACKPOT_COMMANDS[0];
    const cli = async (...args: string[]) => {
      const lines: string[] = [];
      await command.run(["jackpot", "accept-sealed", ...args], core.deps.db, (l) => lines.push(l));
      return lines;
    };
    const acceptAudits = async () =>
      (await listAudit(core.deps.db, 200)).filter((a) => a.action === "jackpot.accept-sealed");
    try {
      await ensureDays(core.deps.db, start - 1, DAY, "CHIP", BEACON);
      const players = await playersOfTheDay(start, 3);
      await fundSettledRounds(core.deps.db, start + 200_000, DAY);
      const sealAt = start + DAY + 1_000;
      await drawDue(core.deps.db, sealAt, DAY, BEACON);
      await ensureDays(core.deps.db, sealAt, DAY, "CHIP", BEACON);

      // Each refusal changes nothing and is not audited.
      const auditsBefore = (await acceptAudits()).length;
      await expect(cli(String(dayNo))).rejects.toThrow(/Usage:/);
      await expect(cli(String(dayNo), "   ")).rejects.toThrow(/Give a reason/);
      await expect(cli("day one", "found it")).rejects.toThrow(/dayNo must be a jackpot day number/);
      await expect(cli("999999999", "found it")).rejects.toThrow(/There is no jackpot day 999999999/);
      await expect(cli(String(dayNo + 1), "found it")).rejects.toThrow(/has no sealed ticket list/);
      // Sealed and still matching its rounds: nothing to accept.
      await expect(cli(String(dayNo), "found it")).rejects.toThrow(
        /match its sealed list: nothing to accept/,
      );
      expect(await accept(String(dayNo), "found it")).toMatchObject({
        code: 400,
        message: expect.stringMatching(/nothing to accept/),
      });
      expect(await accept(String(dayNo), "")).toMatchObject({
        code: 400,
        message: expect.stringMatching(/reason/),
      });

      // An entry invented after the seal, with far more tickets than the sealed list's: refused.
      const intruder = await registerPlayer(core, { balances: { CHIP: 100_000 } });
      await playRound(start + 500_000, [{ userId: intruder.userId, multiple: 90 }]);
      const drawAt = sealAt + MARGIN + 1_000;
      const refused = await jackpotPass(core.deps.db, drawAt, DAY, BEACON);
      const difference =
        "the settled rounds now count 4 entries and 96000 tickets, the sealed list 3 and 6000";
      expect(refused.refused).toEqual([{ dayNo, refused: difference }]);
      expect((await acceptAudits()).length).toBe(auditsBefore);

      // The operator accepts it (the API), with a reason; a second acceptance is refused.
      const answer = await accept(String(dayNo), "  a support agent's test bet, recorded after the seal  ");
      expect(answer).toMatchObject({
        code: 200,
        result: { dayNo, reason: "a support agent's test bet, recorded after the seal", difference },
      });
      await expect(cli(String(dayNo), "again")).rejects.toThrow(/accepted already/);
      const audits = await acceptAudits();
      expect(audits).toHaveLength(auditsBefore + 1);
      const [sealedRow] = await core.deps.db.query<{
        seed: string;
        tickets: unknown;
        tickets_hash: string;
        sealed_list_accepted_ms: string;
      }>("SELECT seed, tickets, tickets_hash, sealed_list_accepted_ms FROM jackpot_days WHERE day_no = $1", [
        dayNo,
      ]);
      expect(audits[0]).toMatchObject({
        operator: "operator",
        target: String(dayNo),
        detail: {
          dayNo,
          reason: "a support agent's test bet, recorded after the seal",
          difference,
          ticketsHash: sealedRow.tickets_hash,
          acceptedMs: Number(sealedRow.sealed_list_accepted_ms),
        },
      });

      // The seal itself stays immutable (migration 074's trigger), and so does the acceptance.
      await expect(
        core.deps.db.query("UPDATE jackpot_days SET tickets_hash = $2 WHERE day_no = $1", [
          dayNo,
          "0".repeat(64),
        ]),
      ).rejects.toThrow(/sealed ticket list is immutable/);
      await expect(
        core.deps.db.query(
          "UPDATE jackpot_days SET sealed_list_accepted_reason = 'other' WHERE day_no = $1",
          [dayNo],
        ),
      ).rejects.toThrow(/acceptance of its sealed list is immutable/);

      // The next pass draws it from the sealed list, and says so.
      const pool = await poolCents(core.deps.db, "CHIP");
      const pass = await jackpotPass(core.deps.db, drawAt + 1_000, DAY, BEACON);
      expect(pass.refused).toEqual([]);
      const drawn = pass.draws.find((d) => d.dayNo === dayNo);
      expect(drawn).toMatchObject({
        winners: 3,
        acceptedSealedList: {
          acceptedMs: Number(sealedRow.sealed_list_accepted_ms),
          reason: "a support agent's test bet, recorded after the seal",
          difference,
        },
      });
      const published = (await call(core, "/app/jackpot/draw", { method: "GET", params: { dayNo } })).result;
      const draw = jackpotDrawSchema.parse(published);
      expect(draw.ticketsCommitment?.hash).toBe(sealedRow.tickets_hash);
      // Players are told the day was drawn on an acceptance, and when; the reason stays in the audit.
      expect(draw.sealedListAccepted).toEqual({ acceptedTime: Number(sealedRow.sealed_list_accepted_ms) });
      expect(JSON.stringify(published)).not.toContain("support agent");
      expect(draw.ticketsTotal).toBe(6_000);
      const sealedList = (
        typeof sealedRow.tickets === "string" ? JSON.parse(sealedRow.tickets) : sealedRow.tickets
      ) as Parameters<typeof drawWinners>[3];
      const expected = drawWinners(sealedRow.seed, dayNo, draw.beacon?.randomness ?? null, sealedList, 3);
      expect(draw.winners.map((w) => [w.no, w.ticket])).toEqual(expected.map((w) => [w.no, w.ticket]));
      const paid = await core.deps.db.query<{ user_id: string; amount: string }>(
        "SELECT user_id, amount FROM ledger_entries WHERE kind = 'JACKPOT' AND ref_id = $1",
        [`day ${dayNo}`],
      );
      expect(paid.map((p) => Number(p.user_id)).sort()).toEqual(players.map((p) => p.userId).sort());
      expect(paid.map((p) => Number(p.user_id))).not.toContain(intruder.userId);
      expect(paid.reduce((s, p) => s + Number(p.amount), 0)).toBe(3 * Math.floor(Math.floor(pool / 2) / 3));
      const ledger = await checkLedger(core.deps.db);
      expect(ledger.problems).toEqual([]);
      expect(await jackpotLedgerBalance()).toBe(await poolCents(core.deps.db, "CHIP"));
      // Drawn now: accepting it again is refused as drawn.
      await expect(cli(String(dayNo), "found it")).rejects.toThrow(/is drawn already/);

      // The day after it no longer waits: sealed, then drawn after the margin.
      const later = drawAt + DAY;
      await jackpotPass(core.deps.db, later, DAY, BEACON);
      const next = await jackpotPass(core.deps.db, later + MARGIN + 1_000, DAY, BEACON);
      expect(next.refused).toEqual([]);
      expect(next.draws.map((d) => d.dayNo)).toContain(dayNo + 1);
      // The database itself allows an acceptance only on a sealed day not drawn yet.
      const acceptRow = (day: number) =>
        core.deps.db.query(
          "UPDATE jackpot_days SET sealed_list_accepted_ms = 1, sealed_list_accepted_reason = 'x' WHERE day_no = $1",
          [day],
        );
      await expect(acceptRow(dayNo + 1)).rejects.toThrow(
        /drawn jackpot day's sealed list cannot be accepted/,
      );
      await expect(acceptRow(dayNo + 2)).rejects.toThrow(/jackpot_days_sealed_list_accepted/);
      // And marks a draw held only on a sealed day not drawn yet.
      const holdRow = (day: number) =>
        core.deps.db.query("UPDATE jackpot_days SET draw_held_ms = 1 WHERE day_no = $1", [day]);
      await expect(holdRow(dayNo + 1)).rejects.toThrow(/a drawn jackpot day's draw cannot be held/);
      await expect(holdRow(dayNo + 2)).rejects.toThrow(/jackpot_days_draw_held/);
    } finally {
      await core.deps.db.query("DELETE FROM jackpot_days WHERE day_no >= $1 AND drawn_ms IS NULL", [dayNo]);
    }
  });
});
