import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callPlaceBet } from "../../../core/src/game/bet-batches";
import { placeBet } from "../../../core/src/game/bets";
import { ensureRound, roundWindow } from "../../../core/src/game/rounds";
import type { Db } from "../../../core/src/platform/db";
import { expectLedgerBalanced } from "../../support/core";
import { T0, TIMING, balanceOf, createUser, memoryDb, stake } from "./helpers";

/** Bets that arrive together on PGlite share one statement (core/src/game/bet-batches.ts). */
describe("bets batched on PGlite", () => {
  let db: Db;
  let statements: string[];
  let roundId: number;

  beforeAll(async () => {
    const real = await memoryDb();
    statements = [];
    // The same database, counting the statements that place bets.
    db = {
      ...real,
      kind: real.kind,
      query: (text, params) => {
        if (text.includes("game_place_bet")) statements.push(text);
        return real.query(text, params);
      },
      tx: (fn) => real.tx(fn),
      close: () => real.close(),
    };
    roundId = (await ensureRound(db, "CHIP", 1, roundWindow(T0, TIMING))).id;
  });
  afterAll(async () => {
    await expectLedgerBalanced(db);
    await db.close();
  });

  it("places bets that arrive together in fewer statements, each with its own answer", async () => {
    const rich = await createUser(db, { CHIP: 100_000 });
    const poor = await createUser(db, { CHIP: 3_000 }); // 30.00: three bets of 10.00
    statements.length = 0;
    const results = await Promise.allSettled([
      ...Array.from({ length: 20 }, (_, i) =>
        placeBet(db, rich, stake("Red", roundId), T0 + 1_000, `r-${i}`),
      ),
      ...Array.from({ length: 5 }, () => placeBet(db, poor, stake("Green", roundId), T0 + 1_000)),
      // The same key twice: one bet, the second answered with the first.
      placeBet(db, rich, stake("Violet", roundId), T0 + 1_000, "twice"),
      placeBet(db, rich, stake("Violet", roundId), T0 + 1_000, "twice"),
      // The same key for another bet: refused.
      placeBet(db, rich, stake("Big", roundId), T0 + 1_000, "twice"),
      // A closed round: refused, the others unaffected.
      placeBet(db, rich, stake("Red", roundId), T0 + 59_000),
    ]);
    expect(statements.length).toBeLessThan(results.length / 2);

    const [richBets, poorBets, rest] = [results.slice(0, 20), results.slice(20, 25), results.slice(25)];
    expect(richBets.every((r) => r.status === "fulfilled")).toBe(true);
    expect(poorBets.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(
      poorBets.filter((r) => r.status === "rejected" && String(r.reason.message) === "Insufficient balance"),
    ).toHaveLength(2);
    const [first, second, reused, closed] = rest;
    if (first.status !== "fulfilled" || second.status !== "fulfilled")
      throw new Error("repeated key refused");
    expect(second.value.repeated).toBe(true);
    expect(second.value.bet.id).toBe(first.value.bet.id);
    expect(reused.status === "rejected" && reused.reason.message).toMatch(/already used/);
    expect(closed.status === "rejected" && closed.reason.message).toBe("Betting is closed for this round");

    expect(await balanceOf(db, rich)).toBe(100_000 - 21 * 1_000);
    expect(await balanceOf(db, poor)).toBe(0);
  });

  it("runs each bet alone when the shared statement fails, so a bad bet fails only itself", async () => {
    const user = await createUser(db, { CHIP: 10_000 });
    const call = (level: number | null) => ({
      userId: user,
      roundId,
      coin: "CHIP",
      level,
      betName: "Red",
      baseCents: 1_000,
      multiple: 1,
      totalCents: 1_000,
      key: null,
      nowMs: T0 + 1_000,
    });
    // A level beyond integer range fails the whole shared statement, then its own one only.
    const results = await Promise.allSettled([
      callPlaceBet(db, call(null)),
      callPlaceBet(db, call(null)),
      callPlaceBet(db, call(2 ** 40)),
      callPlaceBet(db, call(1)),
    ]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value?.o_status : "error"))).toEqual([
      "OK",
      "OK",
      "error",
      "OK",
    ]);
    expect(await balanceOf(db, user)).toBe(7_000);
  });
});
