/**
 * The game pages' loaders and actions, called with a Request against a real reference core
 * (tests/support/core.ts) on an ephemeral PGlite database.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { loader as betDetailsLoader } from "~/routes/pages.betRecord.betDetails.betDetails";
import { loader as betRecordLoader } from "~/routes/pages.betRecord.betRecord";
import { action as gameAction, loader as gameLoader } from "~/routes/pages.game.game/route";
import { loader as gameListLoader } from "~/routes/pages.game.gameList";
import { loader as rulesLoader } from "~/routes/pages.game.rules";
import { loader as verifyLoader } from "~/routes/pages.game.verify/route";
import { getToast } from "~/utils/toast.server";
import { resolveToken } from "../../../core/src/auth/tokens";
import { fairnessOf } from "../../../core/src/game/fairness-keys";
import { settleDue } from "../../../core/src/game/settle";
import { voidRound } from "../../../core/src/game/void-rounds";
import { call, credit, registerPlayer } from "../../support/core";
import { requestWithSession, sessionFromResponse } from "../helpers";
import { useCoreWithPlayer } from "./core-with-player";

const player = useCoreWithPlayer(100_000);
const APP = "http://app.test";

const args = (request: Request) => ({ request, params: {}, context: {} });
/** A loader or action answer's JSON body, loosely typed for assertions. */
// biome-ignore lint/suspicious/noExplicitAny: assertions read arbitrary JSON
const bodyOf = async (response: unknown): Promise<any> => (response as Response).json();
const get = async (path: string, extra: Record<string, string> = {}) =>
  requestWithSession(`${APP}${path}`, { token: player.token, ...extra });
const postForm = async (path: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  requestWithSession(
    `${APP}${path}`,
    { token: player.token },
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(body),
    },
  );

async function loadGame(query = "level=1&coin=CHIP") {
  const res = (await gameLoader(args(await get(`/pages/game/game?${query}`)))) as Response;
  return { res, data: await res.json() };
}

/**
 * The game page with a round that takes bets for at least 10 more seconds: when the current one
 * closes sooner, the core's clock moves on to the start of the next round (as bad-bets.test.ts
 * does), so that a bet placed right after never meets a closed round.
 */
async function loadOpenGame(query = "level=1&coin=CHIP") {
  const first = await loadGame(query);
  if (first.data.round.remaining.bet >= 10) return first;
  const clock = first.data.round.clock;
  player.core.advance(clock.sessionEndTime - clock.serverNow + 10);
  const next = await loadGame(query);
  expect(next.data.round.id).not.toBe(first.data.round.id);
  expect(next.data.round.remaining.bet).toBeGreaterThanOrEqual(10);
  return next;
}

describe("game list", () => {
  it("lists the levels of the asked coin, its balance and symbol, and remembers the coin", async () => {
    const res = (await gameListLoader(args(await get("/pages/game/gameList?coin=GOLD")))) as Response;
    const data = await res.json();
    expect(data.coin).toBe("GOLD");
    expect(data.symbol).toBe("");
    expect(data.levels.length).toBeGreaterThan(0);
    expect(data.levels[0]).toMatchObject({ level: 1, enabled: true });
    expect((await sessionFromResponse(res)).get("coin")).toBe("GOLD");
    const chip = await (await gameListLoader(args(await get("/pages/game/gameList?coin=CHIP")))).json();
    expect(chip).toMatchObject({ coin: "CHIP", symbol: "₹", balance: 1000 });
  });

  it("sends a visitor to the login page", async () => {
    const request = new Request(`${APP}/pages/game/gameList?coin=POINT`);
    await expect(gameListLoader(args(request))).rejects.toMatchObject({ status: 302 });
  });
});

describe("game page", () => {
  it("renders the round with server-side remaining seconds and a fresh form key", async () => {
    const { data } = await loadGame();
    expect(data.round.id).toMatch(/^\d+$/);
    expect(data.round.remaining.round).toBeGreaterThan(0);
    expect(data.round.remaining.round).toBeLessThanOrEqual(60);
    expect(data.round.refreshAfter).toBe(data.round.remaining.round + 1);
    expect(data.baseAmounts.length).toBeGreaterThan(0);
    expect(data.previousDraw).toBe("01234");
    expect(data.formKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(data)).not.toContain(player.token);
    const again = await loadGame();
    expect(again.data.formKey).not.toBe(data.formKey);
  });

  it("a voided round (no key can draw it) shows betting closed, says why, and refuses a bet", async () => {
    // The room's current round, asked of the core itself (the app has not cached it yet), voided.
    const session = await call<{ id: number }>(player.core, "/app/game/luckyLottery/getSession", {
      params: { level: 3, coin: "GOLD" },
    });
    const nowMs = player.core.deps.now();
    // Gold enough for the room (₹1,000 to ₹10,000,000), so that only the void can refuse the bet.
    const me = await resolveToken(player.core.deps.db, player.token, nowMs);
    if (!me.ok) throw new Error("the test player's token does not resolve");
    await credit(player.core.deps.db, me.userId, { GOLD: 500_000 });
    await player.core.deps.db.tx((tx) =>
      voidRound(tx, fairnessOf(player.core.deps.config), session.result.id, "SEED_UNREADABLE", nowMs),
    );
    const { data } = await loadGame("level=3&coin=GOLD");
    expect(data.round).toMatchObject({ id: String(session.result.id), voided: true });
    expect(data.round.remaining.bet).toBe(0);
    const refused = await gameAction(
      args(
        await postForm(
          "/pages/game/game",
          {
            intent: "bet",
            gameSessionId: data.round.id,
            betName: "Red",
            baseAmount: String(data.baseAmounts[0]),
            betMultiples: "1",
            coin: "GOLD",
            level: "3",
            idempotencyKey: data.formKey,
          },
          { accept: "application/json" },
        ),
      ),
    );
    expect(await bodyOf(refused)).toMatchObject({ message: "Betting is closed for this round" });
  });

  it("shows the upstream's message for a room without a session, and locks betting", async () => {
    const { data } = await loadGame("level=50&coin=CHIP");
    expect(data.round).toBeNull();
    expect(data.emptyMessage).toBe("The current session configuration is empty");
  });

  it("places a bet once per form key, answering JSON {code, message, result}", async () => {
    const { data } = await loadOpenGame();
    const form = {
      intent: "bet",
      gameSessionId: data.round.id,
      betName: "Violet",
      baseAmount: String(data.baseAmounts[0]),
      betMultiples: "3",
      coin: "CHIP",
      level: "1",
      idempotencyKey: data.formKey,
    };
    const first = (await gameAction(
      args(await postForm("/pages/game/game", form, { accept: "application/json" })),
    )) as Response;
    expect(first.status).toBe(200);
    const body = await first.json();
    expect(body).toMatchObject({ code: 200, result: { betName: "Violet", betMultiples: 3 } });
    expect(body.message).toBeTruthy();
    const second = await bodyOf(
      await gameAction(args(await postForm("/pages/game/game", form, { accept: "application/json" }))),
    );
    expect(second.result.id).toBe(body.result.id);
    const after = await loadGame("level=1&coin=CHIP&tab=myRecords");
    expect(
      after.data.tabData.rows.filter((r: { id: string }) => r.id === String(body.result.id)),
    ).toHaveLength(1);
    expect(after.data.balance).toBe(1000 - data.baseAmounts[0] * 3);
  });

  it("refuses a wrong total and a zero multiple with 400, before the upstream", async () => {
    const { data } = await loadGame();
    const base = { gameSessionId: data.round.id, betName: "Red", baseAmount: "1", coin: "CHIP", level: "1" };
    const json = { accept: "application/json" };
    const wrong = (await gameAction(
      args(await postForm("/pages/game/game", { ...base, betMultiples: "2", totalBetAmount: "3" }, json)),
    )) as Response;
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.field).toBe("totalBetAmount");
    const zero = (await gameAction(
      args(await postForm("/pages/game/game", { ...base, betMultiples: "0" }, json)),
    )) as Response;
    expect(zero.status).toBe(400);
  });

  it("shows the upstream's refusal whatever the code: 4xx in JSON, the page with the sheet open", async () => {
    const { data } = await loadGame();
    const form = {
      gameSessionId: data.round.id,
      betName: "7",
      baseAmount: "100",
      betMultiples: "10000",
      coin: "CHIP",
      level: "1",
    };
    const asJson = (await gameAction(
      args(await postForm("/pages/game/game", form, { accept: "application/json" })),
    )) as Response;
    expect(asJson.status).toBeGreaterThanOrEqual(400);
    expect(asJson.status).toBeLessThan(500);
    const refusal = await asJson.json();
    expect(refusal.code).not.toBe(200);
    expect(refusal.message).toBeTruthy();
    // Without JSON the page renders again (no redirect) with the reason and the bet's choice.
    const asPage = (await gameAction(args(await postForm("/pages/game/game", form)))) as Response;
    expect(asPage.status).toBe(asJson.status);
    expect(await asPage.json()).toMatchObject({
      message: refusal.message,
      error: { field: "form", message: refusal.message },
      betName: "7",
      choice: { baseAmount: 100, multiple: 10000 },
    });
  });

  it("shows the result popup for the last drawn round the player bet on, until acknowledged", async () => {
    const { data } = await loadOpenGame("level=2&coin=CHIP");
    const bet = await bodyOf(
      await gameAction(
        args(
          await postForm(
            "/pages/game/game",
            {
              gameSessionId: data.round.id,
              betName: "Big",
              baseAmount: String(data.baseAmounts[0]),
              betMultiples: "1",
              coin: "CHIP",
              level: "2",
            },
            { accept: "application/json" },
          ),
        ),
      ),
    );
    expect(bet.code).toBe(200);
    player.core.advance(data.round.clock.sessionEndTime - data.round.clock.serverNow + 1000);
    await settleDue(player.core.deps.db, Date.now() + 10 * 60_000);
    const next = await loadGame("level=2&coin=CHIP");
    expect(next.data.round.id).not.toBe(data.round.id);
    expect(next.data.popup).toMatchObject({ roundId: data.round.id });
    expect(next.data.popup.records[0].betName).toBe("Big");
    expect(next.data.previousDraw).toMatch(/^\d$/);

    const ack = (await gameAction(
      args(
        await postForm("/pages/game/game", {
          intent: "ack",
          sessionId: data.round.id,
          level: "2",
          coin: "CHIP",
        }),
      ),
    )) as Response;
    expect(ack.status).toBe(302);
    const session = await sessionFromResponse(ack);
    expect(session.get("ackSessionId")).toBe(data.round.id);
    const request = await requestWithSession(`${APP}/pages/game/game?level=2&coin=CHIP`, {
      token: player.token,
      ackSessionId: data.round.id,
    });
    const acked = await (await gameLoader(args(request))).json();
    expect(acked.popup).toBeNull();

    // The round verifies: the digit recomputed in the loader matches the published one.
    const verify = await bodyOf(
      await verifyLoader(args(await get(`/pages/game/verify?sessionId=${data.round.id}`))),
    );
    expect(verify.verification).toMatchObject({ hashMatches: true, digitMatches: true });
    // Chained rounds (decision 040): the full check with the script the app serves (decision 071),
    // with this site and round.
    expect(verify.verification.command).toMatch(/^node verify-round\.mjs https?:\/\/\S+ \d+$/);
    // The page also gives a line that needs Node alone
    // (node:crypto, nothing downloaded), fed only the values it shows, and it recomputes the
    // commitment, the chain's end, the beacon's randomness and the published digit.
    const shown = verify.verification;
    expect(shown.betEndTime).toBe(verify.round.betEndTime);
    expect(shown.beacon.randomness).toMatch(/^[0-9a-f]{64}$/);
    expect(shown.nodeCommand).toMatch(/^node -e '/);
    expect(shown.nodeCommand.match(/require\("[^"]*"\)/g)).toEqual(['require("crypto")']);
    for (const value of [
      String(data.round.id),
      shown.seed,
      String(shown.chain.index),
      shown.beacon.signature,
    ])
      expect(shown.nodeCommand).toContain(`'${value}'`);
    const printed = execFileSync("sh", ["-c", shown.nodeCommand], { encoding: "utf8" });
    expect(printed.trim().split("\n")).toEqual([
      `commitment ${verify.round.seedHash}`,
      `chain end ${shown.chain.terminalHash}`,
      `randomness ${shown.beacon.randomness}`,
      `digit ${verify.round.lotteryResult}`,
    ]);

    // Bet record and details list the bet.
    const records = await (await betRecordLoader(args(await get("/pages/betRecord/betRecord")))).json();
    const row = records.rows.find((r: { id: string }) => r.id === String(bet.result.id));
    // Each row names its room as the details do.
    expect(row).toMatchObject({ betName: "Big", roomName: "Intermediate" });
    const details = await (
      await betDetailsLoader(args(await get(`/pages/betRecord/betDetails/betDetails?id=${bet.result.id}`)))
    ).json();
    // The room by its name (the operator's, translated on the page), not its number.
    expect(details.bet).toMatchObject({
      id: bet.result.id,
      betName: "Big",
      level: 2,
      roomName: "Intermediate",
    });

    // The details come from the core's detail call; another player's bet and an unknown id are 404.
    const other = await registerPlayer(player.core);
    const foreign = await requestWithSession(
      `${APP}/pages/betRecord/betDetails/betDetails?id=${bet.result.id}`,
      { token: other.token },
    );
    await expect(betDetailsLoader(args(foreign))).rejects.toMatchObject({ status: 404 });
    const unknown = await get(`/pages/betRecord/betDetails/betDetails?id=${bet.result.id + 1_000_000}`);
    const thrown = await betDetailsLoader(args(unknown)).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
    expect((await (thrown as Response).json()).message).toBe("This bet was not found.");
  });
});

describe("rules and verify", () => {
  it("builds the payout table from the upstream's configuration", async () => {
    const data = await (await rulesLoader(args(new Request(`${APP}/pages/game/rules`)))).json();
    const red = data.rows.find((r: { betName: string }) => r.betName === "Red");
    expect(red).toMatchObject({ multiple: 2, specialMultiple: 1.5, winningDigits: [0, 2, 4, 6, 8] });
    expect(data.rows).toHaveLength(15);
    expect(data.feePercent).toBe(2);
  });

  it("refuses a bad round number and reports an unknown one", async () => {
    const bad = (await verifyLoader(args(new Request(`${APP}/pages/game/verify?sessionId=abc`)))) as Response;
    expect(bad.status).toBe(400);
    const unknown = (await verifyLoader(
      args(new Request(`${APP}/pages/game/verify?sessionId=123`)),
    )) as Response;
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toBeTruthy();
  });
});
