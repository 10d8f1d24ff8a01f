/**
 * Issue 6 point 14, the core's side: a round carries its payout table (the bet sheet shows what a
 * bet pays from it), and a refused bet says why in the answer's result, with the amounts, so
 * that a client can write the message in its player's language with formatted amounts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { betRefusalSchema, gameSessionSchema } from "#contract/game";
import { possibleWinsCents } from "#contract/payout";
import { DEFAULT_PAYOUT_TABLE, winAmountCents } from "../../../core/src/game/payout";
import { setPayoutTable } from "../../../core/src/game/settings";
import { type TestCore, call, registerPlayer, startTestCore } from "../../support/core";

let core: TestCore;
let token: string;
beforeAll(async () => {
  core = await startTestCore({ seed: false, config: { roundSeconds: 60, betCloseSeconds: 5 } });
  // 500.00 chips: enough for level 2 (from 100), not for level 3 (from 1,000).
  const player = await registerPlayer(core, { balances: { CHIP: 50_000 } });
  token = player.token;
  const now = core.deps.now();
  core.advance(60_000 - (now % 60_000) + 1_000);
});
afterAll(() => core?.close());

async function session(level: number) {
  const res = await call<unknown>(core, "/app/game/luckyLottery/getSession", {
    method: "GET",
    params: { level, coin: "CHIP" },
  });
  expect(res.code).toBe(200);
  return gameSessionSchema.parse(res.result);
}

async function bet(fields: Record<string, string | number>) {
  const res = await call<unknown>(core, "/app/game/luckyLottery/betting", {
    token,
    params: { betName: "Red", betMultiples: 1, coin: "CHIP", ...fields },
  });
  return { ...res, why: res.code === 200 ? null : betRefusalSchema.parse(res.result) };
}

describe("a round's payout table", () => {
  it("comes with the round, and is the one settlement pays from", async () => {
    const round = await session(1);
    expect(round.payout).toEqual(DEFAULT_PAYOUT_TABLE);
    // What the sheet would promise for every bet and stake is what settlement pays.
    for (const betName of ["Red", "Green", "Violet", "Big", "Small", "0", "5", "9"] as const) {
      for (const stake of [100, 1_000, 12_300]) {
        const wins = possibleWinsCents(stake, betName, round.payout ?? DEFAULT_PAYOUT_TABLE);
        for (const { cents, digits } of wins)
          for (const digit of digits) expect(winAmountCents(stake, betName, digit)).toBe(cents);
      }
    }
    expect(possibleWinsCents(100, "Red", DEFAULT_PAYOUT_TABLE)).toEqual([
      { cents: 196, digits: [2, 4, 6, 8] },
      { cents: 147, digits: [0] },
    ]);
  });

  it("stays the round's own when the operator changes the table for later rounds", async () => {
    const before = await session(1);
    await setPayoutTable(core.deps.db, { violet: 4 });
    expect((await session(1)).payout?.violet).toBe(before.payout?.violet);
    await setPayoutTable(core.deps.db, { violet: DEFAULT_PAYOUT_TABLE.violet });
  });
});

describe("a refused bet says why, with the amounts", () => {
  it("a stake above the balance: the stake and the balance", async () => {
    const round = await session(1);
    const res = await bet({
      gameSessionId: round.id,
      level: 1,
      baseAmount: 100,
      betMultiples: 6,
      totalBetAmount: 600,
    });
    expect(res).toMatchObject({ code: 400, message: "Insufficient balance" });
    expect(res.why).toEqual({ reason: "INSUFFICIENT", amount: 600, balance: 500 });
  });

  it("a balance below the room's minimum: the minimum", async () => {
    const round = await session(3);
    const res = await bet({ gameSessionId: round.id, level: 3, baseAmount: 100, totalBetAmount: 100 });
    expect(res.why).toEqual({ reason: "BELOW_ROOM", amount: 1000 });
  });

  it("an amount outside the room's list: the list", async () => {
    const round = await session(1);
    const res = await bet({ gameSessionId: round.id, level: 1, baseAmount: 5, totalBetAmount: 5 });
    expect(res.why).toEqual({ reason: "BAD_BASE", amounts: [1, 10, 100] });
  });

  it("a round that does not exist, of another room, or closed: the reason", async () => {
    const one = await session(1);
    expect((await bet({ gameSessionId: 1, baseAmount: 1, totalBetAmount: 1 })).why).toEqual({
      reason: "NO_ROUND",
    });
    const other = await bet({ gameSessionId: one.id, level: 2, baseAmount: 10, totalBetAmount: 10 });
    expect(other.why).toEqual({ reason: "OTHER_ROOM" });
    core.advance(one.betEndTime - core.deps.now() + 1);
    const late = await bet({ gameSessionId: one.id, baseAmount: 1, totalBetAmount: 1 });
    expect(late.why).toEqual({ reason: "CLOSED" });
  });
});
