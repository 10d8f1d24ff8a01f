import { expect, it, vi } from "vitest";
import { betRankSchema, gameChannelListSchema, gameConfigListSchema, gameUrlSchema } from "#contract/lobby";
import { placeBet } from "../../../core/src/game/bets";
import { setLevel } from "../../../core/src/game/levels";
import { ensureRound, roundWindow } from "../../../core/src/game/rounds";
import { settleRound } from "../../../core/src/game/settle";
import { operatorDayBounds } from "../../../core/src/limits/operator-day";
import { platformBetAmount } from "../../../core/src/lobby/summary";
import { listAudit } from "../../../core/src/operator/audit";
import { DEV_OPERATOR_PASSWORD } from "../../../core/src/platform/config";
import { call, describeOnEachDatabase, registerPlayer } from "../../support/core";
import { TIMING, stake } from "../game/helpers";

const operator = `Basic ${Buffer.from(`operator:${DEV_OPERATOR_PASSWORD}`).toString("base64")}`;

describeOnEachDatabase("lobby", (core) => {
  it("lists the channels and games: the lottery per coin, the sandbox provider's game", async () => {
    const channels = gameChannelListSchema.parse(
      (await call(core, "/app/gameChannel/list", { method: "GET" })).result,
    );
    const games = gameConfigListSchema.parse(
      (await call(core, "/app/game/config/list", { method: "GET" })).result,
    );
    expect(channels.map((c) => c.name)).toEqual(["Colour Lottery", "Sandbox"]);
    expect(games.filter((g) => g.kind === "LOTTERY").map((g) => g.coin)).toEqual(["CHIP", "GOLD", "POINT"]);
    expect(games.find((g) => g.kind === "EXTERNAL")).toMatchObject({ name: "Sandbox Spin" });
    // No secret or launch URL in the public list.
    expect(JSON.stringify(games)).not.toMatch(/secret|launch/i);
  });

  it("gives each lottery game its default room's running round and latest results, in one query", async () => {
    const db = core.deps.db;
    const now = core.deps.now();
    const current = roundWindow(now, TIMING);
    // Four earlier rounds of CHIP's first room, drawn; the newest three are the game's results.
    const drawn = [];
    for (const back of [4, 3, 2, 1]) {
      const earlier = roundWindow(current.startTime - back * 60_000, TIMING);
      const round = await ensureRound(db, "CHIP", 1, earlier);
      const settled = await settleRound(db, round.id, earlier.endTime);
      if (!settled) throw new Error(`round ${round.id} was not drawn`);
      drawn.push({ id: round.id, result: settled.result });
    }
    const running = await ensureRound(db, "CHIP", 1, current);
    // Another room's round is not the game's: the default room is the lowest open level.
    await ensureRound(db, "CHIP", 2, current);

    const query = vi.spyOn(db, "query");
    const answer = await call(core, "/app/game/config/list", { method: "GET" });
    const queries = query.mock.calls.length;
    query.mockRestore();
    const games = gameConfigListSchema.parse(answer.result);
    expect(queries).toBe(1);

    const chip = games.find((g) => g.coin === "CHIP");
    expect(chip?.round).toEqual({
      id: running.id,
      level: 1,
      betEndTime: running.betEndTime,
      sessionEndTime: running.endTime,
      timestamp: expect.any(Number),
    });
    expect(chip?.round?.timestamp).toBeGreaterThanOrEqual(now);
    expect(chip?.round?.timestamp).toBeLessThan(running.endTime);
    expect(chip?.lastResults).toEqual(drawn.slice(1).reverse());
    // GOLD has no round made yet (no scheduler runs here): no round, no results, still listed.
    expect(games.find((g) => g.coin === "GOLD")).toMatchObject({ round: null, lastResults: [] });
    // An external game has neither.
    const external = games.find((g) => g.kind === "EXTERNAL");
    expect(external && "round" in external).toBe(false);

    // With CHIP's first room closed, the game shows its second room's round.
    await setLevel(db, "CHIP", 1, { enableFlag: false });
    try {
      const after = gameConfigListSchema.parse(
        (await call(core, "/app/game/config/list", { method: "GET" })).result,
      );
      expect(after.find((g) => g.coin === "CHIP")).toMatchObject({ round: { level: 2 }, lastResults: [] });
    } finally {
      await setLevel(db, "CHIP", 1, { enableFlag: true });
    }
  });

  it("signs a short-lived launch URL that the sandbox provider accepts, and refuses a forged or expired one", async () => {
    const player = await registerPlayer(core);
    const games = gameConfigListSchema.parse(
      (await call(core, "/app/game/config/list", { method: "GET" })).result,
    );
    const sandbox = games.find((g) => g.kind === "EXTERNAL");
    if (!sandbox) throw new Error("no sandbox game");
    expect(
      (await call(core, "/app/games/getGameUrl", { method: "GET", params: { gameId: sandbox.id } })).code,
    ).toBe(401);
    const answer = await call(core, "/app/games/getGameUrl", {
      method: "GET",
      token: player.token,
      params: { gameId: sandbox.id },
    });
    const { url, expiresAt } = gameUrlSchema.parse(answer.result);
    expect(url.startsWith("/games/sandbox?")).toBe(true);
    expect(expiresAt).toBeGreaterThan(Date.now());
    const params = Object.fromEntries(new URL(url, "http://x").searchParams);
    const launch = (p: Record<string, string>) =>
      call(core, "/app/games/sandbox/launch", { method: "GET", params: p });
    const okay = await launch(params);
    expect(okay).toMatchObject({ code: 200, result: { gameName: "Sandbox Spin" } });
    expect(JSON.stringify(okay)).not.toContain(player.phone);
    // Another player's id with the same signature is refused.
    expect((await launch({ ...params, player: String(player.userId + 1) })).code).toBe(403);
    expect((await launch({ ...params, sig: "0".repeat(64) })).code).toBe(403);
    core.advance(6 * 60_000);
    expect((await launch(params)).message).toMatch(/expired/);
    const lottery = await call(core, "/app/games/getGameUrl", {
      method: "GET",
      token: player.token,
      params: { gameId: games[0].id },
    });
    expect(lottery.result).toEqual({ url: "/pages/game/gameList?coin=CHIP", expiresAt: null });
  });

  it("ranks today's players by stake with masked phones, and sums today's platform bets", async () => {
    const now = core.deps.now();
    const round = await ensureRound(core.deps.db, "CHIP", 1, roundWindow(now, TIMING));
    const at = round.startTime + 1000;
    const small = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const big = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const before = (await call<{ chip: number }>(core, "/app/summary/platformBetAmount", { method: "GET" }))
      .result.chip;
    await placeBet(core.deps.db, small.userId, stake("Red", round.id, 1), at);
    await placeBet(core.deps.db, big.userId, stake("Green", round.id, 50), at);
    const total = (await call<{ chip: number }>(core, "/app/summary/platformBetAmount", { method: "GET" }))
      .result.chip;
    // The round may end tomorrow (the operator's day) when the test runs at midnight: then it is not today's.
    const [, tomorrow] = await operatorDayBounds(core.deps.db, now);
    if (round.endTime < tomorrow) {
      expect(total).toBe(before + 510);
      const rank = betRankSchema.parse((await call(core, "/app/summary/betRank", { method: "GET" })).result);
      const text = JSON.stringify(rank);
      expect(text).not.toContain(big.phone);
      expect(text).not.toContain(small.phone);
      expect(text).not.toContain(big.token);
      const row = rank.find((r) => r.phone === `${big.phone.slice(0, 2)}****${big.phone.slice(-4)}`);
      expect(row?.amount).toBe(500);
      expect(rank.map((r) => r.rank)).toEqual(rank.map((_, i) => i + 1));
    }
  });

  it("counts today's platform bets by the operator's day (Asia/Kolkata), not the UTC day", async () => {
    // 21:00 UTC on the 26th is 02:30 on the 27th in Kolkata: a round that ended at 20:00 UTC
    // (01:30 on the 27th) is today's; one that ended at 18:00 UTC (23:30 on the 26th) is not.
    const now = Date.parse("2026-11-26T21:00:00Z");
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const before = (await platformBetAmount(core.deps.db, now)).chip;
    for (const [endsAt, multiple] of [
      ["2026-11-26T20:00:00Z", 2],
      ["2026-11-26T18:00:00Z", 7],
    ] as const) {
      const round = await ensureRound(core.deps.db, "CHIP", 1, roundWindow(Date.parse(endsAt) - 1, TIMING));
      await placeBet(core.deps.db, player.userId, stake("Red", round.id, multiple), round.startTime + 1000);
    }
    expect((await platformBetAmount(core.deps.db, now)).chip).toBe(before + 20);
  });

  it("operators add an external game (audited); bad launch URLs are refused", async () => {
    const post = (path: string, body: Record<string, string>) =>
      fetch(`${core.url}/operator${path}`, {
        method: "POST",
        headers: { authorization: operator, "content-type": "application/json" },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ code: number; result: { id: number; secret: string } }>);
    expect(
      (await post("/lobby/games", { channel: "Slots", name: "X", launchUrl: "http://insecure" })).code,
    ).toBe(400);
    const added = await post("/lobby/games", {
      channel: "Slots",
      name: "Lucky 7",
      launchUrl: "https://games.example.com/launch",
    });
    expect(added.code).toBe(200);
    expect(added.result.secret).toMatch(/^[0-9a-f]{64}$/);
    const channels = gameChannelListSchema.parse(
      (await call(core, "/app/gameChannel/list", { method: "GET" })).result,
    );
    expect(channels.map((c) => c.name)).toContain("Slots");
    expect((await listAudit(core.deps.db, 5)).some((a) => a.action === "lobby.game.add")).toBe(true);
    expect((await post("/lobby/games/enabled", { id: String(added.result.id), enabled: "0" })).code).toBe(
      200,
    );
    const games = gameConfigListSchema.parse(
      (await call(core, "/app/game/config/list", { method: "GET" })).result,
    );
    expect(games.map((g) => g.name)).not.toContain("Lucky 7");
  });
});
