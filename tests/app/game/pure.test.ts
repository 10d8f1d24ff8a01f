import { execFileSync } from "node:child_process";
import { createHash, createHmac } from "node:crypto";
import { noRoomFits } from "~/components/game/NoRoomFits";
import {
  betFormReducer,
  initialBetForm,
  parseMultiple,
  splitAmounts,
  totalBetAmount,
} from "~/components/game/bet-form";
import { betFormSchema } from "~/components/game/bet-schema";
import {
  BET_NAMES,
  BET_TEXT_COLOUR,
  DIGIT_PALETTE,
  NAMED_BET_COLOURS,
  betColour,
  betWins,
  contrastRatio,
  digitColours,
  parseDigit,
} from "~/components/game/bets";
import { digitCounts, payoutTable, previousDraw, recordStatus, trendPoints } from "~/components/game/results";
import {
  digitFromSeed,
  seedHashOf,
  verifyCommand,
  verifyRound,
} from "~/routes/pages.game.verify/game-fairness.server";
import {
  clockSkew,
  formatSeconds,
  msToNextTick,
  refreshAfterSeconds,
  remaining,
  remainingAtServer,
  secondsLeft,
} from "~/utils/countdown";

describe("countdown", () => {
  const serverNow = 1_700_000_000_000;
  const clock = { serverNow, betEndTime: serverNow + 25_000, sessionEndTime: serverNow + 30_000 };

  test("the server's view needs no client clock", () => {
    expect(remainingAtServer(clock)).toEqual({ bet: 25, round: 30 });
  });

  test("a phone clock 1 h fast or 7 s slow reads the same remaining time", () => {
    for (const offset of [3_600_000, -7_000, 0]) {
      const receivedAt = serverNow + offset;
      const skew = clockSkew(serverNow, receivedAt);
      expect(remaining(clock, receivedAt, skew)).toEqual({ bet: 25, round: 30 });
      expect(remaining(clock, receivedAt + 10_500, skew)).toEqual({ bet: 15, round: 20 });
    }
  });

  test("seconds left round up and stop at 0", () => {
    expect(secondsLeft(1000, 0, 0)).toBe(1);
    expect(secondsLeft(1001, 0, 0)).toBe(2);
    expect(secondsLeft(1000, 1000, 0)).toBe(0);
    expect(secondsLeft(1000, 5000, 0)).toBe(0);
    expect(remaining(clock, serverNow + 60_000, 0)).toEqual({ bet: 0, round: 0 });
  });

  test("ticks land on second boundaries", () => {
    expect(msToNextTick(10_000, 0, 0)).toBe(1000);
    expect(msToNextTick(10_250, 0, 0)).toBe(250);
    expect(msToNextTick(10_250, 0, 100)).toBe(150);
    expect(msToNextTick(10_000, 20_000, 0)).toBe(1000);
  });

  test("shows m:ss and refreshes a second after the round ends", () => {
    expect(formatSeconds(0)).toBe("0:00");
    expect(formatSeconds(59)).toBe("0:59");
    expect(formatSeconds(125)).toBe("2:05");
    expect(refreshAfterSeconds(clock)).toBe(31);
    expect(refreshAfterSeconds({ ...clock, sessionEndTime: serverNow - 5 })).toBe(1);
  });
});

describe("bet colours", () => {
  test("every bet has a colour with at least 4.5:1 contrast for its label", () => {
    for (const name of BET_NAMES) {
      expect(contrastRatio(betColour(name), BET_TEXT_COLOUR), name).toBeGreaterThanOrEqual(4.5);
    }
  });
  test("the ten digits have ten different colours, distinct from the named bets", () => {
    expect(new Set(DIGIT_PALETTE).size).toBe(10);
    for (const c of Object.values(NAMED_BET_COLOURS)) expect(DIGIT_PALETTE).not.toContain(c);
  });
  test("each digit's colours, and which bets it wins", () => {
    expect(digitColours(0)).toEqual(["Red", "Violet"]);
    expect(digitColours(5)).toEqual(["Green", "Violet"]);
    expect(digitColours(7)).toEqual(["Green"]);
    expect(digitColours(4)).toEqual(["Red"]);
    expect(betWins("Big", 5)).toBe(true);
    expect(betWins("Small", 4)).toBe(true);
    expect(betWins("Violet", 0)).toBe(true);
    expect(betWins("Violet", 1)).toBe(false);
    expect(betWins("3", 3)).toBe(true);
    expect(parseDigit("7")).toBe(7);
    expect(parseDigit(10)).toBeNull();
    expect(parseDigit(null)).toBeNull();
  });
});

describe("bet form", () => {
  test("amount lists drop blanks, zero, negatives and words", () => {
    expect(splitAmounts("1,10, 100")).toEqual([1, 10, 100]);
    expect(splitAmounts(" , x,0,-1,5")).toEqual([5]);
    expect(splitAmounts(undefined)).toEqual([]);
  });

  test("the bet form chooses, steps the multiple (never below 0), keeps typed digits only (at most 10,000) and resets", () => {
    let s = initialBetForm([10, 100]);
    expect(s).toEqual({ betName: null, baseAmount: 10, multiple: 1 });
    s = betFormReducer(s, { type: "choose", betName: "Red" });
    s = betFormReducer(s, { type: "decrement" });
    s = betFormReducer(s, { type: "decrement" });
    expect(s.multiple).toBe(0);
    s = betFormReducer(s, { type: "increment" });
    s = betFormReducer(s, { type: "increment" });
    expect(s.multiple).toBe(2);
    s = betFormReducer(s, { type: "setMultiple", value: "-12a" });
    expect(s.multiple).toBe(12);
    s = betFormReducer(s, { type: "base", baseAmount: 100 });
    expect(totalBetAmount(s.baseAmount, s.multiple)).toBe(1200);
    s = betFormReducer(s, { type: "reset", baseAmounts: [10, 100] });
    expect(s).toEqual({ betName: null, baseAmount: 10, multiple: 1 });
    expect(parseMultiple("")).toBe(0);
    expect(parseMultiple("99999999")).toBe(10_000);
  });

  test("totals are exact to the cent", () => {
    expect(totalBetAmount(0.1, 3)).toBe(0.3);
    expect(totalBetAmount(1.15, 7)).toBe(8.05);
  });

  const good = {
    gameSessionId: "42",
    betName: "Violet",
    baseAmount: "10",
    betMultiples: "3",
    coin: "CHIP",
    level: "1",
  };
  test("the bet schema computes the total from amount × multiple", () => {
    expect(betFormSchema.parse(good)).toMatchObject({
      gameSessionId: 42,
      totalBetAmount: 30,
      betMultiples: 3,
    });
    expect(betFormSchema.parse({ ...good, totalBetAmount: "30.00" }).totalBetAmount).toBe(30);
  });
  test("the schema refuses a wrong total, 0 multiple, unknown bet, bad coin", () => {
    const issue = (input: object) => betFormSchema.safeParse(input).error?.issues[0]?.message;
    expect(issue({ ...good, totalBetAmount: "31" })).toBe("totalMismatch");
    expect(issue({ ...good, betMultiples: "0" })).toBe("multipleAtLeastOne");
    expect(issue({ ...good, betName: "Blue" })).toBe("chooseBet");
    expect(issue({ ...good, baseAmount: "-1" })).toBe("invalidAmount");
    expect(betFormSchema.safeParse({ ...good, coin: "BTC" }).success).toBe(false);
    expect(betFormSchema.safeParse({ ...good, idempotencyKey: "<script>" }).success).toBe(false);
  });
});

describe("results", () => {
  test("previous draw: first 5 digits, default 01234", () => {
    expect(previousDraw([])).toBe("01234");
    expect(previousDraw([{ lotteryResult: null }])).toBe("01234");
    const rows = [7, 3, "1", 0, 9, 5].map((d) => ({ lotteryResult: d }));
    expect(previousDraw(rows)).toBe("73109");
    expect(previousDraw([{ lotteryResult: 2 }, { lotteryResult: null }, { lotteryResult: 8 }])).toBe("28");
  });

  test("a record's status word: won, lost, waiting for the draw, refunded (its round voided)", () => {
    expect(recordStatus({ status: "WIN", winAmount: 19.6 })).toBe("won");
    expect(recordStatus({ status: "LOSE" })).toBe("lost");
    expect(recordStatus({ status: "WAITING" })).toBe("pending");
    expect(recordStatus({ status: "REFUNDED", winAmount: 10, lotteryResult: null })).toBe("refunded");
  });

  test("no room fits: above every open room, below every one, between two, or some room fits", () => {
    const room = (min: number, max: number, enabled = true) => ({
      chipMinLimit: min,
      chipMaxLimit: max,
      enabled,
    });
    const rooms = [room(0, 100), room(200, 1000), room(5000, 9000, false)];
    expect(noRoomFits(50, rooms)).toBeNull();
    expect(noRoomFits(1000.01, rooms)).toEqual({ direction: "above", amount: 1000 });
    expect(noRoomFits(150, rooms)).toEqual({ direction: "between", amount: null });
    expect(noRoomFits(5, [room(10, 100), room(20, 200)])).toEqual({ direction: "below", amount: 10 });
    expect(noRoomFits(5, [room(10, 100, false)])).toBeNull();
  });

  test("trend geometry and counts", () => {
    const rows = [
      { id: 3, lotteryResult: 0 },
      { id: 2, lotteryResult: 9 },
    ];
    expect(trendPoints(rows, { width: 100, rowHeight: 10 })).toEqual([
      { id: "3", digit: 0, x: 5, y: 5 },
      { id: "2", digit: 9, x: 95, y: 15 },
    ]);
    expect(digitCounts(rows)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 1]);
  });

  test("the rules' payout table lists named bets first, with winning digits and an example return", () => {
    const rows = payoutTable(
      [
        { betName: "3", multiple: 9 },
        { betName: "Red", multiple: 2, specialMultiple: 1.5 },
      ],
      0.02,
      BET_NAMES,
    );
    expect(rows.map((r) => r.betName)).toEqual(["Red", "3"]);
    expect(rows[0]).toMatchObject({
      winningDigits: [0, 2, 4, 6, 8],
      exampleReturn: 196,
      specialMultiple: 1.5,
    });
    expect(rows[1]).toMatchObject({ winningDigits: [3], exampleReturn: 882 });
  });
});

describe("fairness", () => {
  const seed = "a".repeat(64);
  test("matches the documented algorithm", () => {
    const bytes = createHmac("sha256", Buffer.from(seed, "hex")).update("17").digest();
    const first = [...bytes].find((b) => b < 250)!;
    expect(digitFromSeed(seed, 17)).toBe(first % 10);
    expect(seedHashOf(seed)).toBe(createHash("sha256").update(Buffer.from(seed, "hex")).digest("hex"));
  });

  test("verifyRound compares hash and digit", () => {
    const digit = digitFromSeed(seed, 5);
    const v = verifyRound({ id: 5, seedHash: seedHashOf(seed), seed, lotteryResult: String(digit) });
    expect(v).toMatchObject({ hashMatches: true, recomputedDigit: digit, digitMatches: true });
    const bad = verifyRound({ id: 5, seedHash: "00", seed, lotteryResult: (digit + 1) % 10 });
    expect(bad).toMatchObject({ hashMatches: false, digitMatches: false });
    expect(verifyRound({ id: 6, seedHash: "ab", seed: null })).toMatchObject({
      seed: null,
      recomputedDigit: null,
    });
  });

  test("the one-line command prints the same digit", () => {
    const cmd = verifyCommand(seed, 123);
    const out = execFileSync("sh", ["-c", cmd], { encoding: "utf8" }).trim();
    expect(Number(out)).toBe(digitFromSeed(seed, 123));
  });

  test("digits are close to uniform over many rounds", () => {
    const counts = Array.from({ length: 10 }, () => 0);
    for (let i = 1; i <= 5000; i++) counts[digitFromSeed(seed, i)] += 1;
    for (const c of counts) expect(Math.abs(c - 500)).toBeLessThan(100);
  });
});

describe("browser copies of the contract's lists", () => {
  test("coins and bet names agree with contract/", async () => {
    const money = await import("#contract/money");
    const game = await import("#contract/game");
    const { GAME_COINS } = await import("~/components/game/coins");
    expect([...GAME_COINS]).toEqual([...money.COINS]);
    expect([...BET_NAMES]).toEqual([...game.BET_NAMES]);
  });
});
