import { expect, it } from "vitest";
import { pointInfoSchema } from "#contract/assets";
import { balances, post } from "../../../core/src/ledger/ledger";
import type { Db } from "../../../core/src/platform/db";
import { adminOutput, call, describeOnEachDatabase, registerPlayer } from "../../support/core";

/** Stakes as the game books them: BET entries against the house (points read only the ledger). */
async function bet(db: Db, userId: number, cents: number, ref: string) {
  await db.tx((tx) =>
    post(tx, { userId, coin: "CHIP", amount: -cents, kind: "BET", counter: "HOUSE", refId: ref }),
  );
}

describeOnEachDatabase("points", (core) => {
  it("accrue from chip turnover at 1 point per 100 staked and are claimed into POINT once", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const info0 = await call(core, "/app/user/account/pointInfo", { method: "GET", token: player.token });
    expect(pointInfoSchema.parse(info0.result)).toMatchObject({ turnover: 0, claimable: 0, pointsPer100: 1 });
    const nothing = await call(core, "/app/user/account/receivePoint", { token: player.token });
    expect(nothing).toMatchObject({ code: 200, message: "No points to claim yet", result: { received: 0 } });

    await bet(core.deps.db, player.userId, 25_000, `p-${player.userId}-1`);
    await bet(core.deps.db, player.userId, 1_099, `p-${player.userId}-2`);
    const info = await call(core, "/app/user/account/pointInfo", { method: "GET", token: player.token });
    // 260.99 staked: 2.6099 points, rounded down to 2.60.
    expect(info.result).toMatchObject({ turnover: 260.99, earned: 2.6, claimed: 0, claimable: 2.6 });
    const claimed = await call(core, "/app/user/account/receivePoint", { token: player.token });
    expect(claimed).toMatchObject({ code: 200, result: { received: 2.6, point: 2.6 } });
    const [entry] = await core.deps.db.query<{ kind: string; counter_account: string; amount: number }>(
      "SELECT kind, counter_account, amount FROM ledger_entries WHERE user_id = $1 AND coin = 'POINT'",
      [player.userId],
    );
    expect(entry).toEqual({ kind: "POINT_CLAIM", counter_account: "POINTS_ISSUED", amount: 260 });
    const again = await call(core, "/app/user/account/receivePoint", { token: player.token });
    expect(again.result).toMatchObject({ received: 0, point: 2.6 });
    // More turnover earns more (361.00 staked: 3.61 points); the claimed part is not paid twice
    // and the fraction rounded away before counts now.
    await bet(core.deps.db, player.userId, 10_001, `p-${player.userId}-3`);
    const more = await call(core, "/app/user/account/receivePoint", { token: player.token });
    expect(more.result).toMatchObject({ received: 1.01, point: 3.61 });
  });

  it("pays 20 parallel claims once", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    await bet(core.deps.db, player.userId, 50_000, `q-${player.userId}`);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call<{ received: number }>(core, "/app/user/account/receivePoint", { token: player.token }),
      ),
    );
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(answers.filter((a) => a.result.received > 0)).toHaveLength(1);
    expect((await balances(core.deps.db, player.userId)).POINT).toBe(500);
  });

  it("refuses a player who is not signed in", async () => {
    expect(await call(core, "/app/user/account/receivePoint")).toMatchObject({ code: 401 });
    expect(await call(core, "/app/user/account/pointInfo", { method: "GET" })).toMatchObject({ code: 401 });
  });

  it("shows and sets its rate with `admin points rate`, and a wrong verb gets its own usage", async () => {
    const db = core.deps.db;
    expect(await adminOutput(db, ["points", "rate"])).toBe("1 points per 100 CHIP staked");
    try {
      expect(await adminOutput(db, ["points", "rate", "2.5"], ["points", "rate"])).toBe(
        "points per 100 staked: 1 -> 2.5\n2.5 points per 100 CHIP staked",
      );
    } finally {
      await adminOutput(db, ["points", "rate", "1"]);
    }
    const wrong = adminOutput(db, ["points", "claim"]);
    await expect(wrong).rejects.toThrow(/admin points rate \[POINTS_PER_100\]/);
    await expect(wrong).rejects.not.toThrow(/exchange-pair/);
  });
});
