import { currencyConfigSchema } from "#contract/wallet";
import { runAdmin } from "../../../core/src/admin";
import { currencyRules, withinWindow } from "../../../core/src/wallet/currency-config";
import { adminOutput, call, describeOnEachDatabase, operatorCall, registerPlayer } from "../../support/core";

describeOnEachDatabase("withdraw and charge config", (core) => {
  const operatorPost = (body: Record<string, string>) =>
    operatorCall<Record<string, unknown>>(core, "/wallet/config", "POST", body);

  it("answers every field of the spec for CASH and USDT to a signed-in player, and refuses others", async () => {
    const { token } = await registerPlayer(core);
    for (const currency of ["CASH", "usdt"]) {
      const answer = await call<unknown>(core, "/app/chargeAndWithdrawConfig/getConfig", {
        method: "GET",
        token,
        params: { currency },
      });
      expect(answer.code).toBe(200);
      const config = currencyConfigSchema.parse(answer.result);
      expect(config.curreny).toBe(currency.toUpperCase());
      expect(config.withdrawMinLimit).toBeLessThanOrEqual(config.withdrawMaxLimit);
    }
    const bad = await call(core, "/app/chargeAndWithdrawConfig/getConfig", {
      method: "GET",
      token,
      params: { currency: "BTC" },
    });
    expect(bad).toMatchObject({ code: 400, message: "currency must be CASH or USDT" });
    const anonymous = await call(core, "/app/chargeAndWithdrawConfig/getConfig", {
      method: "GET",
      params: { currency: "CASH" },
    });
    expect(anonymous.code).toBe(401);
  });

  it("lets an operator change fields all or none, audited; a min above the max changes nothing", async () => {
    const changed = await operatorPost({ currency: "CASH", withdrawMinLimit: "120", withdrawFeeRate: "2.5" });
    expect(changed.code).toBe(200);
    expect(changed.result).toMatchObject({ withdrawMinLimit: 120, withdrawFeeRate: 2.5 });
    const refused = await operatorPost({ currency: "CASH", withdrawMinLimit: "100", withdrawMaxLimit: "50" });
    expect(refused.code).toBe(400);
    expect((await currencyRules(core.deps.db, "CASH")).withdrawMinCents).toBe(12000);
    for (const [field, value] of [
      ["withdrawMinLimit", "-1"],
      ["withdrawMinLimit", "1e9"],
      ["weekDays", "0,8"],
      ["startAndEndTime", "25:00-26:00"],
      ["timeZone", "Mars/Base"],
      ["nonsense", "1"],
    ]) {
      expect((await operatorPost({ currency: "CASH", [field]: value })).code, `${field}=${value}`).toBe(400);
    }
    const audit = await core.deps.db.query<{ operator: string; action: string; target: string }>(
      "SELECT operator, action, target FROM operator_audit WHERE action = 'wallet.config.set' ORDER BY id DESC LIMIT 1",
    );
    expect(audit[0]).toEqual({ operator: "operator", action: "wallet.config.set", target: "CASH" });
    const lines: string[] = [];
    await runAdmin(["wallet-config", "set", "CASH", "withdrawMinLimit", "110"], core.deps.db, (l) =>
      lines.push(l),
    );
    expect((await currencyRules(core.deps.db, "CASH")).withdrawMinCents).toBe(11000);
    await runAdmin(["wallet-config", "set", "CASH", "withdrawFeeRate", "2"], core.deps.db, () => {});
    const shown = (await adminOutput(core.deps.db, ["wallet-config", "show", "cash"])).split("\n");
    expect(shown).toContain("currency CASH");
    expect(shown).toContain("withdrawMinLimit 110");
    expect(shown.join("\n")).not.toContain("curreny");
  });

  it("takes a USDT rate above 0 and up to 1,000 CHIP per USDT, and says why it refuses one", async () => {
    const before = (await currencyRules(core.deps.db, "USDT")).usdtRateCents;
    for (const [value, message] of [
      ["0", "usdtRate: the rate must be more than 0 (CHIP per USDT, such as 90)"],
      ["0.00", "usdtRate: the rate must be more than 0 (CHIP per USDT, such as 90)"],
      ["1000000000", "usdtRate: the rate must be at most 1000 CHIP per USDT"],
      ["1000.01", "usdtRate: the rate must be at most 1000 CHIP per USDT"],
    ]) {
      const refused = await operatorPost({ currency: "USDT", usdtRate: value });
      expect(refused, `usdtRate=${value}`).toMatchObject({ code: 400, message });
    }
    expect((await currencyRules(core.deps.db, "USDT")).usdtRateCents).toBe(before);
    for (const value of ["1000", "0.01", "90"]) {
      const taken = await operatorPost({ currency: "USDT", usdtRate: value });
      expect(taken.result, `usdtRate=${value}`).toMatchObject({ usdtRate: Number(value) });
    }
  });

  it("knows the open weekdays and hours in the config's time zone, also across midnight", async () => {
    const rules = await currencyRules(core.deps.db, "CASH");
    // 2026-11-23 is a Monday; 12:00 UTC is 17:30 in Kolkata.
    const monday = Date.parse("2026-11-23T12:00:00Z");
    expect(withinWindow({ ...rules, weekDays: [1], window: { start: 9 * 60, end: 18 * 60 } }, monday)).toBe(
      true,
    );
    expect(withinWindow({ ...rules, weekDays: [2, 3], window: { start: 0, end: 1439 } }, monday)).toBe(false);
    expect(withinWindow({ ...rules, weekDays: [1], window: { start: 18 * 60, end: 20 * 60 } }, monday)).toBe(
      false,
    );
    expect(withinWindow({ ...rules, weekDays: [1], window: { start: 22 * 60, end: 18 * 60 } }, monday)).toBe(
      true,
    );
  });
});
