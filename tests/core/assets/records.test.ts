import { expect, it } from "vitest";
import { assetRecordPageSchema } from "#contract/assets";
import { post } from "../../../core/src/ledger/ledger";
import { call, describeOnEachDatabase, registerPlayer } from "../../support/core";

const RECORDS = "/app/user/account/findUserAccountRecordPage";

describeOnEachDatabase("asset records", (core) => {
  it("list every ledger entry of the player, newest first, with the balance after it, paged and filtered", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 10_000, GOLD: 500 } });
    const stranger = await registerPlayer(core, { balances: { CHIP: 999 } });
    await core.deps.db.tx((tx) =>
      post(tx, {
        userId: player.userId,
        coin: "CHIP",
        amount: -1_000,
        kind: "BET",
        counter: "HOUSE",
        refId: "424242",
      }),
    );
    await call(core, "/app/user/account/exchange", {
      token: player.token,
      params: { fromCoin: "CHIP", toCoin: "GOLD", amount: "5" },
    });
    const all = assetRecordPageSchema.parse(
      (await call(core, RECORDS, { method: "GET", token: player.token })).result,
    );
    expect(all.totalElements).toBe(5);
    expect(all.content.map((r) => [r.kind, r.coin, r.amount, r.balanceAfter])).toEqual([
      ["EXCHANGE_IN", "GOLD", 5, 10],
      ["EXCHANGE_OUT", "CHIP", -5, 85],
      ["BET", "CHIP", -10, 90],
      ["ADJUST", "GOLD", 5, 5],
      ["ADJUST", "CHIP", 100, 100],
    ]);
    expect(all.content[2]).toMatchObject({ refType: "BET", refId: "424242" });
    expect(all.content[0].refType).toBe("EXCHANGE");

    const chip = await call(core, RECORDS, {
      method: "GET",
      token: player.token,
      params: { coin: "CHIP", pageSize: 2 },
    });
    expect(chip.result).toMatchObject({ totalElements: 3, pageNo: 1, pageSize: 2 });
    const second = await call<{ content: unknown[]; totalElements: number }>(core, RECORDS, {
      method: "GET",
      token: player.token,
      params: { coin: "CHIP", pageSize: 2, pageNo: 2 },
    });
    expect(second.result.content).toHaveLength(1);
    const bets = await call<{ content: Array<{ kind: string }> }>(core, RECORDS, {
      method: "GET",
      token: player.token,
      params: { kind: "BET" },
    });
    expect(bets.result.content.map((r) => r.kind)).toEqual(["BET"]);
    const beyond = await call(core, RECORDS, { method: "GET", token: player.token, params: { pageNo: 9 } });
    expect(beyond.result).toMatchObject({ content: [], totalElements: 5 });
    const mine = await call<{ totalElements: number }>(core, RECORDS, {
      method: "GET",
      token: stranger.token,
    });
    expect(mine.result.totalElements).toBe(1);
  });

  it("refuses bad filters and anonymous callers", async () => {
    const player = await registerPlayer(core);
    for (const params of [{ coin: "USD" }, { kind: "bet; drop" }, { pageNo: "0" }, { pageSize: "1000" }]) {
      expect((await call(core, RECORDS, { method: "GET", token: player.token, params })).code).toBe(400);
    }
    expect((await call(core, RECORDS, { method: "GET" })).code).toBe(401);
  });
});
