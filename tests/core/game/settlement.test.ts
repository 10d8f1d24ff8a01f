import pino from "pino";
import { describe, expect, it } from "vitest";
import { checkRound, proofInputOf } from "#contract/fairness-proof";
import { BET_NAMES, type BetName } from "#contract/game";
import { placeBet } from "../../../core/src/game/bets";
import { verifyRound } from "../../../core/src/game/fairness";
import { deriveDigitSync, newSeed, seedHashSync } from "../../../core/src/game/fairness-node";
import { DEFAULT_PAYOUT_TABLE, winAmountCents } from "../../../core/src/game/payout";
import { ensureRound, roundIdOf, roundWindow } from "../../../core/src/game/rounds";
import { startGameScheduler } from "../../../core/src/game/scheduler";
import { setPayoutTable } from "../../../core/src/game/settings";
import { settleDue, settleRound } from "../../../core/src/game/settle";
import {
  T0,
  TIMING,
  asUser,
  balanceOf,
  call,
  clock,
  createUser,
  expectedDigit,
  fileDb,
  gameApp,
  ledgerSum,
  memoryDb,
  stake,
} from "./helpers";

const db = await fileDb();

async function betsOfRound(roundId: number) {
  return db.query<{
    id: number;
    user_id: number;
    bet_name: BetName;
    total_amount_cents: number;
    status: string;
    win_amount_cents: number;
  }>(
    "SELECT id, user_id, bet_name, total_amount_cents, status, win_amount_cents FROM bets WHERE round_id = $1 ORDER BY id",
    [roundId],
  );
}

describe("settlement", () => {
  it("settles a round once: digit from the seed, every bet paid by the table, ledger = balance", async () => {
    const start = T0 + 3_600_000;
    const round = await ensureRound(db, "CHIP", 1, roundWindow(start, TIMING));
    const users = await Promise.all([1, 2, 3].map(() => createUser(db, { CHIP: 1_000_000 })));
    // Every user bets on every name, some twice, so that one user has several wins in one round.
    for (const user of users) {
      for (const name of BET_NAMES)
        await placeBet(db, user, stake(name, round.id, 1 + (user % 3)), start + 1000);
      await placeBet(db, user, stake("Big", round.id, 7), start + 2000);
    }
    expect(await settleRound(db, round.id, start + 59_000)).toBeNull(); // not ended yet

    const first = await settleRound(db, round.id, start + 60_000);
    const digit = await expectedDigit(db, round);
    expect(first).toMatchObject({ roundId: round.id, result: digit, bets: 3 * 16 });
    expect(await settleRound(db, round.id, start + 60_000)).toBeNull();
    expect(await settleDue(db, start + 120_000)).toEqual([]);

    for (const b of await betsOfRound(round.id)) {
      const expected = winAmountCents(b.total_amount_cents, b.bet_name, digit);
      expect(b.win_amount_cents).toBe(expected);
      expect(b.status).toBe(expected > 0 ? "WIN" : "LOSE");
    }
    for (const user of users) {
      expect(await ledgerSum(db, user)).toBe(await balanceOf(db, user));
      const wins = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = $1 AND kind = 'WIN'",
        [user],
      );
      const winningBets = (await betsOfRound(round.id)).filter(
        (b) => b.user_id === user && b.status === "WIN",
      );
      expect(wins[0].n).toBe(winningBets.length);
    }
    // The ledger's running balance_after is consistent per user.
    const bad = await db.query(
      `SELECT id FROM (SELECT id, balance_after, sum(amount) OVER (PARTITION BY user_id, coin ORDER BY id) AS s
       FROM ledger_entries) x WHERE balance_after <> s`,
    );
    expect(bad).toEqual([]);
    expect(first!.paidCents).toBe(
      (await betsOfRound(round.id)).reduce((sum, b) => sum + b.win_amount_cents, 0),
    );
  });

  it("settles exactly once when settlements race", async () => {
    const start = T0 + 7_200_000;
    const round = await ensureRound(db, "CHIP", 1, roundWindow(start, TIMING));
    const user = await createUser(db, { CHIP: 1_000_000 });
    for (const name of BET_NAMES) await placeBet(db, user, stake(name, round.id), start + 1000);
    const results = await Promise.all([1, 2, 3, 4].map(() => settleRound(db, round.id, start + 60_000)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await ledgerSum(db, user)).toBe(await balanceOf(db, user));
  });

  it("refuses a second payment even if a bet were reset by hand (ledger unique index)", async () => {
    const start = T0 + 10_800_000;
    const round = await ensureRound(db, "CHIP", 2, roundWindow(start, TIMING));
    const user = await createUser(db, { CHIP: 1_000_000 });
    for (const name of BET_NAMES)
      await placeBet(db, user, { ...stake(name, round.id), level: 2 }, start + 1000);
    await settleRound(db, round.id, start + 60_000);
    const before = await balanceOf(db, user);
    // The round's guard (migration 045) refuses to reset a drawn result; by hand, with it off:
    await expect(
      db.query("UPDATE game_rounds SET result = NULL WHERE id = $1", [round.id]),
    ).rejects.toThrow();
    await db.query("ALTER TABLE game_rounds DISABLE TRIGGER game_rounds_guard");
    await db.query("UPDATE game_rounds SET result = NULL WHERE id = $1", [round.id]);
    await db.query("ALTER TABLE game_rounds ENABLE TRIGGER game_rounds_guard");
    await db.query("UPDATE bets SET status = 'WAITING' WHERE round_id = $1", [round.id]);
    await expect(settleRound(db, round.id, start + 60_000)).rejects.toThrow();
    expect(await balanceOf(db, user)).toBe(before);
  });

  it("pays open rounds by the table they were created with", async () => {
    const start = T0 + 14_400_000;
    const round = await ensureRound(db, "GOLD", 1, roundWindow(start, TIMING));
    await setPayoutTable(db, { number: 5 });
    try {
      const user = await createUser(db, { GOLD: 1_000_000 });
      const digit = await expectedDigit(db, round);
      await placeBet(db, user, { ...stake(String(digit) as BetName, round.id), coin: "GOLD" }, start + 1);
      await settleRound(db, round.id, start + 60_000);
      expect((await betsOfRound(round.id))[0].win_amount_cents).toBe(8_820); // 10 x 0.98 x 9
    } finally {
      await setPayoutTable(db, { number: 9 });
    }
  });
});

describe("fairness of settled rounds", () => {
  it("recomputes 1,000 settled rounds from their revealed seeds", { timeout: 180_000 }, async () => {
    const start = Date.UTC(2026, 0, 1);
    // Created in one statement (as ensureRound would, one by one): random seed, its SHA-256.
    const windows = Array.from({ length: 1000 }, (_, i) => roundWindow(start + i * 60_000, TIMING));
    const seeds = windows.map(() => newSeed());
    await db.query(
      `INSERT INTO game_rounds (id, coin, level, start_time, bet_end_time, end_time, seed, seed_hash, payout)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::int[], $4::bigint[], $5::bigint[], $6::bigint[],
         $7::text[], $8::text[], $9::jsonb[])`,
      [
        windows.map((w) => roundIdOf("POINT", 2, w.startTime)),
        windows.map(() => "POINT"),
        windows.map(() => 2),
        windows.map((w) => w.startTime),
        windows.map((w) => w.betEndTime),
        windows.map((w) => w.endTime),
        seeds,
        seeds.map(seedHashSync),
        windows.map(() => JSON.stringify(DEFAULT_PAYOUT_TABLE)),
      ],
    );
    const settled = await settleDue(db, start + 1000 * 60_000, 2000);
    expect(settled.length).toBeGreaterThanOrEqual(1000);

    const { app } = gameApp(db, () => start + 1001 * 60_000);
    let checked = 0;
    for (let pageNo = 1; checked < 1000; pageNo++) {
      const page = await call(app, "GET", "/app/game/luckyLottery/sessionResultPage", {
        pageNo,
        pageSize: 100,
        level: 2,
        coin: "POINT",
      });
      expect(page.code).toBe(200);
      expect(page.result.totalElements).toBe(1000);
      if (pageNo === 1) expect(page.result.content[0].sessionEndTime).toBe(start + 1000 * 60_000);
      for (const row of page.result.content) {
        expect((await verifyRound(row)).ok, `round ${row.id}`).toBe(true);
        checked++;
      }
    }
    expect(checked).toBe(1000);
  });
});

describe("scheduler", () => {
  it("commits upcoming rounds, settles ended ones, and catches up after downtime", async () => {
    const fresh = await memoryDb();
    try {
      const time = clock(T0 + 30_000);
      const deps = { db: fresh, log: pino({ level: "silent" }), now: time.now };
      const scheduler = startGameScheduler(deps, TIMING, { autostart: false });
      await scheduler.tick();
      const rounds = await fresh.query<{ n: number }>("SELECT count(*)::int AS n FROM game_rounds");
      expect(rounds[0].n).toBe(18); // 9 rooms x (current + next)

      const { app } = gameApp(fresh, time.now);
      const user = await createUser(fresh, { CHIP: 100_000 });
      const s = (await call(app, "GET", "/app/game/luckyLottery/getSession", { level: 1, coin: "CHIP" }))
        .result;
      const placed = await call(
        app,
        "POST",
        "/app/game/luckyLottery/betting",
        { ...stake("Green", s.id), level: 1 },
        asUser(user),
      );
      expect(placed.code).toBe(200);
      await scheduler.stop();

      // The core is down for ten minutes; a new process starts and settles the missed round.
      time.advance(600_000);
      const restarted = startGameScheduler(deps, TIMING, { autostart: false });
      await restarted.tick();
      await restarted.stop();
      const unsettled = await fresh.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM game_rounds WHERE result IS NULL AND end_time <= $1",
        [time.now()],
      );
      expect(unsettled[0].n).toBe(0);

      const records = await call(
        app,
        "GET",
        "/app/game/luckyLottery/userLotteryRecordPage",
        { pageNo: 1, pageSize: 20, coin: "CHIP" },
        asUser(user),
      );
      const record = records.result.content[0];
      expect(record.gameSessionId).toBe(s.id);
      expect(["WIN", "LOSE"]).toContain(record.status);
      expect(record.lotteryResult).toMatch(/^\d$/);
      expect(await ledgerSum(fresh, user)).toBe(await balanceOf(fresh, user));

      const verify = await call(app, "GET", "/app/game/luckyLottery/verify", { sessionId: s.id });
      expect(verify.result).toMatchObject({ id: s.id, seedHash: s.seedHash, settled: true });
      expect(checkRound(proofInputOf(verify.result)).ok).toBe(true);

      const history = await call(
        app,
        "GET",
        "/app/user/betRecord/page",
        { pageNo: 1, pageSize: 10, status: record.status },
        asUser(user),
      );
      expect(history.result.totalElements).toBe(1);
      const wins = await call(app, "GET", "/app/user/betRecord/winPage", { pageNo: 1, pageSize: 10 });
      expect(wins.code).toBe(200);
      expect(wins.result.totalElements).toBe(record.status === "WIN" ? 1 : 0);
      if (record.status === "WIN") expect(wins.result.content[0].phone).toMatch(/\*\*\*\*\d{4}$/);
    } finally {
      await fresh.close();
    }
  });

  it("keeps the seed secret until the round is settled", async () => {
    const time = clock(T0 + 86_400_000 + 1000);
    const { app } = gameApp(db, time.now);
    const s = (await call(app, "GET", "/app/game/luckyLottery/getSession", { level: 3, coin: "CHIP" }))
      .result;
    const before = await call(app, "GET", "/app/game/luckyLottery/verify", { sessionId: s.id });
    expect(before.result).toMatchObject({
      seed: null,
      lotteryResult: null,
      settled: false,
      seedHash: s.seedHash,
    });
    const page = await call(app, "GET", "/app/game/luckyLottery/sessionResultPage", {
      level: 3,
      coin: "CHIP",
    });
    expect(page.result.content.find((r: { id: number }) => r.id === s.id)).toBeUndefined();
  });
});
