import { beaconRandomness } from "#contract/fairness-proof";
import type { JackpotDraw, JackpotInfo } from "#contract/jackpot";
import { type Coin, fromCents } from "#contract/money";
import { type Beacon, beaconRoundAfter, beaconRoundAtOrAfter, beaconValue } from "../beacon/beacon";
import { getSysConfig, setSysConfig } from "../config/sysconfig";
import { settledRoundStakes, stakesByPlayer } from "../game/totals";
import { moveBetweenSystemAccounts, post } from "../ledger/ledger";
import { operatorDayNoOf, operatorDayNoStartMs } from "../limits/operator-day";
import { runPassAudited, saveSettingsAudited, writeAudit } from "../operator/audit";
import type { Db, Sql } from "../platform/db";
import { Refusal } from "../platform/http";
import { publicProfiles } from "../user/users";
import {
  type TicketEntry,
  drawWinners,
  jackpotSeedHash,
  newJackpotSeed,
  ticketList,
  ticketsHash,
} from "./draw";

/**
 * The daily jackpot: funding, the committed seeds, the draw (docs/jackpot.md).
 * - Funding: every settled round of the jackpot's coin moves share_bp of its stakes HOUSE ->
 *   JACKPOT (kind JACKPOT_FUND, ref = round id, so once per round across processes).
 * - Days: with the real day length a day is the operator's calendar day (LIMITS_TIME_ZONE,
 *   decision 072), numbered as its date (days since 1970-01-01); a shorter test day is
 *   floor(ms / day length). Each day's row, window and seed exist before it starts (the job keeps
 *   today's and tomorrow's), its SHA-256 shown from then on, with the beacon round that will take
 *   part in the draw: the first after the day's end (decision 076); a stored window never changes,
 *   and the next day starts where the stored day before it ends.
 * - Draw: after a day ends, its beacon round exists and its rounds are settled and funded, once (the day row is locked and
 *   marked drawn in the same transaction as the payments; the ledger's unique key on kind, user,
 *   coin and ref is the last line): winners by drawWinners, paid payout_bp of the pool, never more.
 * - Seal (decision 078): before the draw, once the day has ended and its rounds are settled, its
 *   ticket list is stored with its hash and the moment, and the draw's beacon round becomes the
 *   first at least JACKPOT_COMMIT_MARGIN after it; the draw takes the sealed list and refuses when
 *   a recount differs, unless an operator accepted the sealed list (decision 080). Days committed
 *   before that (seals_tickets false) draw as under 076.
 */

interface JackpotSettings {
  coin: Coin;
  shareBp: number;
  winners: number;
  payoutBp: number;
}

export async function getJackpotSettings(db: Sql): Promise<JackpotSettings> {
  const [row] = await db.query<{ coin: Coin; share_bp: number; winners: number; payout_bp: number }>(
    "SELECT coin, share_bp, winners, payout_bp FROM jackpot_settings WHERE id = 1",
  );
  return { coin: row.coin, shareBp: row.share_bp, winners: row.winners, payoutBp: row.payout_bp };
}

/** Edits the settings (percent values in, basis points stored); returns before and after. */
export async function saveJackpotSettings(
  db: Sql,
  changes: Record<string, string>,
): Promise<{ before: JackpotSettings; after: JackpotSettings }> {
  const before = await getJackpotSettings(db);
  const after = { ...before };
  for (const [field, raw] of Object.entries(changes)) {
    const value = Number(raw);
    const percentBp = (max: number) => {
      if (!/^\d+(\.\d{1,2})?$/.test(raw) || value * 100 > max)
        throw new Refusal(`${field} must be a percentage from 0 to ${max / 100}`);
      return Math.round(value * 100);
    };
    if (field === "sharePercent") after.shareBp = percentBp(2000);
    else if (field === "payoutPercent") {
      after.payoutBp = percentBp(10000);
      if (after.payoutBp < 1) throw new Refusal("payoutPercent must be above 0");
    } else if (field === "winners") {
      if (!/^\d{1,3}$/.test(raw) || value < 1 || value > 100)
        throw new Refusal("winners must be a whole number from 1 to 100");
      after.winners = value;
    } else if (field === "enabled") {
      // Handled by the caller (JACKPOT_APPLY, a config value).
    } else throw new Refusal(`Unknown field ${field} (sharePercent, payoutPercent, winners)`);
  }
  await db.query(
    "UPDATE jackpot_settings SET share_bp = $1, winners = $2, payout_bp = $3, updated_at = now() WHERE id = 1",
    [after.shareBp, after.winners, after.payoutBp],
  );
  return { before, after };
}

/**
 * An operator's change of the jackpot settings (the API's POST /jackpot/settings, the CLI's
 * `jackpot set`; `enabled` 0 or 1 switches JACKPOT_APPLY) and its audit entry, in one
 * transaction. Answers the settings after.
 */
export async function saveJackpotSettingsAudited(
  db: Db,
  operator: string,
  changes: Record<string, string>,
  nowMs: number,
): Promise<JackpotSettings> {
  if (changes.enabled !== undefined && !/^[01]$/.test(changes.enabled))
    throw new Refusal("enabled must be 0 or 1");
  return saveSettingsAudited(db, operator, "jackpot.settings", changes, async (tx) => {
    const saved = await saveJackpotSettings(tx, changes);
    if (changes.enabled !== undefined) await switchJackpot(tx, changes.enabled, nowMs);
    return saved;
  });
}

/** JACKPOT_APPLY reads as a non-zero number (the spec's rule for the tab). */
export async function jackpotEnabled(db: Sql): Promise<boolean> {
  const raw = Number(await getSysConfig(db, "JACKPOT_APPLY"));
  return Number.isFinite(raw) && raw !== 0;
}

/**
 * Turns the jackpot on or off (JACKPOT_APPLY, "0" or "1"). Turning it on notes when
 * (JACKPOT_ON_SINCE): rounds that ended while it was off never fund the pool, even those the
 * funding pass's look-back would still reach.
 */
export async function switchJackpot(tx: Sql, enabled: string, nowMs: number): Promise<void> {
  const wasOn = await jackpotEnabled(tx);
  await setSysConfig(tx, "JACKPOT_APPLY", enabled);
  if (enabled !== "0" && !wasOn) await setSysConfig(tx, "JACKPOT_ON_SINCE", String(nowMs));
}

/** The real day's length: with it a jackpot day is the operator's calendar day (decision 072). */
const CALENDAR_DAY_MS = 86_400_000;
/** The shortest window a calendar day gets when the operator's zone moves far east (decision 072). */
const SHORTEST_DAY_MS = 3_600_000;

/** A jackpot day: its number and its window [startMs, endMs). */
interface JackpotDay {
  dayNo: number;
  startMs: number;
  endMs: number;
}

/**
 * SQL: the window (s, e) a calendar day not stored yet gets: from where the stored day before it
 * ends (a day committed in another zone, or in UTC before decision 072, keeps its window, so no
 * moment is in two days or in none), else from the operator's midnight, to the operator's next
 * midnight, and at least SHORTEST_DAY_MS long. `dayNo` is an SQL bigint expression.
 */
const calendarWindow = (dayNo: string) =>
  `SELECT w.s, greatest(w.e, w.s + ${SHORTEST_DAY_MS}) AS e FROM (
     SELECT coalesce((SELECT p.end_ms FROM jackpot_days p WHERE p.day_no = ${dayNo} - 1),
                     ${operatorDayNoStartMs(dayNo)}) AS s,
            ${operatorDayNoStartMs(`${dayNo} + 1`)} AS e) w`;

/**
 * The jackpot day `nowMs` falls in. The real day length: the stored day whose window holds it (a
 * day committed before the zone changed keeps its window), else the operator's day of `nowMs`
 * with the window it will get. A shorter day (tests, demos): floor(ms / day length).
 */
async function dayAt(db: Sql, nowMs: number, dayMs: number): Promise<JackpotDay> {
  if (dayMs !== CALENDAR_DAY_MS) {
    const dayNo = Math.floor(nowMs / dayMs);
    return { dayNo, startMs: dayNo * dayMs, endMs: (dayNo + 1) * dayMs };
  }
  const [row] = await db.query<{
    day_no: string | number;
    start_ms: string | number;
    end_ms: string | number;
  }>(
    `WITH n AS (SELECT ${operatorDayNoOf("to_timestamp($1::bigint / 1000.0)")}::bigint AS d),
     held AS (SELECT j.day_no, j.start_ms, j.end_ms FROM jackpot_days j, n
              WHERE j.day_no BETWEEN n.d - 2 AND n.d + 1 AND j.start_ms <= $1::bigint AND j.end_ms > $1::bigint
              ORDER BY j.day_no LIMIT 1)
     SELECT day_no, start_ms, end_ms FROM held
     UNION ALL
     SELECT n.d, w.s, w.e FROM n, LATERAL (${calendarWindow("n.d")}) w WHERE NOT EXISTS (SELECT 1 FROM held)`,
    [nowMs],
  );
  return { dayNo: Number(row.day_no), startMs: Number(row.start_ms), endMs: Number(row.end_ms) };
}

/**
 * Where a day's tickets start: the day's start, or the moment the jackpot was last turned on
 * (JACKPOT_ON_SINCE) when later. Rounds that ended while it was off fund nothing and, as the
 * closed page says, are no tickets; a day that ended before it was turned on has none (its pool
 * rolls over). The page and the draw read the same window.
 */
async function ticketsFrom(db: Sql, dayStartMs: number): Promise<number> {
  const onSince = Number(await getSysConfig(db, "JACKPOT_ON_SINCE")) || 0;
  return Math.max(dayStartMs, onSince);
}

/**
 * The day's stakes by player, from ticketsFrom to the day's end (none when it starts after), and
 * where they start. A sealed day's recount passes the start it was sealed with (`fromMs`).
 */
async function dayTickets(db: Sql, coin: Coin, dayStartMs: number, dayEndMs: number, fromMs?: number) {
  const from = Math.min(fromMs ?? (await ticketsFrom(db, dayStartMs)), dayEndMs);
  return { ...(await stakesByPlayer(db, coin, from, dayEndMs)), fromMs: from };
}

/** A day's stakes as its draw counts them: a sealed day over the window it was sealed with (the jackpot may have been switched since). */
function dayTicketsOfRow(db: Sql, day: DayRow) {
  const fromMs = day.tickets_from_ms === null ? undefined : Number(day.tickets_from_ms);
  return dayTickets(db, day.coin, Number(day.start_ms), Number(day.end_ms), fromMs);
}

interface DayRow {
  day_no: number;
  coin: Coin;
  start_ms: number;
  end_ms: number;
  seed: string;
  seed_hash: string;
  drawn_ms: number | null;
  pool_cents: number | null;
  paid_cents: number | null;
  winners_wanted: number | null;
  tickets_total: number | null;
  tickets: TicketEntry[] | string | null;
  beacon_source: string | null;
  beacon_round: number | null;
  beacon_signature: string | null;
  seals_tickets: boolean;
  tickets_hash: string | null;
  tickets_committed_ms: number | null;
  tickets_beacon_round: number | null;
  tickets_from_ms: number | null;
  sealed_list_accepted_ms: number | null;
  sealed_list_accepted_reason: string | null;
  draw_held_ms: number | null;
}

/**
 * JACKPOT_COMMIT_MARGIN (decision 078): the draw's beacon round is the first whose time is at
 * least this long after the ticket list is sealed, so the sealed hash is public before the value
 * exists. 60 s with the real day; a tenth of a shorter test day (6 s for the e2e server's 60 s).
 */
export function jackpotCommitMarginMs(dayMs: number): number {
  return dayMs === CALENDAR_DAY_MS ? 60_000 : Math.min(60_000, Math.floor(dayMs / 10));
}

/** The committed list as stored (a JSON column read back as text by some drivers). */
function storedTickets(tickets: DayRow["tickets"]): TicketEntry[] {
  return typeof tickets === "string" ? JSON.parse(tickets) : (tickets ?? []);
}

/**
 * The window a day not stored yet gets: the calendar day's (calendarWindow) with the real day
 * length, else [dayNo, dayNo + 1) times the day length.
 */
async function newWindow(db: Sql, dayNo: number, dayMs: number): Promise<Omit<JackpotDay, "dayNo">> {
  if (dayMs !== CALENDAR_DAY_MS) return { startMs: dayNo * dayMs, endMs: (dayNo + 1) * dayMs };
  const [w] = await db.query<{ s: string | number; e: string | number }>(calendarWindow("$1::bigint"), [
    dayNo,
  ]);
  return { startMs: Number(w.s), endMs: Number(w.e) };
}

/**
 * Commits the seeds of today and tomorrow that are not stored yet, each with its window and the
 * beacon round its draw will take (the first after the day's end); insert-if-absent: safe in
 * several processes. Answers today.
 */
export async function ensureDays(
  db: Sql,
  nowMs: number,
  dayMs: number,
  coin: Coin,
  beacon: Beacon,
): Promise<JackpotDay> {
  const today = await dayAt(db, nowMs, dayMs);
  const stored = await db.query<{ day_no: string | number }>(
    "SELECT day_no FROM jackpot_days WHERE day_no IN ($1, $2)",
    [today.dayNo, today.dayNo + 1],
  );
  for (const dayNo of [today.dayNo, today.dayNo + 1]) {
    if (stored.some((d) => Number(d.day_no) === dayNo)) continue;
    // Today first: tomorrow's window starts where today's ends.
    const { startMs, endMs } = await newWindow(db, dayNo, dayMs);
    const seed = newJackpotSeed();
    await db.query(
      `INSERT INTO jackpot_days (day_no, coin, start_ms, end_ms, seed, seed_hash, committed_ms, beacon_source, beacon_round)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (day_no) DO NOTHING`,
      [
        dayNo,
        coin,
        startMs,
        endMs,
        seed,
        jackpotSeedHash(seed),
        nowMs,
        beacon.source,
        beaconRoundAfter(beacon, endMs),
      ],
    );
  }
  return today;
}

/**
 * The pool now, in cents: what funding moved in minus what draws paid. Only this module moves
 * money in or out of the JACKPOT account, so this equals its ledger balance (the tests compare
 * it with the ledger check's) without scanning the ledger on every page view.
 */
export async function poolCents(db: Sql, coin: Coin): Promise<number> {
  const [row] = await db.query<{ cents: string | number | null }>(
    `SELECT coalesce((SELECT sum(amount_cents) FROM jackpot_funding WHERE coin = $1), 0)
          - coalesce((SELECT sum(w.amount_cents) FROM jackpot_winners w JOIN jackpot_days d ON d.day_no = w.day_no
                      WHERE d.coin = $1), 0) AS cents`,
    [coin],
  );
  return Number(row?.cents ?? 0);
}

/**
 * Moves the pool's share of every settled round's stakes that was not moved yet. Looks back one
 * hour before the latest funded round (rounds settled late by another process are still found).
 */
export async function fundSettledRounds(
  db: Db,
  nowMs: number,
  dayMs: number,
): Promise<{ rounds: number; cents: number }> {
  const settings = await getJackpotSettings(db);
  const [cursor] = await db.query<{ last: string | number | null }>(
    "SELECT max(end_ms) AS last FROM jackpot_funding",
  );
  const floor = (await dayAt(db, nowMs, dayMs)).startMs - dayMs;
  const onSince = Number(await getSysConfig(db, "JACKPOT_ON_SINCE")) || 0;
  const since = Math.max(
    floor,
    onSince,
    cursor?.last === null || cursor === undefined ? floor : Number(cursor.last) - 3_600_000,
  );
  let rounds = 0;
  let cents = 0;
  for (;;) {
    const settled = await settledRoundStakes(db, settings.coin, since, 500);
    if (settled.length === 0) break;
    const known = new Set(
      (
        await db.query<{ round_id: string | number }>(
          "SELECT round_id FROM jackpot_funding WHERE round_id = ANY($1::bigint[])",
          [settled.map((r) => r.roundId)],
        )
      ).map((r) => Number(r.round_id)),
    );
    const fresh = settled.filter((r) => !known.has(r.roundId));
    for (const round of fresh) {
      const amount = Math.floor((round.cents * settings.shareBp) / 10_000);
      const done = await db.tx(async (tx) => {
        const [row] = await tx.query(
          `INSERT INTO jackpot_funding (round_id, coin, end_ms, stake_cents, amount_cents)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (round_id) DO NOTHING RETURNING round_id`,
          [round.roundId, settings.coin, round.endTime, round.cents, amount],
        );
        if (!row) return false;
        if (amount > 0)
          await moveBetweenSystemAccounts(tx, {
            coin: settings.coin,
            from: "HOUSE",
            to: "JACKPOT",
            amount,
            kind: "JACKPOT_FUND",
            refId: String(round.roundId),
            memo: `round ${round.roundId}`,
          });
        return true;
      });
      if (done) {
        rounds++;
        cents += amount;
      }
    }
    if (settled.length < 500 || fresh.length === 0) break;
  }
  return { rounds, cents };
}

interface DrawOutcome {
  dayNo: number;
  winners: number;
  paidCents: number;
  /**
   * Present when the day was drawn from its sealed list though a recount differed, on an
   * operator's acceptance (decision 080): when and why it was accepted, and the difference now.
   */
  acceptedSealedList?: { acceptedMs: number; reason: string; difference: string };
}

/** A day whose draw refused: its sealed list no longer matches the settled rounds (decision 078). */
interface DrawRefusal {
  dayNo: number;
  refused: string;
}

/**
 * Seals the ticket list of every ended, undrawn day that seals its list and has not yet, once all
 * its rounds are settled (decision 078): stores the list (masked phones as published), its total,
 * its hash, the moment and the beacon round the draw will take, in its own transaction per day.
 * The row is locked and re-read, so a day is sealed once across processes (and the trigger of
 * migration 074 refuses a second seal). A day committed under another beacon than the configured
 * one is not sealed (its draw waits, decision 076). Answers the days sealed.
 */
export async function sealTicketLists(
  db: Db,
  nowMs: number,
  dayMs: number,
  beacon: Beacon,
): Promise<number[]> {
  const due = await db.query<{ day_no: number }>(
    `SELECT day_no FROM jackpot_days WHERE drawn_ms IS NULL AND end_ms <= $1 AND seals_tickets
       AND tickets_hash IS NULL AND beacon_round IS NOT NULL ORDER BY day_no LIMIT 10`,
    [nowMs],
  );
  const sealed: number[] = [];
  for (const { day_no } of due) {
    const done = await db.tx(async (tx) => {
      const [day] = await tx.query<DayRow>(
        `SELECT * FROM jackpot_days WHERE day_no = $1 AND drawn_ms IS NULL AND tickets_hash IS NULL
           FOR UPDATE SKIP LOCKED`,
        [day_no],
      );
      if (!day || day.beacon_round === null || day.beacon_source !== beacon.source) return false;
      const stakes = await dayTickets(tx, day.coin, Number(day.start_ms), Number(day.end_ms));
      if (stakes.unsettledRounds > 0) return false;
      const list = ticketList(stakes.players);
      const profiles = await publicProfiles(
        tx,
        list.map((e) => e.userId),
      );
      const entries = list.map((e) => ({ ...e, phone: profiles.get(e.userId)?.phone ?? "****" }));
      const round = Math.max(
        Number(day.beacon_round),
        beaconRoundAtOrAfter(beacon, nowMs + jackpotCommitMarginMs(dayMs)),
      );
      await tx.query(
        `UPDATE jackpot_days SET tickets = $2, tickets_total = $3, tickets_hash = $4,
           tickets_committed_ms = $5, tickets_beacon_round = $6, tickets_from_ms = $7 WHERE day_no = $1`,
        [
          day_no,
          JSON.stringify(entries),
          entries.reduce((sum, e) => sum + e.cents, 0),
          ticketsHash(entries),
          nowMs,
          round,
          stakes.fromMs,
        ],
      );
      return true;
    });
    if (done) sealed.push(Number(day_no));
  }
  return sealed;
}

/**
 * Seals the lists due (sealTicketLists), then draws every ended day not drawn yet whose rounds
 * are all settled, oldest first. A day whose sealed list no longer matches its settled rounds is
 * not drawn (refused, reported) and the days after it wait. `afterPay` (tests) runs inside the
 * transaction after the payments (a throw rolls the whole draw back).
 */
async function drawDueReport(
  db: Db,
  nowMs: number,
  dayMs: number,
  beacon: Beacon,
  options: { afterPay?: () => void | Promise<void> } = {},
): Promise<{ draws: DrawOutcome[]; refused: DrawRefusal[] }> {
  await sealTicketLists(db, nowMs, dayMs, beacon);
  const due = await db.query<{ day_no: number }>(
    "SELECT day_no FROM jackpot_days WHERE drawn_ms IS NULL AND end_ms <= $1 ORDER BY day_no LIMIT 10",
    [nowMs],
  );
  const draws: DrawOutcome[] = [];
  const refused: DrawRefusal[] = [];
  for (const { day_no } of due) {
    const done = await drawDay(db, Number(day_no), nowMs, beacon, options);
    if (done && "refused" in done) refused.push(done);
    if (!done || "refused" in done) break; // later days wait for this one (the pool carries over in order)
    draws.push(done);
  }
  return { draws, refused };
}

/** drawDueReport's draws. */
export async function drawDue(
  db: Db,
  nowMs: number,
  dayMs: number,
  beacon: Beacon,
  options: { afterPay?: () => void | Promise<void> } = {},
): Promise<DrawOutcome[]> {
  return (await drawDueReport(db, nowMs, dayMs, beacon, options)).draws;
}

/**
 * The beacon value a day's draw takes: its beacon round's (null for a day committed without one).
 * Undefined while that value cannot be had: the round does not exist yet, the beacon cannot be
 * reached, or the day named another beacon than the configured one; the draw then waits.
 */
async function dayBeaconValue(
  db: Sql,
  dayNo: number,
  nowMs: number,
  beacon: Beacon,
): Promise<{ signature: string; randomness: string } | null | undefined> {
  const [day] = await db.query<
    Pick<DayRow, "beacon_source" | "beacon_round" | "seals_tickets" | "tickets_beacon_round">
  >(
    "SELECT beacon_source, beacon_round, seals_tickets, tickets_beacon_round FROM jackpot_days WHERE day_no = $1",
    [dayNo],
  );
  if (!day || day.beacon_round === null) return null;
  if (day.beacon_source !== beacon.source) return undefined;
  // A day that seals its list takes the round named at the seal (decision 078), and waits for the seal.
  const round = day.seals_tickets ? day.tickets_beacon_round : day.beacon_round;
  if (round === null) return undefined;
  return (await beaconValue(db, beacon, Number(round), nowMs)) ?? undefined;
}

async function drawDay(
  db: Db,
  dayNo: number,
  nowMs: number,
  beacon: Beacon,
  options: { afterPay?: () => void | Promise<void> },
): Promise<DrawOutcome | DrawRefusal | null> {
  const settings = await getJackpotSettings(db);
  // Fetched before the transaction: a beacon over the network must not hold the day's lock.
  const value = await dayBeaconValue(db, dayNo, nowMs, beacon);
  if (value === undefined) return null;
  return db.tx(async (tx) => {
    // One draw at a time (the settings row), and this day once (its row, skipped when another holds it).
    await tx.query("SELECT 1 FROM jackpot_settings WHERE id = 1 FOR UPDATE");
    const [day] = await tx.query<DayRow>(
      "SELECT * FROM jackpot_days WHERE day_no = $1 AND drawn_ms IS NULL FOR UPDATE SKIP LOCKED",
      [dayNo],
    );
    if (!day || Number(day.end_ms) > nowMs) return null;
    const stakes = await dayTicketsOfRow(tx, day);
    if (stakes.unsettledRounds > 0) return null;
    // The rounds of the day are settled: their share reaches the pool before the draw.
    const recount = ticketList(stakes.players);
    const sealed = day.tickets_hash === null ? null : storedTickets(day.tickets);
    // A day with a beacon round that seals its list waits for the seal (its pass seals it first);
    // a day committed without a beacon (before decision 076) draws as it always did.
    if (day.seals_tickets && day.beacon_round !== null && sealed === null) return null;
    // The sealed list, never a fresh read; a recount that differs means the books changed after
    // the seal: no draw, no payment on a changed list (decision 078).
    // An operator who found out why may accept the sealed list (decision 080): it is then drawn.
    const difference = sealed === null ? null : recountDifference(sealed, recount);
    if (difference !== null && day.sealed_list_accepted_ms === null) {
      // Public from the first refusal on (pendingDraw.heldTime): players see a held draw.
      await tx.query("UPDATE jackpot_days SET draw_held_ms = $2 WHERE day_no = $1 AND draw_held_ms IS NULL", [
        dayNo,
        nowMs,
      ]);
      return { dayNo, refused: difference };
    }
    const acceptedSealedList =
      difference === null
        ? undefined
        : {
            acceptedMs: Number(day.sealed_list_accepted_ms),
            reason: day.sealed_list_accepted_reason ?? "",
            difference,
          };
    const tickets = sealed ?? recount;
    const total = tickets.reduce((s, e) => s + e.cents, 0);
    const pool = await poolCents(tx, day.coin);
    const winners = drawWinners(day.seed, dayNo, value?.randomness ?? null, tickets, settings.winners);
    const payout = Math.min(pool, Math.floor((pool * settings.payoutBp) / 10_000));
    const each = winners.length > 0 ? Math.floor(payout / winners.length) : 0;
    let paid = 0;
    if (each > 0) {
      for (const [i, w] of winners.entries()) {
        await tx.query(
          `INSERT INTO jackpot_winners (day_no, rank, user_id, ticket_no, ticket, amount_cents)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [dayNo, i + 1, w.userId, w.no, w.ticket, each],
        );
      }
      // Paid in the order of the players' ids, as a round's settlement credits (creditMany): in
      // the order drawn, a draw and a settlement crediting the same two players could deadlock.
      for (const w of [...winners].sort((a, b) => a.userId - b.userId)) {
        await post(tx, {
          userId: w.userId,
          coin: day.coin,
          amount: each,
          kind: "JACKPOT",
          counter: "JACKPOT",
          refId: `day ${dayNo}`,
          memo: `jackpot day ${dayNo}`,
        });
        paid += each;
      }
    }
    await options.afterPay?.();
    // A sealed list stays as sealed (the trigger of migration 074 refuses any change to it).
    const drawn = [dayNo, nowMs, pool, paid, settings.winners, value?.signature ?? null];
    if (sealed === null)
      await tx.query(
        `UPDATE jackpot_days SET drawn_ms = $2, pool_cents = $3, paid_cents = $4, winners_wanted = $5,
           beacon_signature = $6, tickets_total = $7, tickets = $8 WHERE day_no = $1`,
        [...drawn, total, JSON.stringify(tickets)],
      );
    else
      await tx.query(
        `UPDATE jackpot_days SET drawn_ms = $2, pool_cents = $3, paid_cents = $4, winners_wanted = $5,
           beacon_signature = $6 WHERE day_no = $1`,
        drawn,
      );
    const outcome: DrawOutcome = { dayNo, winners: each > 0 ? winners.length : 0, paidCents: paid };
    return acceptedSealedList ? { ...outcome, acceptedSealedList } : outcome;
  });
}

/**
 * How a recount of a sealed day's settled rounds differs from its sealed list (decision 078), in
 * words for the log and the operator; null when it does not (same entries, users and tickets).
 */
function recountDifference(sealed: TicketEntry[], recount: TicketEntry[]): string | null {
  const key = (l: TicketEntry[]) => l.map((e) => `${e.no}:${e.userId}:${e.cents}`).join("\n");
  if (key(sealed) === key(recount)) return null;
  const total = (l: TicketEntry[]) => l.reduce((s, e) => s + e.cents, 0);
  return `the settled rounds now count ${recount.length} entries and ${total(recount)} tickets, the sealed list ${sealed.length} and ${total(sealed)}`;
}

/**
 * An operator's acceptance of a refused day's sealed ticket list (decision 080; the CLI's
 * `jackpot accept-sealed`, the API's POST /jackpot/accept-sealed), audited as
 * jackpot.accept-sealed with the reason and the recount's difference at the time, in one
 * transaction. Refused: a day number that is not one, no reason, an unknown day, a day not
 * sealed, drawn or already accepted, rounds of the day not settled, or a recount that matches the
 * sealed list (nothing to accept). The next pass draws the day from its sealed list.
 */
export async function acceptSealedListAudited(
  db: Db,
  operator: string,
  input: { dayNo?: string; reason?: string },
  nowMs: number,
): Promise<{ dayNo: number; acceptedMs: number; reason: string; difference: string }> {
  const rawDay = (input.dayNo ?? "").trim();
  if (!/^\d{1,9}$/.test(rawDay)) throw new Refusal("dayNo must be a jackpot day number");
  const dayNo = Number(rawDay);
  const reason = (input.reason ?? "").trim();
  if (reason === "")
    throw new Refusal("Give a reason: what the books showed when you found out why they changed");
  if (reason.length > 1000) throw new Refusal("The reason must be at most 1000 characters");
  return db.tx(async (tx) => {
    const [day] = await tx.query<DayRow>("SELECT * FROM jackpot_days WHERE day_no = $1 FOR UPDATE", [dayNo]);
    if (!day) throw new Refusal(`There is no jackpot day ${dayNo}`);
    if (day.drawn_ms !== null) throw new Refusal(`Jackpot day ${dayNo} is drawn already`);
    if (day.tickets_hash === null)
      throw new Refusal(
        `Jackpot day ${dayNo} has no sealed ticket list (a list is sealed once the day has ended and its rounds are settled)`,
      );
    if (day.sealed_list_accepted_ms !== null)
      throw new Refusal(
        `Jackpot day ${dayNo}'s sealed list was accepted already, at ${new Date(Number(day.sealed_list_accepted_ms)).toISOString()}`,
      );
    const stakes = await dayTicketsOfRow(tx, day);
    if (stakes.unsettledRounds > 0)
      throw new Refusal(`Jackpot day ${dayNo} has rounds not settled yet; accept once they are`);
    const difference = recountDifference(storedTickets(day.tickets), ticketList(stakes.players));
    if (difference === null)
      throw new Refusal(
        `Jackpot day ${dayNo}'s settled rounds match its sealed list: nothing to accept (the draw takes it as it is)`,
      );
    await tx.query(
      "UPDATE jackpot_days SET sealed_list_accepted_ms = $2, sealed_list_accepted_reason = $3 WHERE day_no = $1",
      [dayNo, nowMs, reason],
    );
    await writeAudit(tx, {
      operator,
      action: "jackpot.accept-sealed",
      target: String(dayNo),
      detail: { dayNo, reason, difference, ticketsHash: day.tickets_hash, acceptedMs: nowMs },
    });
    return { dayNo, acceptedMs: nowMs, reason, difference };
  });
}

/** One pass of the job: commit seeds, fund, seal ticket lists, draw (only while JACKPOT_APPLY is on). */
export async function jackpotPass(db: Db, nowMs: number, dayMs: number, beacon: Beacon) {
  if (!(await jackpotEnabled(db)))
    return { funded: { rounds: 0, cents: 0 }, draws: [] as DrawOutcome[], refused: [] as DrawRefusal[] };
  const settings = await getJackpotSettings(db);
  await ensureDays(db, nowMs, dayMs, settings.coin, beacon);
  const funded = await fundSettledRounds(db, nowMs, dayMs);
  const { draws, refused } = await drawDueReport(db, nowMs, dayMs, beacon);
  return { funded, draws, refused };
}

/** One pass now, on an operator's demand (admin CLI, operator API), audited as jackpot.run. */
export function jackpotPassAudited(db: Db, operator: string, nowMs: number, dayMs: number, beacon: Beacon) {
  return runPassAudited(db, operator, "jackpot.run", () => jackpotPass(db, nowMs, dayMs, beacon));
}

/** The jackpot page: today's pool, commitment, countdown and the player's tickets. */
export async function jackpotInfo(
  db: Db,
  userId: number,
  nowMs: number,
  dayMs: number,
  beacon: Beacon,
): Promise<JackpotInfo> {
  const settings = await getJackpotSettings(db);
  const { dayNo, startMs, endMs } = await ensureDays(db, nowMs, dayMs, settings.coin, beacon);
  const days = await db.query<{ day_no: number; seed_hash: string; beacon_round: number | null }>(
    "SELECT day_no, seed_hash, beacon_round FROM jackpot_days WHERE day_no IN ($1, $2)",
    [dayNo, dayNo + 1],
  );
  const dayOf = (n: number) => days.find((d) => Number(d.day_no) === n);
  const hashOf = (n: number) => dayOf(n)?.seed_hash ?? null;
  const todaysBeacon = dayOf(dayNo)?.beacon_round;
  const stakes = await dayTickets(db, settings.coin, startMs, endMs);
  return {
    enabled: await jackpotEnabled(db),
    coin: settings.coin,
    pool: fromCents(await poolCents(db, settings.coin)),
    dayNo,
    startTime: startMs,
    drawTime: endMs,
    serverTime: nowMs,
    seedHash: hashOf(dayNo) ?? "",
    nextSeedHash: hashOf(dayNo + 1),
    beaconRound: todaysBeacon === null || todaysBeacon === undefined ? null : Number(todaysBeacon),
    myTickets: stakes.players.find((p) => p.userId === userId)?.cents ?? 0,
    totalTickets: stakes.players.reduce((s, p) => s + p.cents, 0),
    players: stakes.players.length,
    sharePercent: settings.shareBp / 100,
    payoutPercent: settings.payoutBp / 100,
    winners: settings.winners,
  };
}

/** A drawn day (the latest when dayNo is absent), with its published ticket list; null if none. */
export async function jackpotDraw(
  db: Sql,
  dayNo: number | undefined,
  userId: number | null,
  beacon: Beacon,
  dayMs: number,
): Promise<JackpotDraw | null> {
  const [day] =
    dayNo === undefined
      ? await db.query<DayRow>(
          "SELECT * FROM jackpot_days WHERE drawn_ms IS NOT NULL ORDER BY day_no DESC LIMIT 1",
        )
      : await db.query<DayRow>("SELECT * FROM jackpot_days WHERE day_no = $1 AND drawn_ms IS NOT NULL", [
          dayNo,
        ]);
  if (!day) return null;
  const tickets = storedTickets(day.tickets);
  const won = await db.query<{
    rank: number;
    user_id: number;
    ticket_no: number;
    ticket: number;
    amount_cents: number;
  }>(
    "SELECT rank, user_id, ticket_no, ticket, amount_cents FROM jackpot_winners WHERE day_no = $1 ORDER BY rank",
    [day.day_no],
  );
  const profiles = await publicProfiles(
    db,
    tickets.map((t) => t.userId),
  );
  // A sealed list publishes the phones it was sealed with (its hash covers them).
  const phoneOf = (t: TicketEntry) => t.phone ?? profiles.get(t.userId)?.phone ?? "****";
  const sameBeacon = day.beacon_source === beacon.source;
  const [pending] = await db.query<DayRow>(
    "SELECT * FROM jackpot_days WHERE drawn_ms IS NULL AND tickets_hash IS NOT NULL ORDER BY day_no LIMIT 1",
  );
  let from = 0;
  return {
    dayNo: Number(day.day_no),
    coin: day.coin,
    startTime: Number(day.start_ms),
    endTime: Number(day.end_ms),
    drawTime: Number(day.drawn_ms),
    seedHash: day.seed_hash,
    seed: day.seed,
    beacon:
      day.beacon_round === null || day.beacon_signature === null
        ? null
        : {
            source: day.beacon_source ?? "",
            // The configured beacon's key; a day drawn with another beacon names none.
            publicKey: sameBeacon ? beacon.publicKey : null,
            // The round the draw took: the sealed list's (decision 078), else the one named with the seed.
            round: Number(day.tickets_beacon_round ?? day.beacon_round),
            signature: day.beacon_signature,
            randomness: beaconRandomness(day.beacon_signature),
            genesisTime: sameBeacon ? beacon.genesisMs : null,
            periodSeconds: sameBeacon ? beacon.periodMs / 1000 : null,
          },
    ticketsCommitment: ticketsCommitmentOf(day, dayMs),
    // A trigger allows an acceptance only before the draw: a drawn day that has one was drawn on it.
    sealedListAccepted:
      day.sealed_list_accepted_ms === null ? null : { acceptedTime: Number(day.sealed_list_accepted_ms) },
    pool: fromCents(Number(day.pool_cents ?? 0)),
    paid: fromCents(Number(day.paid_cents ?? 0)),
    winnersWanted: Number(day.winners_wanted ?? 0),
    ticketsTotal: Number(day.tickets_total ?? 0),
    tickets: tickets.map((t) => {
      const entry = {
        no: t.no,
        phone: phoneOf(t),
        tickets: t.cents,
        from,
        to: from + t.cents,
      };
      from += t.cents;
      return entry;
    }),
    winners: won.map((w) => ({
      rank: w.rank,
      no: w.ticket_no,
      phone: (() => {
        const entry = tickets.find((t) => t.no === w.ticket_no);
        return entry ? phoneOf(entry) : (profiles.get(Number(w.user_id))?.phone ?? "****");
      })(),
      nickName: profiles.get(Number(w.user_id))?.nickName ?? null,
      ticket: Number(w.ticket),
      tickets: tickets.find((t) => t.no === w.ticket_no)?.cents ?? 0,
      amount: fromCents(Number(w.amount_cents)),
    })),
    myWin:
      userId === null
        ? null
        : (() => {
            const mine = won.find((w) => Number(w.user_id) === userId);
            return mine ? fromCents(Number(mine.amount_cents)) : null;
          })(),
    pendingDraw: pending
      ? (() => {
          const commitment = ticketsCommitmentOf(pending, dayMs);
          return commitment
            ? {
                dayNo: Number(pending.day_no),
                endTime: Number(pending.end_ms),
                ticketsCommitment: commitment,
                heldTime: pending.draw_held_ms === null ? null : Number(pending.draw_held_ms),
              }
            : null;
        })()
      : null,
  };
}

/** A day's sealed ticket list as published (decision 078); null for a day that did not seal it. */
function ticketsCommitmentOf(day: DayRow, dayMs: number): JackpotDraw["ticketsCommitment"] {
  if (day.tickets_hash === null || day.tickets_committed_ms === null || day.tickets_beacon_round === null)
    return null;
  return {
    hash: day.tickets_hash,
    committedTime: Number(day.tickets_committed_ms),
    marginSeconds: jackpotCommitMarginMs(dayMs) / 1000,
    total: Number(day.tickets_total ?? 0),
    beaconRound: Number(day.tickets_beacon_round),
  };
}
