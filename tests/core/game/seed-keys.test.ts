import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { GAME_COMMANDS } from "../../../core/src/game/admin";
import { placeBet } from "../../../core/src/game/bets";
import { listChains } from "../../../core/src/game/chains";
import { fairnessOf } from "../../../core/src/game/fairness-keys";
import { type Round, ensureRound, findRound, roundWindow } from "../../../core/src/game/rounds";
import { unreadableChains } from "../../../core/src/game/seed-keys";
import { settleDue, settleRound } from "../../../core/src/game/settle";
import { stakesByPlayer } from "../../../core/src/game/totals";
import { verifyView } from "../../../core/src/game/verify";
import { DEV_FAIRNESS, loadConfig } from "../../../core/src/platform/config";
import type { Db } from "../../../core/src/platform/db";
import { migrate } from "../../../core/src/platform/migrate";
import {
  TEST_DATABASES,
  type TestDatabase,
  createPostgresDatabase,
  expectLedgerBalanced,
  openDbBeforeMigration,
} from "../../support/core";
import {
  MIGRATIONS,
  T0,
  TIMING,
  balanceOf,
  call,
  createUser,
  gameApp,
  memoryDb,
  stake,
  startCoreOn,
} from "./helpers";

const OLD = DEV_FAIRNESS.seedKey;
const NEW = "ab".repeat(32);
const keys = (seedKey: string, previousSeedKeys: string[] = []) =>
  fairnessOf({ fairness: { ...DEV_FAIRNESS, seedKey, previousSeedKeys } });
const window = (minutes: number) => roundWindow(T0 + minutes * 60_000, TIMING);
const uploads = mkdtempSync(join(tmpdir(), "seed-keys-"));
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

/** A migrated database of either kind, and how to be rid of it. */
async function throwAwayDb(database: TestDatabase): Promise<{ db: Db; done: () => Promise<void> }> {
  if (database === "pglite") {
    const db = await memoryDb();
    return { db, done: () => db.close() };
  }
  const pgDb = await createPostgresDatabase();
  await migrate(pgDb.db, MIGRATIONS);
  return { db: pgDb.db, done: pgDb.drop };
}

/** Starts a core on `db` with these environment variables; resolves with it or rejects. */
const startOn = (db: Db, env: Record<string, string>) => startCoreOn(db, env, uploads);

describe("the seed key: rotation, a wrong key, a lost key", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("a rotated key keeps the old one for the seeds sealed before: rounds made before are drawn, new chains take the new key", async () => {
    const db = await memoryDb();
    const before = await ensureRound(db, "CHIP", 1, window(0), keys(OLD));
    const rotated = keys(NEW, [OLD]);
    expect(await unreadableChains(db, rotated)).toEqual([]);
    expect(await settleRound(db, before.id, before.endTime + 10_000, rotated)).not.toBeNull();
    // A room whose first chain is made after the rotation: sealed with the new key alone.
    await ensureRound(db, "GOLD", 2, window(0), rotated);
    const newOnly = keys(NEW);
    const unreadable = await unreadableChains(db, newOnly);
    expect(unreadable.map((c) => c.coin)).toEqual(["CHIP"]);
    expect(await unreadableChains(db, keys(OLD))).toMatchObject([{ coin: "GOLD", level: 2 }]);
    await db.close();
  });

  it("a core whose key opens no chain refuses to start and says what to do; with the old key as previous it starts", async () => {
    const db = await memoryDb();
    await ensureRound(db, "CHIP", 1, window(0), keys(OLD));
    await expect(startOn(db, { FAIRNESS_SEED_KEY: NEW })).rejects.toThrow(
      /FAIRNESS_SEED_KEY does not open the sealed top seed of 1 hash chain\(s\).*FAIRNESS_SEED_KEY_PREVIOUS.*retire-unreadable/,
    );
    const core = await startOn(db, {
      FAIRNESS_SEED_KEY: NEW,
      FAIRNESS_SEED_KEY_PREVIOUS: ` ${OLD.toUpperCase()} `,
    });
    await core.close();
    await db.close();
  });

  it("a round no key opens that would still take bets keeps the core from starting, saying what to do", async () => {
    const db = await memoryDb();
    const soon = roundWindow(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000, TIMING);
    const open = await ensureRound(db, "CHIP", 1, soon, keys(OLD), Date.now());
    // Its chain is already retired (as after the command on the build before voiding): only the round is left.
    await db.query("UPDATE game_chains SET retired_at = now()");
    await expect(startOn(db, { FAIRNESS_SEED_KEY: NEW })).rejects.toThrow(
      `1 round(s) sealed with a seed key no longer configured would still take bets (round ${open.id}), and no one could draw them: put the key they were sealed with in FAIRNESS_SEED_KEY_PREVIOUS; only if that key is lost for good: node build/core/admin.js fairness retire-unreadable voids them and refunds their bets (or start the core after ${new Date(open.betEndTime).toISOString()}, when their betting has closed).`,
    );
    // The key found again: the round can be drawn, the core starts.
    const core = await startOn(db, { FAIRNESS_SEED_KEY: NEW, FAIRNESS_SEED_KEY_PREVIOUS: OLD });
    await core.close();
    await db.close();
  });

  it.each(TEST_DATABASES)(
    "after a lost key, retire-unreadable voids every round no key can draw and refunds each bet exactly once; the core starts at once (%s)",
    async (database) => {
      const { db, done } = await throwAwayDb(database);
      // A second into the current round: betting is open whatever the second of the minute.
      const nowMs = roundWindow(Date.now(), TIMING).startTime + 1000;
      const ended = await ensureRound(
        db,
        "CHIP",
        1,
        roundWindow(nowMs - 5 * 60_000, TIMING),
        keys(OLD),
        nowMs,
      );
      const open = await ensureRound(db, "CHIP", 1, roundWindow(nowMs, TIMING), keys(OLD), nowMs);
      const alice = await createUser(db, { CHIP: 100_000 });
      const bob = await createUser(db, { CHIP: 100_000 });
      await placeBet(db, alice, stake("Red", ended.id, 3), ended.startTime + 1000);
      await placeBet(db, alice, stake("7", ended.id), ended.startTime + 2000);
      await placeBet(db, bob, stake("Big", open.id, 5), nowMs);
      expect([await balanceOf(db, alice), await balanceOf(db, bob)]).toEqual([96000, 95000]);
      // Settlement has met the ended round with the new key alone: an alarm.
      await settleDue(db, nowMs, 100, keys(NEW));

      process.env.FAIRNESS_SEED_KEY = NEW;
      const fairness = GAME_COMMANDS.find((c) => c.name === "fairness");
      const lines: string[] = [];
      await fairness?.run(["fairness", "retire-unreadable"], db, (l) => lines.push(l));
      expect(lines.slice(-3)).toEqual([
        `voided round ${ended.id} (CHIP room 1), which no key can draw: 2 bet(s) refunded, 40 in all`,
        `voided round ${open.id} (CHIP room 1), which no key can draw: 1 bet(s) refunded, 50 in all`,
        "the core may start now",
      ]);
      // Every stake back, one REFUND entry a bet, the ledger balanced; the bets say why.
      expect([await balanceOf(db, alice), await balanceOf(db, bob)]).toEqual([100000, 100000]);
      const refunds = await db.query<{ user_id: number; amount: number; ref_id: string }>(
        "SELECT user_id, amount, ref_id FROM ledger_entries WHERE kind = 'REFUND' ORDER BY id",
      );
      expect(refunds.map((r) => [Number(r.user_id), Number(r.amount)])).toEqual([
        [alice, 3000],
        [alice, 1000],
        [bob, 5000],
      ]);
      await expectLedgerBalanced(db);
      const bets = await db.query<{ status: string; win: number; total: number }>(
        "SELECT status, win_amount_cents AS win, total_amount_cents AS total FROM bets ORDER BY id",
      );
      for (const b of bets) expect([b.status, Number(b.win)]).toEqual(["REFUNDED", Number(b.total)]);

      // Voided: betting closed, never drawn, not counted as a round waiting to be drawn.
      await expect(placeBet(db, bob, stake("Red", open.id), nowMs + 1000)).rejects.toThrow(
        "Betting is closed for this round",
      );
      expect(await settleDue(db, open.endTime + 60_000, 100, keys(NEW))).toEqual([]);
      const rounds = await db.query<{ result: number | null; voided: boolean }>(
        "SELECT result, voided_at IS NOT NULL AS voided FROM game_rounds WHERE id = ANY($1::bigint[])",
        [[ended.id, open.id]],
      );
      expect(rounds).toEqual([
        { result: null, voided: true },
        { result: null, voided: true },
      ]);
      expect((await stakesByPlayer(db, "CHIP", 0, open.endTime + 1)).unsettledRounds).toBe(0);
      expect((await stakesByPlayer(db, "CHIP", 0, open.endTime + 1)).players).toEqual([]);
      const verify = await verifyView(db, keys(NEW), (await findRound(db, open.id)) as Round, nowMs);
      expect(verify).toMatchObject({ settled: false, voided: true, seed: null });
      // The room's current round says so (the game page locks betting and tells the player why).
      const { app } = gameApp(db, () => nowMs + 1000);
      const session = await call(app, "GET", "/app/game/luckyLottery/getSession", { level: 1, coin: "CHIP" });
      expect(session.result).toMatchObject({ id: open.id, voided: true });

      // The public log says both: the two lanes' chains ended early, each round voided.
      const log = await db.query<{ body: string }>("SELECT body FROM fairness_log ORDER BY seq");
      const kinds = log
        .map((e) => JSON.parse(e.body))
        .filter((e) => e.kind === "retire" || e.kind === "void");
      expect(kinds).toMatchObject([
        { kind: "retire", coin: "CHIP", level: 1, used: 1 },
        { kind: "retire", coin: "CHIP", level: 1, used: 1 },
        { kind: "void", roundId: ended.id, reason: "SEED_UNREADABLE", refundedBets: 2 },
        { kind: "void", roundId: open.id, reason: "SEED_UNREADABLE", refundedBets: 1 },
      ]);

      const core = await startOn(db, { FAIRNESS_SEED_KEY: NEW });
      await core.close();
      // The operator's list of alarms says how the round ended.
      const alarms: string[] = [];
      await fairness?.run(["fairness", "alarms"], db, (l) => alarms.push(l));
      expect(alarms).toEqual([
        expect.stringMatching(
          new RegExp(`round ${ended.id}: SEED_UNREADABLE \\{\\} \\(voided, stakes refunded\\)$`),
        ),
      ]);
      // A second run finds nothing: no second refund.
      lines.length = 0;
      await fairness?.run(["fairness", "retire-unreadable"], db, (l) => lines.push(l));
      expect(lines).toEqual([
        "every lane's chain opens with FAIRNESS_SEED_KEY or FAIRNESS_SEED_KEY_PREVIOUS: nothing to retire",
      ]);
      expect([await balanceOf(db, alice), await balanceOf(db, bob)]).toEqual([100000, 100000]);
      await done();
    },
  );

  it.each(TEST_DATABASES)(
    "a bet racing the void is refunded or refused, never left waiting on a voided round (%s)",
    async (database) => {
      const { db, done } = await throwAwayDb(database);
      // A second into the current round: betting is open whatever the second of the minute.
      const nowMs = roundWindow(Date.now(), TIMING).startTime + 1000;
      const open = await ensureRound(db, "CHIP", 1, roundWindow(nowMs, TIMING), keys(OLD), nowMs);
      const players = await Promise.all(Array.from({ length: 30 }, () => createUser(db, { CHIP: 100_000 })));
      process.env.FAIRNESS_SEED_KEY = NEW;
      // Bets a few milliseconds apart, the void in their midst.
      const bets = Promise.allSettled(
        players.map(async (p, i) => {
          await new Promise((r) => setTimeout(r, i * 4));
          return placeBet(db, p, stake("Red", open.id), nowMs);
        }),
      );
      await new Promise((r) => setTimeout(r, 40));
      await GAME_COMMANDS.find((c) => c.name === "fairness")?.run(
        ["fairness", "retire-unreadable"],
        db,
        () => {},
      );
      const settled = await bets;
      for (const b of settled) {
        if (b.status === "rejected") expect(String(b.reason)).toContain("Betting is closed for this round");
      }
      const statuses = await db.query<{ status: string; n: number }>(
        "SELECT status, count(*)::int AS n FROM bets WHERE round_id = $1 GROUP BY status",
        [open.id],
      );
      const placed = settled.filter((b) => b.status === "fulfilled").length;
      expect(statuses).toEqual(placed ? [{ status: "REFUNDED", n: placed }] : []);
      for (const p of players) expect(await balanceOf(db, p)).toBe(100_000);
      await expectLedgerBalanced(db);
      await done();
    },
  );

  it("a round no key can draw alarms once, and however many are stuck they never hold up the draw of the others", async () => {
    const db = await memoryDb();
    const stuck = [];
    for (const minute of [0, 1, 2]) stuck.push(await ensureRound(db, "CHIP", 1, window(minute), keys(OLD)));
    const errors: unknown[] = [];
    const f = fairnessOf(
      { fairness: { ...DEV_FAIRNESS, seedKey: NEW } },
      { error: (o: unknown) => errors.push(o) },
    );
    const healthy = await ensureRound(db, "GOLD", 2, window(3), f);
    const later = T0 + 10 * 60_000;
    // Two rounds a pass: the three stuck rounds come first by time, yet the healthy one is drawn.
    for (let pass = 0; pass < 4; pass++) await settleDue(db, later, 2, f);
    const drawn = await db.query<{ result: number | null }>("SELECT result FROM game_rounds WHERE id = $1", [
      healthy.id,
    ]);
    expect(drawn[0].result).not.toBeNull();
    const alarms = await db.query<{ round_id: string }>(
      "SELECT round_id::text FROM fairness_alarms ORDER BY round_id",
    );
    expect(alarms.map((a) => a.round_id)).toEqual(stuck.map((r) => String(r.id)));
    expect(errors).toHaveLength(3);
    await db.close();
  });

  it("refuses a previous key that is not 64 hex", () => {
    expect(() => loadConfig({ FAIRNESS_SEED_KEY_PREVIOUS: `${OLD},abc` })).toThrow(
      /FAIRNESS_SEED_KEY_PREVIOUS must be 64 hex/,
    );
  });

  it("after a lost key, retire-unreadable ends the unreadable chains (audited); the lane's next round starts a new chain and the core starts", async () => {
    const db = await memoryDb();
    const lost = await ensureRound(db, "CHIP", 1, window(0), keys(OLD));
    process.env.FAIRNESS_SEED_KEY = NEW;
    const fairness = GAME_COMMANDS.find((c) => c.name === "fairness");
    const lines: string[] = [];
    await fairness?.run(["fairness", "retire-unreadable"], db, (l) => lines.push(l));
    expect(lines[0]).toMatch(/^retired chain \d+ \(CHIP room 1, lane \d\)$/);
    expect(lines.slice(-2)).toEqual([
      `voided round ${lost.id} (CHIP room 1), which no key can draw: 0 bet(s) refunded, 0 in all`,
      "the core may start now",
    ]);
    const audit = await db.query<{ action: string }>("SELECT action FROM operator_audit");
    expect(audit.map((a) => a.action)).toEqual(["fairness.chains.retire"]);

    expect(await unreadableChains(db, keys(NEW))).toEqual([]);
    // The public page: the chain ended early after the one round it gave, not "all used".
    const [retired] = await listChains(db);
    expect(retired).toMatchObject({ used: 1, length: DEV_FAIRNESS.chainLength });
    expect(retired.retiredAt).toEqual(expect.any(Number));
    const next = await ensureRound(db, "CHIP", 1, window(2), keys(NEW));
    const chains = await db.query<{ id: number }>(
      "SELECT chain_id AS id FROM game_rounds WHERE id = ANY($1::bigint[]) ORDER BY id",
      [[lost.id, next.id]],
    );
    expect(chains[1].id).not.toBe(chains[0].id);
    const core = await startOn(db, { FAIRNESS_SEED_KEY: NEW });
    await core.close();

    lines.length = 0;
    await fairness?.run(["fairness", "retire-unreadable"], db, (l) => lines.push(l));
    expect(lines).toEqual([
      "every lane's chain opens with FAIRNESS_SEED_KEY or FAIRNESS_SEED_KEY_PREVIOUS: nothing to retire",
    ]);
    await db.close();
  });
});

describe("migration 064 on a database where retire-unreadable ran before it", () => {
  it("marks the chains the audit says were retired, with their used count back to the rounds they gave", async () => {
    const { db, migrateRest } = await openDbBeforeMigration("064");
    // What the command did then: next_index past the end, and an audit row naming the chains.
    const [chain] = await db.query<{ id: number }>(
      `INSERT INTO game_chains (coin, level, lane, length, terminal_hash, top_seed_enc, next_index)
       VALUES ('CHIP', 1, 0, 10000, $1, 'sealed', 10001) RETURNING id`,
      ["ab".repeat(32)],
    );
    await db.query(
      `INSERT INTO game_rounds (id, coin, level, start_time, bet_end_time, end_time, seed, seed_hash, payout,
         scheme, chain_id, chain_index, seed_enc)
       VALUES (1, 'CHIP', 1, 0, 55000, 60000, NULL, $1, '{}', 2, $2, 3, 'sealed')`,
      ["cd".repeat(32), chain.id],
    );
    await db.query(
      "INSERT INTO operator_audit (operator, action, target) VALUES ('cli', 'fairness.chains.retire', $1)",
      [String(chain.id)],
    );
    await migrateRest();
    const [after] = await listChains(db);
    expect(after).toMatchObject({ id: chain.id, used: 3 });
    expect(after.retiredAt).toEqual(expect.any(Number));
    await db.close();
  });
});
