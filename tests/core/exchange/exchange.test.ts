import { describe, expect, it } from "vitest";
import { EXCHANGE_MESSAGES, exchangeResultSchema, quoteExchange } from "#contract/assets";
import { balances } from "../../../core/src/ledger/ledger";
import { listAudit } from "../../../core/src/operator/audit";
import {
  type Balances,
  adminOutput,
  call,
  describeOnEachDatabase,
  expectOperatorRefuses,
  operatorAuth,
  operatorCall,
  registerPlayer,
} from "../../support/core";

const EXCHANGE = "/app/user/account/exchange";

describe("quoteExchange", () => {
  it("rounds the result down to the cent and takes the fee so that what is received rounds down", () => {
    expect(quoteExchange({ fromUnits: 1, toUnits: 1, feeRate: 0 }, 1234)).toEqual({
      amountCents: 1234,
      grossCents: 1234,
      feeCents: 0,
      netCents: 1234,
    });
    // 150 points give 1.50 chips; 1.99 points give 0.0199 chips: 0.01.
    expect(quoteExchange({ fromUnits: 100, toUnits: 1, feeRate: 0 }, 15_000).netCents).toBe(150);
    expect(quoteExchange({ fromUnits: 100, toUnits: 1, feeRate: 0 }, 199).netCents).toBe(1);
    expect(quoteExchange({ fromUnits: 100, toUnits: 1, feeRate: 0 }, 99).netCents).toBe(0);
    // Only what the result is worth is taken: 7.70 points give 0.07 chips for 7.00 points.
    expect(quoteExchange({ fromUnits: 100, toUnits: 1, feeRate: 0 }, 770)).toMatchObject({
      amountCents: 700,
      netCents: 7,
    });
    // 3 gold for 2 chips: 0.05 gold give 0.03 chips, worth 0.045 gold: 0.05 is taken (rounded up).
    expect(quoteExchange({ fromUnits: 3, toUnits: 2, feeRate: 0 }, 5)).toMatchObject({
      amountCents: 5,
      grossCents: 3,
    });
    expect(quoteExchange({ fromUnits: 3, toUnits: 2, feeRate: 0 }, 7)).toMatchObject({
      amountCents: 6,
      grossCents: 4,
    });
    expect(quoteExchange({ fromUnits: 100, toUnits: 1, feeRate: 0 }, 99).amountCents).toBe(0);
    // 2.5 % of 10.01: 0.25025 -> received 9.75 (rounded down), fee 0.26.
    expect(quoteExchange({ fromUnits: 1, toUnits: 1, feeRate: 2.5 }, 1001)).toEqual({
      amountCents: 1001,
      grossCents: 1001,
      feeCents: 26,
      netCents: 975,
    });
  });
});

describeOnEachDatabase("exchange", (core) => {
  const operatorPost = (path: string, body: Record<string, string>) =>
    operatorCall<Record<string, unknown>>(core, path, "POST", body);
  /** The player's idempotency key sent again with another exchange (amount 8): 409, and nothing moves. */
  const expectKeyRefusedForAnotherAmount = async (
    player: { token: string; userId: number },
    params: Record<string, string>,
    headers: Record<string, string>,
    unchanged: Balances,
  ) => {
    const other = await call(core, EXCHANGE, {
      token: player.token,
      params: { ...params, amount: "8" },
      headers,
    });
    expect(other.code).toBe(409);
    expect(await balances(core.deps.db, player.userId)).toMatchObject(unchanged);
  };

  it("offers the default pairs: CHIP and GOLD both ways 1:1, POINT to CHIP 100:1", async () => {
    const { token } = await registerPlayer(core);
    const answer = await call<{ pairs: Array<Record<string, unknown>> }>(
      core,
      "/app/user/account/exchangeConfig",
      {
        method: "GET",
        token,
      },
    );
    expect(answer.code).toBe(200);
    expect(answer.result.pairs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          fromCoin: "CHIP",
          toCoin: "GOLD",
          fromUnits: 1,
          toUnits: 1,
          enabled: true,
        }),
        expect.objectContaining({ fromCoin: "GOLD", toCoin: "CHIP", fromUnits: 1, toUnits: 1 }),
        expect.objectContaining({ fromCoin: "POINT", toCoin: "CHIP", fromUnits: 100, toUnits: 1 }),
      ]),
    );
  });

  it("exchanges chip to gold in one transaction: EXCHANGE_OUT and EXCHANGE_IN against the desk", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 10_000 } });
    const answer = await call(core, EXCHANGE, {
      token: player.token,
      params: { fromCoin: "CHIP", toCoin: "GOLD", amount: "25.50" },
    });
    expect(answer.code).toBe(200);
    const result = exchangeResultSchema.parse(answer.result);
    expect(result).toMatchObject({
      amount: 25.5,
      received: 25.5,
      fee: 0,
      balances: { chip: 74.5, gold: 25.5 },
    });
    expect(await balances(core.deps.db, player.userId)).toMatchObject({ CHIP: 7450, GOLD: 2550 });
    const entries = await core.deps.db.query<{
      kind: string;
      coin: string;
      amount: number;
      counter_account: string;
    }>(
      "SELECT kind, coin, amount, counter_account FROM ledger_entries WHERE user_id = $1 AND kind LIKE 'EXCHANGE%' ORDER BY id",
      [player.userId],
    );
    expect(entries).toEqual([
      { kind: "EXCHANGE_OUT", coin: "CHIP", amount: -2550, counter_account: "EXCHANGE" },
      { kind: "EXCHANGE_IN", coin: "GOLD", amount: 2550, counter_account: "EXCHANGE" },
    ]);
  });

  it("takes an operator's fee to FEES and gives points to chips at 100:1, rounded down", async () => {
    expect(
      (await operatorPost("/exchange/pairs", { fromCoin: "GOLD", toCoin: "CHIP", feeRate: "2.5" })).code,
    ).toBe(200);
    try {
      const player = await registerPlayer(core, { balances: { GOLD: 1001, POINT: 15_099 } });
      const gold = await call<{ received: number; fee: number }>(core, EXCHANGE, {
        token: player.token,
        params: { fromCoin: "GOLD", toCoin: "CHIP", amount: "10.01" },
      });
      expect(gold.result).toMatchObject({ received: 9.75, fee: 0.26 });
      const [fees] = await core.deps.db.query<{ cents: number }>(
        "SELECT sum(amount)::bigint AS cents FROM system_transfers WHERE kind = 'EXCHANGE_FEE' AND ref_id IN (SELECT id::text FROM exchanges WHERE user_id = $1)",
        [player.userId],
      );
      expect(Number(fees.cents)).toBe(26);
      const points = await call<{ received: number }>(core, EXCHANGE, {
        token: player.token,
        params: { fromCoin: "POINT", toCoin: "CHIP", amount: "150.99" },
      });
      // 150.99 points give 1.50 chips for 150.00 points: the 0.99 left would give nothing and stays.
      expect(points.result).toMatchObject({ amount: 150, received: 1.5 });
      expect(await balances(core.deps.db, player.userId)).toEqual({ CHIP: 975 + 150, GOLD: 0, POINT: 99 });
    } finally {
      await operatorPost("/exchange/pairs", { fromCoin: "GOLD", toCoin: "CHIP", feeRate: "0" });
    }
  });

  it("refuses an exchange whose rate or fee changed after the player saw what they would receive", async () => {
    const player = await registerPlayer(core, { balances: { GOLD: 2_000 } });
    const goldToChip = { fromCoin: "GOLD", toCoin: "CHIP", amount: "10" };
    // Seen at no fee: 10.00; the operator then sets 2.5 %, which gives 9.75.
    expect(
      (await operatorPost("/exchange/pairs", { fromCoin: "GOLD", toCoin: "CHIP", feeRate: "2.5" })).code,
    ).toBe(200);
    try {
      const refused = await call(core, EXCHANGE, {
        token: player.token,
        params: { ...goldToChip, received: "10" },
        headers: { "idempotency-key": "quote-changed-1" },
      });
      expect(refused).toMatchObject({
        code: 409,
        message: EXCHANGE_MESSAGES.quoteChanged,
        result: { reason: "QUOTE_CHANGED" },
      });
      expect(await balances(core.deps.db, player.userId)).toMatchObject({ CHIP: 0, GOLD: 2_000 });
      // What it gives now, confirmed, goes through (the refused key made nothing: it can be used).
      const made = await call(core, EXCHANGE, {
        token: player.token,
        params: { ...goldToChip, received: "9.75" },
        headers: { "idempotency-key": "quote-changed-1" },
      });
      expect(made.code).toBe(200);
      expect(made.result).toMatchObject({ received: 9.75 });
      // Without `received`, an API client takes the exchange at the rate of the moment, as before.
      const unchecked = await call(core, EXCHANGE, { token: player.token, params: goldToChip });
      expect(unchecked.result).toMatchObject({ received: 9.75 });
      expect(await balances(core.deps.db, player.userId)).toMatchObject({ CHIP: 1_950, GOLD: 0 });
    } finally {
      await operatorPost("/exchange/pairs", { fromCoin: "GOLD", toCoin: "CHIP", feeRate: "0" });
    }
  });

  it("refuses every bad amount, pair and balance with a clear message, changing nothing", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 5_000, POINT: 50 } });
    const chipToGold = { fromCoin: "CHIP", toCoin: "GOLD" };
    const notAnAmount = "Enter an amount such as 10 or 10.50";
    // Amounts of chips to exchange to gold, and the message each gets.
    const amounts = [
      ["", notAnAmount],
      ["-5", "The amount must be more than 0"],
      ["0", "The amount must be more than 0"],
      ["1.005", "At most two decimals"],
      ["99999999999999", notAnAmount],
      ["1000000001", "The amount is too large"],
      ["1e9", notAnAmount],
      ["NaN", notAnAmount],
      ["ten", notAnAmount],
      ["50.01", "Insufficient balance"],
    ];
    type Refusal = [params: Record<string, string>, message: string];
    const cases: Refusal[] = [
      [chipToGold, notAnAmount],
      ...amounts.map(([amount, message]): Refusal => [{ ...chipToGold, amount }, message]),
      [{ fromCoin: "CHIP", toCoin: "USD", amount: "1" }, "toCoin must be CHIP, GOLD or POINT"],
      [{ fromCoin: "CHIP", toCoin: "CHIP", amount: "1" }, "Choose two different coins"],
      [{ fromCoin: "CHIP", toCoin: "POINT", amount: "1" }, "This exchange is not offered"],
      [{ fromCoin: "POINT", toCoin: "CHIP", amount: "0.50" }, "The amount is too small to give anything"],
    ];
    for (const [params, message] of cases) {
      const answer = await call(core, EXCHANGE, { token: player.token, params });
      expect(answer, JSON.stringify(params)).toMatchObject({ code: 400, message });
    }
    expect(
      await operatorPost("/exchange/pairs", { fromCoin: "CHIP", toCoin: "GOLD", enabled: "false" }),
    ).toMatchObject({
      code: 200,
    });
    try {
      const closed = await call(core, EXCHANGE, {
        token: player.token,
        params: { fromCoin: "CHIP", toCoin: "GOLD", amount: "1" },
      });
      expect(closed).toMatchObject({ code: 400, message: "This exchange is closed for now" });
    } finally {
      await operatorPost("/exchange/pairs", { fromCoin: "CHIP", toCoin: "GOLD", enabled: "true" });
    }
    expect(
      await call(core, EXCHANGE, { params: { fromCoin: "CHIP", toCoin: "GOLD", amount: "1" } }),
    ).toMatchObject({
      code: 401,
    });
    expect(await balances(core.deps.db, player.userId)).toEqual({ CHIP: 5_000, GOLD: 0, POINT: 50 });
    const [n] = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM exchanges WHERE user_id = $1",
      [player.userId],
    );
    expect(n.n).toBe(0);
  });

  it("never overspends: 30 parallel exchanges of 10 against a balance of 100 make exactly 10", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 10_000 } });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        call(core, EXCHANGE, {
          token: player.token,
          params: { fromCoin: "CHIP", toCoin: "GOLD", amount: "10" },
        }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.code === 400 && a.message === "Insufficient balance")).toHaveLength(20);
    expect(await balances(core.deps.db, player.userId)).toEqual({ CHIP: 0, GOLD: 10_000, POINT: 0 });
  });

  it("exchanges both ways between two coins at once without a deadlock: each one goes through", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 10_000, GOLD: 10_000 } });
    const both = (fromCoin: string, toCoin: string) =>
      Array.from({ length: 25 }, () =>
        call(core, EXCHANGE, { token: player.token, params: { fromCoin, toCoin, amount: "1" } }),
      );
    const answers = await Promise.all([...both("CHIP", "GOLD"), ...both("GOLD", "CHIP")]);
    expect(answers.map((a) => `${a.code} ${a.message}`).filter((a) => a !== "200 success")).toEqual([]);
    expect(await balances(core.deps.db, player.userId)).toEqual({ CHIP: 10_000, GOLD: 10_000, POINT: 0 });
  });

  it("takes only what the result is worth, and a retry of the amount asked answers that exchange", async () => {
    const player = await registerPlayer(core, { balances: { POINT: 1_000 } });
    const headers = { "idempotency-key": `ex-kept-${player.userId}` };
    const asked = { fromCoin: "POINT", toCoin: "CHIP", amount: "7.70" };
    const first = await call<{ id: number; amount: number; received: number }>(core, EXCHANGE, {
      token: player.token,
      params: asked,
      headers,
    });
    expect(first.result).toMatchObject({ amount: 7, received: 0.07 });
    expect(await balances(core.deps.db, player.userId)).toMatchObject({ CHIP: 7, POINT: 300 });
    for (const amount of ["7.70", "7.00"]) {
      const again = await call<{ id: number }>(core, EXCHANGE, {
        token: player.token,
        params: { ...asked, amount },
        headers,
      });
      expect(again.result.id, amount).toBe(first.result.id);
    }
    await expectKeyRefusedForAnotherAmount(player, asked, headers, { CHIP: 7, POINT: 300 });
  });

  it("takes effect once per idempotency key, and refuses the key with another exchange (409)", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 10_000 } });
    const headers = { "idempotency-key": `ex-${player.userId}` };
    const params = { fromCoin: "CHIP", toCoin: "GOLD", amount: "7" };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call<{ id: number }>(core, EXCHANGE, { token: player.token, params, headers }),
      ),
    );
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.result.id)).size).toBe(1);
    expect(await balances(core.deps.db, player.userId)).toMatchObject({ CHIP: 9_300, GOLD: 700 });
    await expectKeyRefusedForAnotherAmount(player, params, headers, { CHIP: 9_300, GOLD: 700 });
  });

  it("lets operators list, add and edit pairs through the API and the CLI, audited; bad values change nothing", async () => {
    const list = await fetch(`${core.url}/operator/exchange/pairs`, {
      headers: { authorization: operatorAuth },
    });
    expect(
      ((await list.json()) as { result: { pairs: unknown[] } }).result.pairs.length,
    ).toBeGreaterThanOrEqual(3);
    const unauthorised = await fetch(`${core.url}/operator/exchange/pairs`);
    expect(((await unauthorised.json()) as { code: number }).code).toBe(401);
    await expectOperatorRefuses(core, "/exchange/pairs", [
      { fromCoin: "CHIP", toCoin: "GOLD", feeRate: "51" },
      { fromCoin: "CHIP", toCoin: "GOLD", fromUnits: "0" },
      { fromCoin: "CHIP", toCoin: "CHIP", fromUnits: "1" },
      { fromCoin: "BTC", toCoin: "CHIP", fromUnits: "1" },
      { fromCoin: "CHIP", toCoin: "GOLD", colour: "red" },
      { fromCoin: "GOLD", toCoin: "POINT", feeRate: "1" },
    ]);
    const added = await operatorPost("/exchange/pairs", {
      fromCoin: "GOLD",
      toCoin: "POINT",
      fromUnits: "1",
      toUnits: "100",
    });
    expect(added).toMatchObject({
      code: 200,
      result: { fromCoin: "GOLD", toCoin: "POINT", toUnits: 100, enabled: true },
    });
    const output = await adminOutput(
      core.deps.db,
      ["exchange-pair", "set", "GOLD", "POINT", "enabled", "false"],
      ["exchange-pair", "list"],
    );
    expect(output).toContain("GOLD -> POINT: 1 gives 100, fee 0 %, disabled");
    // A wrong verb gets this command's usage, not the points command's beside it.
    const wrong = adminOutput(core.deps.db, ["exchange-pair", "remove", "GOLD", "POINT"]);
    await expect(wrong).rejects.toThrow(/admin exchange-pair set FROM TO/);
    await expect(wrong).rejects.not.toThrow(/admin points/);
    const audit = await listAudit(core.deps.db, 10);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["exchange.pair.add", "exchange.pair.edit"]),
    );
    expect(audit.find((a) => a.action === "exchange.pair.add")).toMatchObject({
      operator: "operator",
      target: "GOLD->POINT",
    });
  });

  it("counts in the user info's exchangeBalance the balances of coins with an enabled pair out of them", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 1_000, GOLD: 250, POINT: 7 } });
    const info = await call<{ exchangeBalance: number }>(core, "/app/user/getUserInfo", {
      method: "GET",
      token: player.token,
    });
    expect(info.result.exchangeBalance).toBe(12.57);
    await operatorPost("/exchange/pairs", { fromCoin: "POINT", toCoin: "CHIP", enabled: "false" });
    try {
      const again = await call<{ exchangeBalance: number }>(core, "/app/user/getUserInfo", {
        method: "GET",
        token: player.token,
      });
      expect(again.result.exchangeBalance).toBe(12.5);
    } finally {
      await operatorPost("/exchange/pairs", { fromCoin: "POINT", toCoin: "CHIP", enabled: "true" });
    }
  });
});
