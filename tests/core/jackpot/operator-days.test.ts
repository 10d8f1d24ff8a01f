import { expect, it } from "vitest";
import { beaconOf } from "../../../core/src/beacon/beacon";
import { setSysConfig } from "../../../core/src/config/sysconfig";
import { placeBet } from "../../../core/src/game/bets";
import { ensureRound, roundWindow } from "../../../core/src/game/rounds";
import { settleRound } from "../../../core/src/game/settle";
import { drawDue, ensureDays, jackpotInfo } from "../../../core/src/jackpot/jackpot";
import { describeOnEachDatabase, registerPlayer } from "../../support/core";
import { TIMING, stake } from "../game/helpers";
import { sealThenDraw } from "./helpers";

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** The development sandbox beacon: a day's beacon round exists within a second of its end. */
const BEACON = beaconOf();
/** The number of a date (days since 1970-01-01): a jackpot day's number (decision 072). */
const dayNoOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

interface StoredDay {
  day_no: number;
  start_ms: number;
  end_ms: number;
  seed_hash: string;
  tickets_total: number | null;
}

describeOnEachDatabase("jackpot days by the operator's day", (core, database) => {
  const db = () => core.deps.db;
  /** Dates far from now and apart on the two databases. */
  const year = database === "postgres" ? 2041 : 2040;

  async function enable() {
    await setSysConfig(db(), "JACKPOT_APPLY", "1");
    await setSysConfig(db(), "JACKPOT_ON_SINCE", "0");
  }
  /** A settled CHIP round containing `at` (60-s rounds) in which the player stakes 10 chips. */
  async function playRound(at: number, userId: number) {
    const round = await ensureRound(db(), "CHIP", 1, roundWindow(at, TIMING));
    await placeBet(db(), userId, stake("Red", round.id, 1), round.startTime + 1000);
    await settleRound(db(), round.id, round.endTime);
  }
  async function storedDays(from: number, to: number): Promise<StoredDay[]> {
    const rows = await db().query<StoredDay>(
      `SELECT day_no, start_ms, end_ms, seed_hash, tickets_total FROM jackpot_days
       WHERE day_no BETWEEN $1 AND $2 ORDER BY day_no`,
      [from, to],
    );
    return rows.map((r) => ({
      day_no: Number(r.day_no),
      start_ms: Number(r.start_ms),
      end_ms: Number(r.end_ms),
      seed_hash: r.seed_hash,
      tickets_total: r.tickets_total === null ? null : Number(r.tickets_total),
    }));
  }

  it("counts a round at 01:30 in Kolkata as today's ticket, one at 23:30 the day before as not, and draws at Kolkata's midnight", async () => {
    await enable();
    const today = `${year}-03-15`;
    // 02:30 on the 15th in Kolkata, still the 14th in UTC.
    const now = Date.parse(`${year}-03-14T21:00:00Z`);
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const other = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    await playRound(Date.parse(`${year}-03-14T20:00:00Z`), player.userId); // 01:30 on the 15th
    await playRound(Date.parse(`${year}-03-14T18:00:00Z`), other.userId); // 23:30 on the 14th
    const info = await jackpotInfo(db(), player.userId, now, DAY, BEACON);
    expect(info).toMatchObject({
      dayNo: dayNoOf(today),
      startTime: Date.parse(`${year}-03-14T18:30:00Z`),
      drawTime: Date.parse(`${year}-03-15T18:30:00Z`),
      myTickets: 1_000,
      totalTickets: 1_000,
      players: 1,
    });
    expect(info.nextSeedHash).toMatch(/^[0-9a-f]{64}$/);
    // Not drawn at 05:30 in Kolkata (midnight UTC); drawn once the Kolkata day has ended.
    expect(
      (await drawDue(db(), Date.parse(`${year}-03-15T01:00:00Z`), DAY, BEACON)).map((d) => d.dayNo),
    ).not.toContain(dayNoOf(today));
    const drawn = await sealThenDraw(db(), Date.parse(`${year}-03-15T18:31:00Z`), DAY, BEACON);
    expect(drawn.map((d) => d.dayNo)).toContain(dayNoOf(today));
    const [day] = await storedDays(dayNoOf(today), dayNoOf(today));
    expect(day.tickets_total).toBe(1_000);
  });

  it("keeps the UTC days committed before the switch and starts the first new day where they end: no ticket lost or counted twice", async () => {
    await enable();
    const n = dayNoOf(`${year}-06-10`);
    // As the UTC code committed them on the 10th: the 10th and the 11th, midnight to midnight UTC.
    for (const dayNo of [n, n + 1]) {
      await db().query(
        `INSERT INTO jackpot_days (day_no, coin, start_ms, end_ms, seed, seed_hash, committed_ms)
         VALUES ($1, 'CHIP', $2, $3, $4, $5, $6)`,
        [dayNo, dayNo * DAY, (dayNo + 1) * DAY, "ab".repeat(32), `utc-${dayNo}`, n * DAY + 12 * HOUR],
      );
    }
    // Upgraded at 01:30 on the 11th in Kolkata: the committed UTC day of the 10th is still today.
    const upgraded = Date.parse(`${year}-06-10T20:00:00Z`);
    await ensureDays(db(), upgraded, DAY, "CHIP", BEACON);
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const info = await jackpotInfo(db(), player.userId, upgraded, DAY, BEACON);
    expect(info).toMatchObject({ dayNo: n, drawTime: (n + 1) * DAY, seedHash: `utc-${n}` });
    // The next passes: 06:30 on the 11th in Kolkata (the UTC day of the 11th), then the 13th.
    await ensureDays(db(), Date.parse(`${year}-06-11T01:00:00Z`), DAY, "CHIP", BEACON);
    await ensureDays(db(), Date.parse(`${year}-06-12T20:00:00Z`), DAY, "CHIP", BEACON);
    const days = await storedDays(n, n + 4);
    expect(days.map((d) => [d.day_no, d.start_ms, d.end_ms])).toEqual([
      [n, n * DAY, (n + 1) * DAY],
      [n + 1, (n + 1) * DAY, (n + 2) * DAY],
      // The transition day: from midnight UTC to Kolkata's midnight, 18.5 hours.
      [n + 2, (n + 2) * DAY, Date.parse(`${year}-06-12T18:30:00Z`)],
      [n + 3, Date.parse(`${year}-06-12T18:30:00Z`), Date.parse(`${year}-06-13T18:30:00Z`)],
      [n + 4, Date.parse(`${year}-06-13T18:30:00Z`), Date.parse(`${year}-06-14T18:30:00Z`)],
    ]);
    // The commitments published before the switch are unchanged.
    expect(days.slice(0, 2).map((d) => d.seed_hash)).toEqual([`utc-${n}`, `utc-${n + 1}`]);

    // One round on each side of each boundary after the switch.
    const boundary = (n + 2) * DAY;
    const kolkataMidnight = Date.parse(`${year}-06-12T18:30:00Z`);
    for (const at of [
      boundary - 2 * 60_000,
      boundary + 1_000,
      kolkataMidnight - 2 * 60_000,
      kolkataMidnight + 1_000,
    ])
      await playRound(at, player.userId);
    await sealThenDraw(db(), Date.parse(`${year}-06-13T19:00:00Z`), DAY, BEACON);
    const drawn = await storedDays(n + 1, n + 3);
    expect(drawn.map((d) => [d.day_no, d.tickets_total])).toEqual([
      [n + 1, 1_000],
      [n + 2, 2_000],
      [n + 3, 1_000],
    ]);
  });
});
