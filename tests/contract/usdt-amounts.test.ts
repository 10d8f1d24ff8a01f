import { describe, expect, it } from "vitest";
import { MAX_USDT_RATE_CENTS, MICROS_PER_USDT, usdtMicrosOf, usdtOf } from "#contract/usdt-amounts";

/**
 * What a USDT withdrawal sends (decision 061): the net at the rate, rounded down to the
 * micro-USDT, so that what is booked as paid is what is sent, to the cent.
 */
describe("usdtMicrosOf", () => {
  it("sends 3.306 USDT for ₹297.54 at 90, not the 3.30 (₹297.00) of two decimals", () => {
    expect(usdtMicrosOf(29_754, 9_000)).toBe(3_306_000);
    expect(usdtOf(29_754, 9_000)).toBe(3.306);
    expect(usdtOf(29_755, 9_000)).toBe(3.306111);
    expect(usdtOf(89_100, 9_000)).toBe(9.9);
  });

  it("never sends more than the net, and what it sends is the net to the cent, at any allowed rate", () => {
    for (const rate of [1, 100, 8_333, 9_000, 9_007, 12_345, MAX_USDT_RATE_CENTS]) {
      for (let net = 1; net <= 30_000; net += 7) {
        const micros = usdtMicrosOf(net, rate);
        // Rounded down: micros × rate ≤ net × 10⁶ < (micros + 1) × rate.
        expect(micros * rate).toBeLessThanOrEqual(net * MICROS_PER_USDT);
        expect((micros + 1) * rate).toBeGreaterThan(net * MICROS_PER_USDT);
        // Worth the net to the cent: what is left is under a tenth of a cent.
        expect(net - (micros * rate) / MICROS_PER_USDT).toBeLessThan(0.1 + 1e-9);
      }
    }
  });

  it("is exact for the largest amounts (BigInt: no float rounding)", () => {
    // ₹1,000,000,000.00 at ₹0.01 per USDT: 10¹¹ USDT, 10¹⁷ micro-USDT, beyond 2⁵³.
    expect(usdtMicrosOf(100_000_000_000, 1)).toBe(1e17);
    expect(usdtMicrosOf(99_999_999_999, 9_007)).toBe(Math.floor(99_999_999_999e6 / 9_007));
  });
});
