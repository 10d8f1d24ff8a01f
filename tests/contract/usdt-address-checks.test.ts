import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { describe, expect, it } from "vitest";
import { isBep20Address, isTrc20Address, toChecksumAddress } from "#contract/addresses";

const base58check = createBase58check(sha256);

describe("USDT address checks", () => {
  it("takes checksum-valid TRC20 addresses and refuses a changed character, another version byte or length", () => {
    expect(isTrc20Address("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(true);
    const payload = new Uint8Array(21).map((_, i) => (i === 0 ? 0x41 : i * 11));
    const good = base58check.encode(payload);
    expect(isTrc20Address(good)).toBe(true);
    expect(isTrc20Address(`${good.slice(0, -1)}${good.endsWith("a") ? "b" : "a"}`)).toBe(false);
    const bitcoinish = base58check.encode(new Uint8Array(21).map((_, i) => (i === 0 ? 0x00 : i)));
    expect(isTrc20Address(bitcoinish)).toBe(false);
    expect(isTrc20Address(base58check.encode(new Uint8Array(22).fill(0x41)))).toBe(false);
    for (const bad of [
      "",
      "T",
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6O",
    ]) {
      expect(isTrc20Address(bad), bad).toBe(false);
    }
  });

  it("takes BEP20 addresses in one case or with a right EIP-55 checksum, and refuses a wrong checksum", () => {
    // EIP-55's own examples.
    for (const good of [
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
      "0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
    ]) {
      expect(isBep20Address(good), good).toBe(true);
      expect(toChecksumAddress(good.slice(2).toLowerCase())).toBe(good);
    }
    expect(isBep20Address("0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(true);
    expect(isBep20Address("0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED")).toBe(true);
    expect(isBep20Address("0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD")).toBe(false);
    for (const bad of [
      "",
      "0x",
      "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe",
      "0xZZ",
    ]) {
      expect(isBep20Address(bad), bad).toBe(false);
    }
    expect(isBep20Address("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")).toBe(false);
  });
});
