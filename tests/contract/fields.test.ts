import { describe, expect, it } from "vitest";
import { typedAmount } from "~/components/wallet/withdraw-amounts";
import { registerInputSchema } from "#contract/auth";
import { pageInputSchema } from "#contract/envelope";
import { plainInteger } from "#contract/fields";
import { bettingInputSchema, userLotteryRecordPageInputSchema } from "#contract/game";
import { MONEY_MESSAGES, amountSchema, fromTyped, moneySchema, toCents } from "#contract/money";
import { getUserInfoInputSchema } from "#contract/user";

/** The first message a schema gives for `value`, or the parsed value. */
function outcome(
  schema: { safeParse(v: unknown): { success: boolean; data?: unknown; error?: unknown } },
  v: unknown,
) {
  const parsed = schema.safeParse(v);
  if (parsed.success) return { value: parsed.data };
  return { message: (parsed.error as { issues: { message: string }[] }).issues[0].message };
}

describe("the one money rule (contract/money.ts)", () => {
  it("takes plain decimals with at most two places, as exact cents", () => {
    const cases: Array<[unknown, number]> = [
      ["10", 10],
      ["10.5", 10.5],
      ["10.50", 10.5],
      ["0.01", 0.01],
      ["0.29", 0.29],
      ["1000000000", 1_000_000_000],
      ["007", 7],
      [10, 10],
      [0.1, 0.1],
    ];
    for (const [input, units] of cases) {
      expect(outcome(amountSchema, input), String(input)).toEqual({ value: units });
      expect(toCents(units)).toBe(Math.round(units * 100));
    }
  });

  it("refuses every other spelling with a clear message", () => {
    const invalid = [
      "0x0A",
      "0X0a",
      "1e1",
      "1E1",
      "1e-2",
      "Infinity",
      "-Infinity",
      "NaN",
      "+10",
      " 10",
      "10 ",
      "1 0",
      "10.",
      ".5",
      "1,000",
      "10,5",
      "0b1010",
      "0o12",
      "١٠", // Arabic-Indic digits
      "",
      "ten",
      "10abc",
      "--10",
      null,
      undefined,
      true,
      {},
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e21,
    ];
    for (const input of invalid) {
      expect(outcome(amountSchema, input), JSON.stringify(input)).toEqual({
        message: MONEY_MESSAGES.invalid,
      });
    }
    for (const input of ["0.999999999", "1.001", "10.123", 0.001]) {
      expect(outcome(amountSchema, input), String(input)).toEqual({ message: MONEY_MESSAGES.decimals });
    }
    for (const input of ["0", "0.00", "-0", "-1", "-0.01", -5]) {
      expect(outcome(amountSchema, input), String(input)).toEqual({ message: MONEY_MESSAGES.positive });
    }
    expect(outcome(amountSchema, "1000000000.01")).toEqual({ message: MONEY_MESSAGES.tooLarge });
    expect(outcome(amountSchema, "99999999999999")).toEqual({ message: MONEY_MESSAGES.invalid });
  });

  it("reads a player's decimal comma in the app's forms (typed), never on the wire", () => {
    const typed = moneySchema({ typed: true });
    for (const [input, units] of [
      ["10,5", 10.5],
      ["10,50", 10.5],
      ["0,01", 0.01],
      ["12.34", 12.34],
    ] as const) {
      expect(outcome(typed, input), input).toEqual({ value: units });
      expect(fromTyped(input), input).toBe(input.replace(",", "."));
    }
    // A thousand in English, grouping, a lone comma: refused as before, never read as a decimal.
    for (const input of ["1,000", "1.000,50", "10,", ",5", "1,2,3", "10,5 "]) {
      expect(outcome(typed, input), input).toEqual({ message: MONEY_MESSAGES.invalid });
    }
    expect(outcome(moneySchema({ typed: true, min: "any" }), "-0,5")).toEqual({ value: -0.5 });
    expect(outcome(amountSchema, "10,5")).toEqual({ message: MONEY_MESSAGES.invalid });
    expect(typedAmount("10,5")).toBe(10.5);
    expect(typedAmount("1,000")).toBeNull();
  });

  it("takes zero or negatives only where a field allows them", () => {
    const zero = moneySchema({ min: "zero" });
    expect(outcome(zero, "0")).toEqual({ value: 0 });
    expect(outcome(zero, "-1")).toEqual({ message: MONEY_MESSAGES.negative });
    const any = moneySchema({ min: "any" });
    expect(outcome(any, "-2.5")).toEqual({ value: -2.5 });
    expect(outcome(any, "-0x1")).toEqual({ message: MONEY_MESSAGES.invalid });
  });
});

describe("whole numbers are written plainly", () => {
  it("refuses hex, exponents, signs, spaces and decimals", () => {
    for (const input of [
      "0x0A",
      "1e1",
      "+5",
      " 5",
      "5 ",
      "5.0",
      "5.",
      "Infinity",
      "",
      "١",
      "9".repeat(16),
      "9".repeat(17),
    ]) {
      expect(outcome(plainInteger("whole"), input), input).toEqual({ message: "whole" });
    }
    expect(outcome(plainInteger("whole"), "05")).toEqual({ value: 5 });
    expect(outcome(plainInteger("whole"), 12)).toEqual({ value: 12 });
    expect(outcome(plainInteger("whole"), 1.5)).toEqual({ message: "whole" });
  });

  it("pages: blank means the default, junk is refused", () => {
    expect(pageInputSchema.parse({})).toEqual({ pageNo: 1, pageSize: 20 });
    expect(pageInputSchema.parse({ pageNo: "", pageSize: " " })).toEqual({ pageNo: 1, pageSize: 20 });
    expect(pageInputSchema.parse({ pageNo: "3", pageSize: "50" })).toEqual({ pageNo: 3, pageSize: 50 });
    expect(pageInputSchema.safeParse({ pageNo: "0x2" }).success).toBe(false);
    expect(pageInputSchema.safeParse({ pageSize: "101" }).success).toBe(false);
  });
});

describe("a bet with the spec's fields only", () => {
  const spec = {
    gameSessionId: "2025010111003600",
    betName: "Red",
    baseAmount: "10",
    betMultiples: "2",
    totalBetAmount: "20",
    coin: "CHIP",
  };

  it("is valid without level, and with a blank level", () => {
    for (const extra of [{}, { level: "" }, { level: " " }]) {
      const parsed = bettingInputSchema.parse({ ...spec, ...extra });
      expect(parsed.level).toBeUndefined();
      expect(parsed.totalBetAmount).toBe(20);
    }
    expect(bettingInputSchema.parse({ ...spec, level: "2" }).level).toBe(2);
    expect(bettingInputSchema.safeParse({ ...spec, level: "0x2" }).success).toBe(false);
  });

  it("takes its amounts and multiple by the plain rules", () => {
    expect(bettingInputSchema.safeParse({ ...spec, baseAmount: "0x0A", totalBetAmount: "20" }).success).toBe(
      false,
    );
    expect(
      bettingInputSchema.safeParse({ ...spec, baseAmount: "0.999999999", totalBetAmount: "2" }).success,
    ).toBe(false);
    expect(bettingInputSchema.safeParse({ ...spec, betMultiples: "0x2" }).success).toBe(false);
    expect(bettingInputSchema.safeParse({ ...spec, betMultiples: "2.0" }).success).toBe(false);
    expect(bettingInputSchema.safeParse({ ...spec, gameSessionId: "1e5" }).success).toBe(false);
  });
});

describe("optional fields sent blank count as not sent", () => {
  it("invitation code: blank is none, lower case is the code", () => {
    const base = { areaCode: "91", phone: "9000000002", password: "secret12", smsCode: "123456" };
    expect(registerInputSchema.parse({ ...base, invitationCode: "" }).invitationCode).toBeUndefined();
    expect(registerInputSchema.parse({ ...base, invitationCode: "  " }).invitationCode).toBeUndefined();
    expect(registerInputSchema.parse({ ...base, invitationCode: "demo8888" }).invitationCode).toBe(
      "DEMO8888",
    );
  });

  it("record pages default an empty coin to CHIP and drop an empty level", () => {
    expect(getUserInfoInputSchema.parse({ coin: "" })).toEqual({ coin: "CHIP" });
    expect(userLotteryRecordPageInputSchema.parse({ coin: "", level: "" })).toEqual({
      pageNo: 1,
      pageSize: 20,
      coin: "CHIP",
    });
  });
});
