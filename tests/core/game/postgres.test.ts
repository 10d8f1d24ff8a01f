/**
 * The game on real PostgreSQL with two independent pools, as two core processes would run it, on
 * a throw-away database of the server at TEST_DATABASE_ADMIN_URL (tests/support/core.ts). Runs
 * when CORE_TEST_DATABASES includes postgres (the default), like the other core tests.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BET_NAMES, type BetName } from "#contract/game";
import { placeBet } from "../../../core/src/game/bets";
import { ensureRound, ensureUpcomingRounds, roundWindow } from "../../../core/src/game/rounds";
import { settleDue } from "../../../core/src/game/settle";
import { type Db, openDb } from "../../../core/src/platform/db";
import { migrate } from "../../../core/src/platform/migrate";
import { TEST_DATABASES, createPostgresDatabase } from "../../support/core";
import { MIGRATIONS, T0, TIMING, balanceOf, createUser, ledgerSum, stake } from "./helpers";

let a: Db;
let b: Db;
let drop: () => Promise<void>;

describe.skipIf(!TEST_DATABASES.includes("postgres"))("game on PostgreSQL, two pools", () => {
  beforeAll(async () => {
    const database = await createPostgresDatabase();
    a = database.db;
    b = await openDb({ databaseUrl: database.url });
    drop = database.drop;
    await Promise.all([migrate(a, MIGRATIONS), migrate(b, MIGRATIONS)]);
  });
  afterAll(async () => {
    await b?.close();
    await drop?.();
  });

  it("creates rounds from both processes without conflict", async () => {
    await Promise.all([ensureUpcomingRounds(a, T0, TIMING), ensureUpcomingRounds(b, T0, TIMING)]);
    const rows = await a.query<{ n: number }>("SELECT count(*)::int AS n FROM game_rounds");
    expect(rows[0].n).toBe(18);
  });

  it("lets exactly 10 of 100 simultaneous bets through a balance covering 10", async () => {
    const round = await ensureRound(a, "CHIP", 1, roundWindow(T0, TIMING));
    const user = await createUser(a, { CHIP: 10_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) => placeBet(i % 2 ? a : b, user, stake("Red", round.id), T0 + 1000)),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
    for (const r of results) {
      if (r.status === "rejected") expect(String(r.reason.message)).toBe("Insufficient balance");
    }
    expect(await balanceOf(a, user)).toBe(0);
    expect(await ledgerSum(a, user)).toBe(0);
  });

  it("places one bet for one idempotency key, even when the retries race", async () => {
    const round = await ensureRound(a, "CHIP", 1, roundWindow(T0, TIMING));
    const user = await createUser(a, { CHIP: 100_000 });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        placeBet(i % 2 ? a : b, user, stake("Green", round.id), T0 + 1000, "k-1"),
      ),
    );
    expect(new Set(results.map((r) => r.bet.id)).size).toBe(1);
    const bets = await a.query<{ n: number }>("SELECT count(*)::int AS n FROM bets WHERE user_id = $1", [
      user,
    ]);
    expect(bets[0].n).toBe(1);
    expect(await balanceOf(a, user)).toBe(99_000);
  });

  it("one key raced by different bets: one bet placed, the same bet answered, the others refused (409)", async () => {
    const round = await ensureRound(a, "CHIP", 1, roundWindow(T0, TIMING));
    const user = await createUser(a, { CHIP: 100_000 });
    const asks = Array.from({ length: 12 }, (_, i) =>
      stake(i % 3 === 0 ? "Red" : "Green", round.id, 1 + (i % 2)),
    );
    const results = await Promise.allSettled(
      asks.map((ask, i) => placeBet(i % 2 ? a : b, user, ask, T0 + 1000, "k-race-mixed")),
    );
    const placed = await a.query<{ bet_name: string; bet_multiples: number; id: number }>(
      "SELECT id, bet_name, bet_multiples FROM bets WHERE user_id = $1",
      [user],
    );
    expect(placed).toHaveLength(1);
    const [winner] = placed;
    results.forEach((result, i) => {
      const same = asks[i].betName === winner.bet_name && asks[i].betMultiples === winner.bet_multiples;
      if (same) {
        expect(result.status, `ask ${i}`).toBe("fulfilled");
        if (result.status === "fulfilled") expect(result.value.bet.id).toBe(Number(winner.id));
      } else {
        expect(result.status, `ask ${i}`).toBe("rejected");
        if (result.status === "rejected") {
          expect(result.reason).toMatchObject({
            code: 409,
            message: "This idempotency key was already used for a different bet",
          });
        }
      }
    });
    expect(await balanceOf(a, user)).toBe(100_000 - 1000 * winner.bet_multiples);
    expect(await ledgerSum(a, user)).toBe(100_000 - 1000 * winner.bet_multiples);
  });

  it("settles every round exactly once with two processes settling at the same time", async () => {
    const start = T0 + 3_600_000;
    const users = await Promise.all(Array.from({ length: 10 }, () => createUser(a, { CHIP: 900_000 })));
    const rounds = [];
    for (let i = 0; i < 6; i++)
      rounds.push(await ensureRound(a, "CHIP", 1, roundWindow(start + i * 60_000, TIMING)));
    await Promise.all(
      rounds.flatMap((round, r) =>
        users.map(async (user, u) => {
          for (const name of BET_NAMES) {
            await placeBet(
              (u + r) % 2 ? a : b,
              user,
              stake(name, round.id, 1 + ((u + r) % 4)),
              round.startTime + 100,
            );
          }
        }),
      ),
    );
    const end = start + 6 * 60_000;
    const [fromA, fromB] = await Promise.all([settleDue(a, end), settleDue(b, end)]);
    // A round skipped by one process (locked by the other) is settled by the other.
    const settledIds = [...fromA, ...fromB].map((s) => s.roundId);
    expect(new Set(settledIds).size).toBe(settledIds.length);
    for (const round of rounds) expect(settledIds).toContain(round.id);

    const check = await a.query<{ bets: number; entries: number; waiting: number }>(
      `SELECT (SELECT count(*)::int FROM bets WHERE status = 'WIN' AND win_amount_cents > 0) AS bets,
              (SELECT count(*)::int FROM ledger_entries WHERE kind = 'WIN') AS entries,
              (SELECT count(*)::int FROM bets WHERE status = 'WAITING'
                 AND round_id IN (SELECT id FROM game_rounds WHERE end_time <= $1)) AS waiting`,
      [end],
    );
    expect(check[0].entries).toBe(check[0].bets);
    expect(check[0].waiting).toBe(0);
    for (const user of users) expect(await ledgerSum(a, user)).toBe(await balanceOf(a, user));
    expect(await settleDue(b, end)).toEqual([]);
  });
});
