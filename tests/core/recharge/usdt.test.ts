import { pbkdf2Sync, randomBytes } from "node:crypto";
import { HDKey } from "@scure/bip32";
import { describe, expect, it } from "vitest";
import { checkUsdtAddress } from "#contract/addresses";
import { usdtRechargePageSchema } from "#contract/recharge";
import { runAdmin } from "../../../core/src/admin";
import { balances } from "../../../core/src/ledger/ledger";
import { DEV_OPERATOR_PASSWORD } from "../../../core/src/platform/config";
import { UsageError } from "../../../core/src/platform/module";
import {
  ACCOUNT_PATHS,
  accountXpubProblem,
  deriveDepositAddress,
  generateSandboxXpubs,
} from "../../../core/src/recharge/addresses";
import { creditCentsOf } from "../../../core/src/recharge/deposits";
import { readRechargeSettings } from "../../../core/src/recharge/settings";
import { call, describeOnEachDatabase, registerPlayer } from "../../support/core";

const operator = `Basic ${Buffer.from(`operator:${DEV_OPERATOR_PASSWORD}`).toString("base64")}`;

// BIP39 seed of "abandon ×11 about" (no passphrase), made here without a BIP39 library.
const MNEMONIC = `${"abandon ".repeat(11)}about`;
const root = HDKey.fromMasterSeed(pbkdf2Sync(MNEMONIC, "mnemonic", 2048, 64, "sha512"));
const XPUB = {
  TRC20: root.derive(ACCOUNT_PATHS.TRC20).publicExtendedKey,
  BEP20: root.derive(ACCOUNT_PATHS.BEP20).publicExtendedKey,
};

describe("deposit addresses from account xpubs", () => {
  it("derives the published Ethereum vector m/44'/60'/0'/0/0 as the BEP20 address of index 0", () => {
    expect(deriveDepositAddress(XPUB.BEP20, "BEP20", 0)).toBe("0x9858EfFD232B4033E47d90003D41EC34EcaEda94");
    expect(deriveDepositAddress(XPUB.BEP20, "BEP20", 1)).toBe("0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0");
  });

  it("derives the TRON addresses of m/44'/195'/0'/0/i as computed independently (independent-vectors.py)", () => {
    expect([0, 1, 2].map((i) => deriveDepositAddress(XPUB.TRC20, "TRC20", i))).toEqual([
      "TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH",
      "TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK",
      "TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx",
    ]);
  });

  it("takes only account-level public keys: refuses a private key, another depth and garbage", () => {
    expect(accountXpubProblem(XPUB.TRC20)).toBeNull();
    expect(accountXpubProblem(root.derive(ACCOUNT_PATHS.TRC20).privateExtendedKey)).toMatch(/private key/);
    expect(accountXpubProblem(root.publicExtendedKey)).toMatch(/depth 0/);
    expect(accountXpubProblem("xpub-nonsense")).toMatch(/not an extended public key/);
    expect(() => readRechargeSettings({ USDT_XPUB_TRC20: root.privateExtendedKey }, true)).toThrow(
      /USDT_XPUB_TRC20/,
    );
    expect(() => readRechargeSettings({ PAYMENT_SANDBOX_SECRET: "short" }, false)).toThrow(/32 characters/);
  });

  it("offers the sandbox provider and generated keys outside production only, unless told", () => {
    expect(readRechargeSettings({}, false)).toMatchObject({ sandboxEnabled: true, generateXpubs: true });
    expect(readRechargeSettings({}, true)).toMatchObject({ sandboxEnabled: false, generateXpubs: false });
    expect(readRechargeSettings({ PAYMENT_SANDBOX: "1", USDT_XPUB_BEP20: XPUB.BEP20 }, true)).toMatchObject({
      sandboxEnabled: true,
      xpubs: { BEP20: XPUB.BEP20 },
    });
  });

  it("generates public-only sandbox keys whose addresses are valid on each network", () => {
    const xpubs = generateSandboxXpubs();
    expect(accountXpubProblem(xpubs.TRC20)).toBeNull();
    expect(checkUsdtAddress("TRC20", deriveDepositAddress(xpubs.TRC20, "TRC20", 7)).ok).toBe(true);
    expect(checkUsdtAddress("BEP20", deriveDepositAddress(xpubs.BEP20, "BEP20", 7)).ok).toBe(true);
  });

  it("converts USDT to CHIP cents exactly, rounding down", () => {
    expect(creditCentsOf("TRC20", 100_000_000n, 9000)).toBe(900_000);
    expect(creditCentsOf("TRC20", 1_234_567n, 9000)).toBe(11_111); // 1.234567 × 90 = 111.11103
    expect(creditCentsOf("TRC20", 999_999_999_999_999n, 9000)).toBe(8_999_999_999_999); // 999,999,999.999999 × 90 = 89,999,999,999.9999
    expect(creditCentsOf("BEP20", 1_234_567_000_000_000_000n, 9000)).toBe(11_111);
    expect(creditCentsOf("BEP20", 999_999_999_999_999_999_999_999_999n, 9000)).toBe(8_999_999_999_999); // 999,999,999.999… × 90
  });
});

describeOnEachDatabase("USDT recharge", (core) => {
  const hash = (network: "TRC20" | "BEP20") =>
    network === "TRC20" ? randomBytes(32).toString("hex") : `0x${randomBytes(32).toString("hex")}`;
  const address = async (token: string, walletType: string) =>
    call<string>(core, "/app/wallet/getRecharge", { method: "POST", token, params: { walletType } });
  const deposit = async (body: Record<string, string>) =>
    (await (
      await fetch(`${core.url}/operator/recharge/deposit`, {
        method: "POST",
        headers: { authorization: operator, "content-type": "application/json" },
        body: JSON.stringify(body),
      })
    ).json()) as {
      code: number;
      message: string;
      result: { credited: boolean; deposit: { status: string } };
    };
  const chip = async (userId: number) => (await balances(core.deps.db, userId)).CHIP;

  it("gives each player their own stable address per network, in that network's format", async () => {
    const a = await registerPlayer(core);
    const b = await registerPlayer(core);
    const trc = await address(a.token, "TRC20");
    const bep = await address(a.token, "bep20");
    expect(checkUsdtAddress("TRC20", trc.result)).toEqual({ ok: true, address: trc.result });
    expect(checkUsdtAddress("BEP20", bep.result)).toEqual({ ok: true, address: bep.result });
    expect((await address(a.token, "TRC20")).result).toBe(trc.result);
    expect((await address(b.token, "TRC20")).result).not.toBe(trc.result);
    expect(await address(a.token, "ERC20")).toMatchObject({
      code: 400,
      message: "walletType must be TRC20 or BEP20",
    });
    expect((await address("", "TRC20")).code).toBe(401);
  });

  it("credits a deposit once its confirmations reach the config's, at the config's rate, once per tx hash", async () => {
    const { token, userId } = await registerPlayer(core);
    const to = (await address(token, "TRC20")).result;
    const tx = hash("TRC20");
    const first = await deposit({ network: "TRC20", address: to, tx, amount: "100", confirmations: "3" });
    expect(first.result).toMatchObject({ credited: false, required: 12, deposit: { status: "PENDING" } });
    expect(await chip(userId)).toBe(0);
    const reports = await Promise.all(
      Array.from({ length: 10 }, () =>
        deposit({ network: "TRC20", address: to, tx, amount: "100", confirmations: "12" }),
      ),
    );
    expect(reports.filter((r) => r.result.credited)).toHaveLength(1);
    expect(await chip(userId)).toBe(900_000); // 100 USDT × 90.00
    const succeededAt = async () =>
      String(
        (
          await core.deps.db.query<{ at: string }>(
            "SELECT to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') AS at FROM usdt_deposits WHERE tx_hash = $1",
            [tx],
          )
        )[0].at,
      );
    const credited = await succeededAt();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const later = await deposit({ network: "TRC20", address: to, tx, amount: "100", confirmations: "40" });
    expect(later.result).toMatchObject({ credited: false, deposit: { status: "SUCCESS" } });
    expect(await chip(userId)).toBe(900_000);
    // A later report counts the confirmations but keeps the time the deposit succeeded (the team's
    // day of the recharge, decision 068, is read from it).
    expect(await succeededAt()).toBe(credited);
    const page = usdtRechargePageSchema.parse(
      (await call(core, "/app/wallet/getRechargeRecord", { method: "POST", token })).result,
    );
    expect(page.content[0]).toMatchObject({
      walletType: "TRC20",
      txHash: tx,
      usdtAmount: 100,
      amount: 9000,
      usdtRate: 90,
      confirmations: 40,
      status: "SUCCESS",
      address: to,
    });
    const entries = await core.deps.db.query<{ counter_account: string; amount: number }>(
      "SELECT counter_account, amount FROM ledger_entries WHERE ref_id = $1",
      [tx],
    );
    expect(entries).toEqual([{ counter_account: "DEPOSITS_USDT", amount: 900_000 }]);
  });

  it("credits each transfer of one transaction to our addresses (a batch payout) once, by its log index", async () => {
    const a = await registerPlayer(core);
    const b = await registerPlayer(core);
    const toA = (await address(a.token, "BEP20")).result;
    const toB = (await address(b.token, "BEP20")).result;
    const tx = hash("BEP20");
    const transfer = (to: string, logIndex: string | undefined, amount: string) => ({
      network: "BEP20",
      address: to,
      tx,
      amount,
      confirmations: "15",
      ...(logIndex === undefined ? {} : { logIndex }),
    });
    // The first transfer reported without an index (index 0, as every report before indexes), the
    // other two with theirs, each several times and in parallel.
    const reports = await Promise.all(
      [transfer(toA, undefined, "10"), transfer(toB, "3", "20"), transfer(toA, "7", "1.5")].flatMap((t) =>
        Array.from({ length: 4 }, () => deposit(t)),
      ),
    );
    expect(reports.map((r) => r.code)).toEqual(Array(12).fill(200));
    expect(reports.filter((r) => r.result.credited)).toHaveLength(3);
    expect(await chip(a.userId)).toBe(103_500); // 11.5 USDT × 90.00
    expect(await chip(b.userId)).toBe(180_000);
    // A transfer's index with another amount or address is refused, and credits nothing.
    expect((await deposit(transfer(toB, "0", "10"))).message).toMatch(/already reported/);
    expect((await deposit(transfer(toA, "3", "21"))).message).toMatch(/already reported/);
    expect((await deposit(transfer(toA, "-1", "1"))).code).toBe(400);
    expect(await chip(a.userId)).toBe(103_500);
    const refs = await core.deps.db.query<{ ref_id: string }>(
      "SELECT ref_id FROM ledger_entries WHERE kind = 'RECHARGE' AND ref_id LIKE $1 ORDER BY ref_id",
      [`${tx}%`],
    );
    expect(refs.map((r) => r.ref_id)).toEqual([tx, `${tx}:3`, `${tx}:7`]);
  });

  it("credits a BEP20 transfer to its 18th decimal and a TRC20 one to its 6th, exactly", async () => {
    const { token, userId } = await registerPlayer(core);
    const bep = (await address(token, "BEP20")).result;
    const tx = hash("BEP20");
    // 0.000111111111111112 USDT × 90.00 is 1.000000000000008 cents: 1 cent, which the amount cut
    // to the micro-USDT (0.000111 × 90.00 = 0.999 cents) would not give.
    const dust = { network: "BEP20", address: bep, tx, amount: "0.000111111111111112", confirmations: "12" };
    expect(await deposit(dust)).toMatchObject({ code: 200, result: { credited: true } });
    expect(await chip(userId)).toBe(1);
    const changed = await deposit({ ...dust, amount: "0.000111111111111113" });
    expect(changed).toMatchObject({ code: 400 });
    expect(changed.message).toMatch(/already reported/);
    const whole = { ...dust, tx: hash("BEP20"), amount: "2.000000000000000001" };
    expect(await deposit(whole)).toMatchObject({ code: 200, result: { credited: true } });
    expect(await chip(userId)).toBe(1 + 18_000);
    const page = usdtRechargePageSchema.parse(
      (await call(core, "/app/wallet/getRechargeRecord", { method: "POST", token })).result,
    );
    expect(page.content.map((r) => [r.usdtAmount, r.amount])).toEqual([
      [2, 180],
      [0.000111, 0.01],
    ]);
    const trc = (await address(token, "TRC20")).result;
    const tooFine = await deposit({ ...dust, network: "TRC20", address: trc, tx: hash("TRC20") });
    expect(tooFine).toMatchObject({ code: 400 });
    expect(tooFine.message).toMatch(/6 decimals/);
    const beyond = await deposit({ ...dust, tx: hash("BEP20"), amount: "1.0000000000000000001" });
    expect(beyond).toMatchObject({ code: 400 });
    expect(beyond.message).toMatch(/18 decimals/);
    expect(await chip(userId)).toBe(18_001);
  });

  it("refuses unknown addresses, the wrong network, bad hashes and amounts, and a changed re-report", async () => {
    const { token, userId } = await registerPlayer(core);
    const trc = (await address(token, "TRC20")).result;
    const bep = (await address(token, "BEP20")).result;
    const ok = { network: "BEP20", address: bep, tx: hash("BEP20"), amount: "5.5", confirmations: "12" };
    const cases: [Record<string, string>, RegExp][] = [
      [{ ...ok, network: "TRC20" }, /wrong network/],
      [{ ...ok, address: trc }, /wrong network/],
      [{ ...ok, address: "0x0000000000000000000000000000000000000001" }, /No player has this address/],
      [{ ...ok, address: `${bep.slice(0, -1)}${bep.endsWith("a") ? "b" : "a"}` }, /./],
      [{ ...ok, tx: "abc" }, /tx must be/],
      [{ ...ok, amount: "0" }, /amount/],
      [{ ...ok, amount: "-5" }, /amount/],
      [{ ...ok, amount: "1e3" }, /amount/],
      [{ ...ok, amount: "1.1234567890123456789" }, /amount/],
      [{ ...ok, network: "TRC20", address: trc, tx: hash("TRC20"), amount: "1.1234567" }, /amount/],
      [{ ...ok, confirmations: "many" }, /confirmations/],
      [{ ...ok, network: "ERC20" }, /network must be/],
      [{ ...ok, amount: "2000000000" }, /too large/],
    ];
    for (const [body, message] of cases) {
      const answer = await deposit(body);
      expect(answer.code, JSON.stringify(body)).toBe(400);
      expect(answer.message).toMatch(message);
    }
    expect(await chip(userId)).toBe(0);
    expect((await deposit(ok)).result.credited).toBe(true);
    const changed = await deposit({ ...ok, amount: "6" });
    expect(changed).toMatchObject({ code: 400 });
    expect(changed.message).toMatch(/already reported/);
    expect(await chip(userId)).toBe(49_500); // 5.5 × 90.00
  });

  it("reports through the CLI command too, audited, and refuses a bad use", async () => {
    const { token, userId } = await registerPlayer(core);
    const to = (await address(token, "BEP20")).result;
    const tx = hash("BEP20");
    const lines: string[] = [];
    await runAdmin(
      [
        "deposit",
        "--network",
        "BEP20",
        "--address",
        to,
        "--tx",
        tx,
        "--amount",
        "10",
        "--confirmations",
        "12",
      ],
      core.deps.db,
      (l) => lines.push(l),
    );
    expect(lines[0]).toContain("credited 900.00 CHIP");
    expect(await chip(userId)).toBe(90_000);
    await expect(runAdmin(["deposit", "--network", "BEP20"], core.deps.db, () => {})).rejects.toThrow(
      UsageError,
    );
    const audit = await core.deps.db.query<{ action: string; operator: string }>(
      "SELECT action, operator FROM operator_audit WHERE target = $1",
      [tx],
    );
    expect(audit).toEqual([{ action: "recharge.deposit.report", operator: expect.stringMatching(/^cli:/) }]);
  });

  it("refuses a deposit address while USDT recharge is closed", async () => {
    const { token } = await registerPlayer(core);
    await runAdmin(["wallet-config", "set", "USDT", "openRecharge", "false"], core.deps.db, () => {});
    try {
      expect(await address(token, "TRC20")).toMatchObject({
        code: 400,
        message: "USDT recharge is closed at the moment",
      });
    } finally {
      await runAdmin(["wallet-config", "set", "USDT", "openRecharge", "true"], core.deps.db, () => {});
    }
  });
});
