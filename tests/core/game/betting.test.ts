import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { setLevel } from "../../../core/src/game/levels";
import { roundIdOf } from "../../../core/src/game/rounds";
import {
  T0,
  asUser,
  balanceOf,
  call,
  clock,
  createUser,
  fileDb,
  gameApp,
  ledgerSum,
  memoryDb,
} from "./helpers";

const time = clock();
const db = await memoryDb();
const { app } = gameApp(db, time.now);
afterAll(() => db.close());
beforeEach(() => time.set(T0 + 10_000));

async function session(level = 1, coin = "CHIP") {
  const res = await call(app, "GET", "/app/game/luckyLottery/getSession", { level, coin });
  expect(res.code).toBe(200);
  return res.result;
}

function bet(sessionId: number, over: Record<string, string | number> = {}) {
  return {
    gameSessionId: sessionId,
    betName: "Red",
    baseAmount: 10,
    betMultiples: 2,
    totalBetAmount: 20,
    coin: "CHIP",
    level: 1,
    ...over,
  };
}

async function countBets(userId: number) {
  const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM bets WHERE user_id = $1", [
    userId,
  ]);
  return rows[0].n;
}

describe("levels and sessions", () => {
  it("lists the three default rooms of a coin", async () => {
    const res = await call(app, "GET", "/app/game/luckyLottery/getLevelList", { coin: "GOLD" });
    expect(res.code).toBe(200);
    expect(res.result.map((l: { level: number }) => l.level)).toEqual([1, 2, 3]);
    expect(res.result[0]).toMatchObject({
      coin: "GOLD",
      levelName: "Primary",
      chipMinLimit: 0,
      chipMaxLimit: 10_000,
      enableFlag: true,
      betBaseAmountStr: "1,10,100",
      betMultipleStr: "1,5,10,20,50,100",
    });
  });

  it("gives the running round with its commitment and server time", async () => {
    const s = await session();
    expect(s).toMatchObject({
      id: roundIdOf("CHIP", 1, T0),
      betEndTime: T0 + 55_000,
      sessionEndTime: T0 + 60_000,
      chipMinLimit: 0,
      gameLevelName: "Primary",
      gameTitle: "Colour Lottery",
      timestamp: T0 + 10_000,
    });
    expect(s.id).toBe(2026112110136000);
    expect(s.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(s.seed).toBeUndefined();
    // Same round on the next call; the next one once the clock passes the end.
    expect((await session()).id).toBe(s.id);
    time.set(T0 + 60_000);
    expect((await session()).id).toBe(s.id + 60);
  });

  it("answers an empty configuration for a disabled or unknown room", async () => {
    await setLevel(db, "POINT", 3, { enableFlag: false });
    for (const params of [
      { level: 3, coin: "POINT" },
      { level: 7, coin: "CHIP" },
    ]) {
      const res = await call(app, "GET", "/app/game/luckyLottery/getSession", params);
      expect(res.code).not.toBe(200);
      expect(res.message).toBe("The current session configuration is empty");
    }
    await setLevel(db, "POINT", 3, { enableFlag: true });
  });

  it("publishes the rules", async () => {
    const res = await call(app, "GET", "/app/game/luckyLottery/rules");
    expect(res.result.payout).toMatchObject({ serviceFeeRate: 0.02, colour: 2, violet: 4.5, number: 9 });
    expect(res.result.colours["0"]).toEqual(["Red", "Violet"]);
    expect(res.result.roundSeconds).toBe(60);
  });
});

describe("betting", () => {
  it("places a bet, debits the stake through the ledger", async () => {
    const user = await createUser(db, { CHIP: 100_000 });
    const s = await session();
    const res = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id), asUser(user));
    expect(res.code).toBe(200);
    expect(res.message).toBe("Bet placed successfully");
    expect(res.result).toMatchObject({
      gameSessionId: s.id,
      betName: "Red",
      baseAmount: 10,
      betMultiples: 2,
      totalBetAmount: 20,
      status: "WAITING",
      lotteryResult: null,
      balance: 980,
    });
    expect(await balanceOf(db, user)).toBe(98_000);
    expect(await ledgerSum(db, user)).toBe(98_000);
    const entries = await db.query<{ kind: string; ref_id: string; amount: number }>(
      "SELECT kind, ref_id, amount FROM ledger_entries WHERE user_id = $1 AND kind = 'BET'",
      [user],
    );
    expect(entries).toEqual([{ kind: "BET", ref_id: String(res.result.id), amount: -2000 }]);
  });

  it("needs a signed-in player", async () => {
    const s = await session();
    const res = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id));
    expect(res.code).toBe(401);
  });

  it("refuses every bad bet with a clear message and changes nothing", async () => {
    const user = await createUser(db, { CHIP: 50_000, GOLD: 20_000_000 });
    const s = await session();
    const gold2 = await session(2, "GOLD");
    const cases: Array<[Record<string, string | number>, RegExp]> = [
      [{ betName: "Purple" }, /Choose a bet/],
      [{ betName: "10" }, /Choose a bet/],
      [{ betMultiples: -1, totalBetAmount: -10 }, /at least 1|more than 0/],
      [{ betMultiples: 0, totalBetAmount: 0 }, /at least 1|more than 0/],
      [{ betMultiples: 1.5, totalBetAmount: 15 }, /whole number/],
      [{ betMultiples: 1_000_000, totalBetAmount: 10_000_000 }, /at most 10000/],
      [{ totalBetAmount: 25 }, /totalBetAmount must equal/],
      [{ baseAmount: 5, betMultiples: 2, totalBetAmount: 10 }, /base amount must be one of 1, 10, 100/],
      [{ baseAmount: 100, betMultiples: 6, totalBetAmount: 600 }, /Insufficient balance/],
      [{ gameSessionId: 999 }, /does not exist/],
      [{ gameSessionId: "abc" }, /gameSessionId must be a number/],
      [{ level: 2 }, /another room/],
      [{ coin: "GOLD" }, /another room/],
      // GOLD room 2 takes balances up to 100,000; this player holds 200,000 GOLD.
      [
        { gameSessionId: gold2.id, coin: "GOLD", level: 2, baseAmount: 10, totalBetAmount: 20 },
        /up to 100000/,
      ],
    ];
    for (const [over, message] of cases) {
      const res = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id, over), asUser(user));
      expect(res.code, JSON.stringify(over)).not.toBe(200);
      expect(res.message, JSON.stringify(over)).toMatch(message);
    }
    // Closed round: the last 5 s before the end.
    time.set(T0 + 55_000);
    const closed = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id), asUser(user));
    expect(closed.message).toBe("Betting is closed for this round");
    // A round that has not started yet (the next one).
    time.set(T0 + 10_000);
    const early = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id + 60), asUser(user));
    expect(early.code).not.toBe(200);

    expect(await countBets(user)).toBe(0);
    expect(await balanceOf(db, user)).toBe(50_000);
    expect(await balanceOf(db, user, "GOLD")).toBe(20_000_000);
  });

  it("uses the balance of the bet's coin, not another one", async () => {
    const user = await createUser(db, { GOLD: 1_000_000 });
    const s = await session();
    const res = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id), asUser(user));
    expect(res.message).toBe("Insufficient balance");
    expect(await balanceOf(db, user, "GOLD")).toBe(1_000_000);
    expect(await countBets(user)).toBe(0);
  });

  it("keeps players out of rooms outside their balance range", async () => {
    const poor = await createUser(db, { CHIP: 5_000 });
    const s = await session(2);
    const res = await call(
      app,
      "POST",
      "/app/game/luckyLottery/betting",
      bet(s.id, { level: 2, baseAmount: 10, betMultiples: 1, totalBetAmount: 10 }),
      asUser(poor),
    );
    expect(res.message).toMatch(/at least 100/);
    expect(await balanceOf(db, poor)).toBe(5_000);
  });

  it("takes a repeated idempotency key once", async () => {
    const user = await createUser(db, { CHIP: 100_000 });
    const s = await session();
    const headers = { ...asUser(user), "idempotency-key": "form-123" };
    const first = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id), headers);
    const second = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id), headers);
    expect(first.code).toBe(200);
    expect(second.code).toBe(200);
    expect(second.result.id).toBe(first.result.id);
    expect(await countBets(user)).toBe(1);
    expect(await balanceOf(db, user)).toBe(98_000);
  });

  it("refuses the same key with another bet (409) and still answers the same bet with the first", async () => {
    const user = await createUser(db, { CHIP: 100_000 });
    const s = await session();
    const other = await session(2);
    const headers = { ...asUser(user), "idempotency-key": "form-reused-1" };
    const first = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id), headers);
    expect(first.code).toBe(200);
    const changes: Array<Record<string, string | number>> = [
      { betName: "Green" },
      { baseAmount: 1, betMultiples: 20, totalBetAmount: 20 },
      { betMultiples: 3, totalBetAmount: 30 },
      { gameSessionId: s.id + 60 },
      { gameSessionId: other.id, level: 2 },
      { coin: "GOLD" },
      { level: 2 },
    ];
    for (const change of changes) {
      const res = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id, change), headers);
      expect(res, JSON.stringify(change)).toMatchObject({
        code: 409,
        message: "This idempotency key was already used for a different bet",
        result: { reason: "KEY_REUSED" },
      });
    }
    // The same bet again, also without the optional level: the first bet, nothing charged.
    const { level: _level, ...withoutLevel } = bet(s.id);
    for (const again of [bet(s.id), withoutLevel]) {
      const res = await call(app, "POST", "/app/game/luckyLottery/betting", again, headers);
      expect(res.code).toBe(200);
      expect(res.result.id).toBe(first.result.id);
    }
    expect(await countBets(user)).toBe(1);
    expect(await balanceOf(db, user)).toBe(98_000);
  });

  it("takes a bet with the spec's fields only: the round names the room", async () => {
    const user = await createUser(db, { CHIP: 100_000, GOLD: 10_000_000 });
    const gold2 = await session(2, "GOLD");
    const spec = {
      gameSessionId: gold2.id,
      betName: "Big",
      baseAmount: 10,
      betMultiples: 3,
      totalBetAmount: 30,
      coin: "GOLD",
    };
    const res = await call(app, "POST", "/app/game/luckyLottery/betting", spec, asUser(user));
    expect(res.code, res.message).toBe(200);
    expect(res.result).toMatchObject({ gameSessionId: gold2.id, coin: "GOLD", level: 2, totalBetAmount: 30 });
    // A blank level (a form field left empty) is no level.
    const blank = await call(
      app,
      "POST",
      "/app/game/luckyLottery/betting",
      { ...spec, level: "" },
      asUser(user),
    );
    expect(blank.code, blank.message).toBe(200);
    expect(await balanceOf(db, user, "GOLD")).toBe(10_000_000 - 6_000);
  });

  it("takes money only as plain decimals with two places at most, and the multiple as digits", async () => {
    const user = await createUser(db, { CHIP: 100_000 });
    const s = await session();
    const cases: Array<[Record<string, string>, string]> = [
      [{ baseAmount: "0x0A", totalBetAmount: "20" }, "Enter an amount such as 10 or 10.50"],
      [{ baseAmount: "1e1", totalBetAmount: "20" }, "Enter an amount such as 10 or 10.50"],
      [{ baseAmount: "+10", totalBetAmount: "20" }, "Enter an amount such as 10 or 10.50"],
      [{ baseAmount: " 10", totalBetAmount: "20" }, "Enter an amount such as 10 or 10.50"],
      [{ baseAmount: "Infinity", totalBetAmount: "20" }, "Enter an amount such as 10 or 10.50"],
      [{ baseAmount: "0.999999999", betMultiples: "1", totalBetAmount: "1" }, "At most two decimals"],
      [{ baseAmount: "10", totalBetAmount: "0x14" }, "Enter an amount such as 10 or 10.50"],
      [{ baseAmount: "10", totalBetAmount: "19.999999999" }, "At most two decimals"],
      [{ baseAmount: "-10", totalBetAmount: "-20" }, "The amount must be more than 0"],
      [{ betMultiples: "0x2" }, "The multiple must be a whole number"],
      [{ betMultiples: "2e0" }, "The multiple must be a whole number"],
      [{ betMultiples: "2.0" }, "The multiple must be a whole number"],
      [{ betMultiples: " 2" }, "The multiple must be a whole number"],
      [{ level: "0x1" }, "level must be a whole number from 1 to 99"],
    ];
    for (const [over, message] of cases) {
      const res = await call(app, "POST", "/app/game/luckyLottery/betting", bet(s.id, over), asUser(user));
      expect(res, JSON.stringify(over)).toMatchObject({ code: 400, message });
    }
    expect(await countBets(user)).toBe(0);
    expect(await balanceOf(db, user)).toBe(100_000);
  });

  it("lets exactly as many concurrent bets through as the balance covers", async () => {
    const user = await createUser(db, { CHIP: 10_000 }); // 100.00 covers ten bets of 10.00
    const s = await session();
    const results = await Promise.all(
      Array.from({ length: 100 }, () =>
        call(
          app,
          "POST",
          "/app/game/luckyLottery/betting",
          bet(s.id, { betMultiples: 1, totalBetAmount: 10 }),
          asUser(user),
        ),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(10);
    expect(results.filter((r) => r.message === "Insufficient balance")).toHaveLength(90);
    expect(await countBets(user)).toBe(10);
    expect(await balanceOf(db, user)).toBe(0);
    expect(await ledgerSum(db, user)).toBe(0);
  });
});
