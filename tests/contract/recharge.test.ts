import { describe, expect, it } from "vitest";
import { getRechargeInputSchema, normalizeTxHash, rechargeInputSchema, usdtUnits } from "#contract/recharge";

describe("recharge contract", () => {
  it("reads USDT amounts exactly in each network's base units and refuses anything but a plain positive decimal", () => {
    expect(usdtUnits("TRC20", "100")).toBe(100_000_000n);
    expect(usdtUnits("TRC20", "0.000001")).toBe(1n);
    expect(usdtUnits("TRC20", "1234567.5")).toBe(1_234_567_500_000n);
    expect(usdtUnits("BEP20", "1.000000000000000001")).toBe(1_000_000_000_000_000_001n);
    expect(usdtUnits("BEP20", "0.000000000000000001")).toBe(1n);
    expect(usdtUnits("BEP20", "100")).toBe(100n * 10n ** 18n);
    for (const bad of ["0", "0.0000001", "-1", "1e3", "abc", "", "1.", ".5", "NaN", "Infinity"]) {
      expect(usdtUnits("TRC20", bad), bad).toBeNull();
    }
    for (const bad of ["0", "0.0000000000000000001", "1,5", "0x10", " "]) {
      expect(usdtUnits("BEP20", bad), bad).toBeNull();
    }
  });

  it("keeps transaction hashes in one spelling per network", () => {
    const hex = "AB".repeat(32);
    expect(normalizeTxHash("TRC20", hex)).toBe(hex.toLowerCase());
    expect(normalizeTxHash("TRC20", `0x${hex}`)).toBeNull();
    expect(normalizeTxHash("BEP20", `0x${hex}`)).toBe(`0x${hex.toLowerCase()}`);
    expect(normalizeTxHash("BEP20", hex)).toBeNull();
    expect(normalizeTxHash("BEP20", "0x1234")).toBeNull();
  });

  it("takes the recharge call's amount by the one money rule and names a missing channel", () => {
    expect(rechargeInputSchema.parse({ amount: "100.5", payChannelName: "SANDBOX_UPI" })).toEqual({
      amount: 100.5,
      payChannelName: "SANDBOX_UPI",
    });
    expect(rechargeInputSchema.safeParse({ amount: "1e9", payChannelName: "X" }).success).toBe(false);
    const noChannel = rechargeInputSchema.safeParse({ amount: "100" });
    expect(noChannel.success || noChannel.error.issues[0].message).toBe("Choose a pay channel");
    expect(getRechargeInputSchema.parse({ walletType: " bep20 " })).toEqual({ walletType: "BEP20" });
  });
});
