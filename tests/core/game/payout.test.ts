import { describe, expect, it } from "vitest";
import {
  BET_NAMES,
  type BetName,
  DEFAULT_PAYOUT_TABLE,
  coloursOf,
  isBetName,
  multiplierBp,
  sizeOf,
  winAmountCents,
} from "../../../core/src/game/payout";

describe("colours and sizes", () => {
  it("follows the spec's colour table", () => {
    expect(coloursOf(0)).toEqual(["Red", "Violet"]);
    expect(coloursOf(5)).toEqual(["Green", "Violet"]);
    for (const d of [1, 3, 7, 9]) expect(coloursOf(d)).toEqual(["Green"]);
    for (const d of [2, 4, 6, 8]) expect(coloursOf(d)).toEqual(["Red"]);
    for (const d of [0, 1, 2, 3, 4]) expect(sizeOf(d)).toBe("Small");
    for (const d of [5, 6, 7, 8, 9]) expect(sizeOf(d)).toBe("Big");
  });

  it("knows exactly the 15 bet names", () => {
    expect(BET_NAMES).toHaveLength(15);
    expect(isBetName("Red")).toBe(true);
    expect(isBetName("red")).toBe(false);
    expect(isBetName("10")).toBe(false);
  });
});

describe("payouts (stake 100.00 = 10000 cents, net 98.00)", () => {
  const win = (bet: BetName, digit: number) => winAmountCents(10_000, bet, digit);

  it("pays Green/Red 2x, 1.5x on the violet digits", () => {
    expect(win("Green", 3)).toBe(19_600);
    expect(win("Red", 4)).toBe(19_600);
    expect(win("Green", 5)).toBe(14_700);
    expect(win("Red", 0)).toBe(14_700);
    expect(win("Red", 5)).toBe(0);
    expect(win("Green", 0)).toBe(0);
    expect(win("Green", 2)).toBe(0);
  });

  it("pays Violet 4.5x on 0 and 5 only", () => {
    expect(win("Violet", 0)).toBe(44_100);
    expect(win("Violet", 5)).toBe(44_100);
    for (const d of [1, 2, 3, 4, 6, 7, 8, 9]) expect(win("Violet", d)).toBe(0);
  });

  it("pays a number 9x and Big/Small 2x", () => {
    for (let d = 0; d <= 9; d++) {
      expect(win(String(d) as BetName, d)).toBe(88_200);
      expect(win(String((d + 1) % 10) as BetName, d)).toBe(0);
      expect(win(d >= 5 ? "Big" : "Small", d)).toBe(19_600);
      expect(win(d >= 5 ? "Small" : "Big", d)).toBe(0);
    }
  });

  it("rounds down to the cent", () => {
    // 1 cent x 0.98 x 2 = 1.96 -> 1 cent; 101 x 0.98 x 1.5 = 148.47 -> 148 cents
    expect(winAmountCents(1, "Green", 1)).toBe(1);
    expect(winAmountCents(1, "Red", 0)).toBe(1);
    expect(winAmountCents(101, "Red", 0)).toBe(148);
    expect(winAmountCents(333, "Violet", 5)).toBe(1468); // 3.33 x .98 x 4.5 = 14.68530
  });

  it("stays exact for large stakes", () => {
    expect(winAmountCents(100_000_000_000, "9", 9)).toBe(882_000_000_000);
  });

  it("pays by the operator's configured table, not the default", () => {
    const table = { ...DEFAULT_PAYOUT_TABLE, serviceFeeRate: 0, number: 9.5 };
    expect(winAmountCents(10_000, "7", 7, table)).toBe(95_000);
    expect(multiplierBp("Violet", 0, table)).toBe(45_000);
  });
});
