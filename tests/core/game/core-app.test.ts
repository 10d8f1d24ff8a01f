import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestCore, call, registerPlayer, startTestCore } from "../../support/core";

let core: TestCore;
beforeAll(async () => {
  core = await startTestCore({ seed: false, config: { roundSeconds: 60, betCloseSeconds: 5 } });
});
afterAll(() => core?.close());

describe("game calls through the real core app", () => {
  it("serves levels, the session, a bet and the records with a real token", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 50_000 } });

    const levels = await call<Array<{ level: number }>>(core, "/app/game/luckyLottery/getLevelList", {
      method: "GET",
      params: { coin: "CHIP" },
    });
    expect(levels.result.map((l) => l.level)).toEqual([1, 2, 3]);

    // Skip to just after a round boundary so that betting is surely open.
    const now = core.deps.now();
    core.advance(60_000 - (now % 60_000) + 1_000);
    const session = await call<{ id: number; seedHash: string }>(core, "/app/game/luckyLottery/getSession", {
      method: "GET",
      params: { level: 1, coin: "CHIP" },
    });
    expect(session.code).toBe(200);

    const bet = await call<{ balance: number }>(core, "/app/game/luckyLottery/betting", {
      method: "POST",
      token: player.token,
      params: {
        gameSessionId: session.result.id,
        betName: "Violet",
        baseAmount: 10,
        betMultiples: 3,
        totalBetAmount: 30,
        coin: "CHIP",
      },
      headers: { "idempotency-key": "abc" },
    });
    expect(bet.message).toBe("Bet placed successfully");
    expect(bet.result.balance).toBe(470);

    const anonymous = await call(core, "/app/game/luckyLottery/betting", {
      method: "POST",
      params: {
        gameSessionId: session.result.id,
        betName: "Red",
        baseAmount: 1,
        betMultiples: 1,
        totalBetAmount: 1,
      },
    });
    expect(anonymous.code).toBe(401);

    const records = await call<{
      totalElements: number;
      content: Array<{ betName: string; status: string }>;
    }>(core, "/app/game/luckyLottery/userLotteryRecordPage", {
      method: "GET",
      token: player.token,
      params: { pageNo: 1, pageSize: 20, coin: "CHIP" },
    });
    expect(records.result.totalElements).toBe(1);
    expect(records.result.content[0]).toMatchObject({ betName: "Violet", status: "WAITING" });

    const info = await call<{ totalBetAmount: number }>(core, "/app/user/getUserInfo", {
      method: "GET",
      token: player.token,
    });
    expect(info.code).toBe(200);
    // totalBetAmount is the player's team's settled stakes (docs/team.md, decision 045), not their
    // own: this player has no team. Their own bet is in the records above.
    expect(info.result.totalBetAmount).toBe(0);
  });
});

describe("the scheduler as a background job of the core", () => {
  it("creates and settles rounds on its own, and stops with the core", async () => {
    const running = await startTestCore({
      seed: false,
      jobs: true,
      config: { roundSeconds: 2, betCloseSeconds: 1 },
    });
    try {
      const deadline = Date.now() + 15_000;
      let settled = 0;
      while (Date.now() < deadline && settled === 0) {
        await new Promise((r) => setTimeout(r, 500));
        const rows = await running.deps.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM game_rounds WHERE result IS NOT NULL",
        );
        settled = rows[0].n;
      }
      expect(settled).toBeGreaterThan(0);
    } finally {
      await running.close();
    }
  });
});
