import { describe, expect, it } from "vitest";
import {
  accountHashOfAddress,
  checkBep20Address,
  checkTrc20Address,
  checkUsdtAddress,
  networkOfAddress,
  toChecksumAddress,
  tronAddressOfHash,
} from "#contract/addresses";

// Addresses of the mnemonic "abandon ×11 about" (BIP44 account 0, external chain, index 0): the
// Ethereum one is the published vector; the TRON one was computed by
// tests/core/recharge/independent-vectors.py, which shares no code with ours and also yields the
// Ethereum vector.
const ETH0 = "0x9858EfFD232B4033E47d90003D41EC34EcaEda94";
const TRON0 = "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH";

describe("USDT address validators", () => {
  it("accepts a checksummed BEP20 address and answers it as is", () => {
    expect(checkBep20Address(ETH0)).toEqual({ ok: true, address: ETH0 });
  });

  it("accepts an all-lowercase or all-uppercase BEP20 address and answers it checksummed", () => {
    expect(checkBep20Address(ETH0.toLowerCase())).toEqual({ ok: true, address: ETH0 });
    expect(checkBep20Address(`0x${ETH0.slice(2).toUpperCase()}`)).toEqual({ ok: true, address: ETH0 });
  });

  it("refuses a mixed-case BEP20 address with one letter's case flipped (checksum)", () => {
    const typo = `${ETH0.slice(0, 6)}e${ETH0.slice(7)}`;
    expect(ETH0[6]).toBe("E");
    expect(checkBep20Address(typo)).toEqual({ ok: false, problem: "checksum" });
  });

  it("refuses BEP20 addresses of the wrong shape", () => {
    for (const bad of ["0x123", `${ETH0}00`, ETH0.slice(2), `0x${"g".repeat(40)}`, "hello"]) {
      expect(checkBep20Address(bad)).toEqual({ ok: false, problem: "format" });
    }
    expect(checkBep20Address("  ")).toEqual({ ok: false, problem: "empty" });
  });

  it("accepts a TRC20 address and refuses one with a changed character (checksum)", () => {
    expect(checkTrc20Address(TRON0)).toEqual({ ok: true, address: TRON0 });
    const typo = `${TRON0.slice(0, 10)}${TRON0[10] === "a" ? "b" : "a"}${TRON0.slice(11)}`;
    expect(checkTrc20Address(typo)).toEqual({ ok: false, problem: "checksum" });
  });

  it("refuses TRC20 addresses of the wrong shape or version", () => {
    for (const bad of ["T123", `${TRON0}1`, `X${TRON0.slice(1)}`, "T0OIl".padEnd(34, "1")]) {
      expect(checkTrc20Address(bad).ok).toBe(false);
    }
    // A valid base58check payload with a Bitcoin version byte is not TRON.
    expect(checkTrc20Address("1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2")).toEqual({ ok: false, problem: "format" });
  });

  it("names the other network when an address of it is given", () => {
    expect(checkUsdtAddress("TRC20", ETH0)).toEqual({ ok: false, problem: "wrongNetwork" });
    expect(checkUsdtAddress("BEP20", TRON0)).toEqual({ ok: false, problem: "wrongNetwork" });
    expect(networkOfAddress(TRON0)).toBe("TRC20");
    expect(networkOfAddress(ETH0.toLowerCase())).toBe("BEP20");
    expect(networkOfAddress("nonsense")).toBeNull();
  });

  it("encodes a 20-byte hash the same way on both networks", () => {
    const hash = accountHashOfAddress(ETH0)!;
    expect(toChecksumAddress(ETH0.toLowerCase())).toBe(ETH0);
    expect(checkTrc20Address(tronAddressOfHash(hash)).ok).toBe(true);
    expect(accountHashOfAddress(tronAddressOfHash(hash))).toEqual(hash);
  });
});
