/**
 * A bet whose outcome the app cannot know: the game page's action against a real reference core
 * behind a fault proxy (tests/support/fault-proxy.ts) whose socket takes the bet to the core and
 * then dies, or never answers. The player is told the outcome is unknown (502 / 504, never a
 * refusal), the form keeps its key and choice, and confirming again places nothing more.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { TestCore } from "../../support/core";
import { startFaultProxy } from "../../support/fault-proxy";
import { startCoreWithPlayer } from "./core-with-player";
import { JSON_MODE, betOf, gameClient } from "./game-client";

const UNKNOWN =
  "We could not confirm your bet: the server did not answer. Check My records before betting again. " +
  "Confirming again with this form is safe: it never places the same bet twice.";
const isBetting = (path: string) => path.endsWith("/luckyLottery/betting");

let core: TestCore;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let client: ReturnType<typeof gameClient>;
const savedTimeout = process.env.UPSTREAM_TIMEOUT_MS;

beforeAll(async () => {
  const player = await startCoreWithPlayer(100_000);
  core = player.core;
  proxy = await startFaultProxy(core.url);
  client = gameClient(player);
}, 60_000);
afterEach(() => {
  proxy.set("pass");
  process.env.UPSTREAM_URL = proxy.base;
  if (savedTimeout === undefined) Reflect.deleteProperty(process.env, "UPSTREAM_TIMEOUT_MS");
  else process.env.UPSTREAM_TIMEOUT_MS = savedTimeout;
});
afterAll(async () => {
  await proxy?.close();
  await core?.close();
});

describe("a bet whose answer is lost after the core took it", () => {
  it("JSON: 502, the outcome is unknown, the key and choice come back; the retry places nothing more", async () => {
    process.env.UPSTREAM_URL = proxy.base;
    const { round, formKey } = await client.loadGame();
    const before = await client.snapshot();
    proxy.set("lose-reply", isBetting);
    const bet = betOf(round, {
      betName: "Green",
      baseAmount: "10",
      betMultiples: "3",
      idempotencyKey: formKey,
    });

    const lost = await client.post(bet, JSON_MODE);
    const answer = await lost.json();
    expect(lost.status, JSON.stringify(answer)).toBe(502);
    expect(answer).toMatchObject({
      message: UNKNOWN,
      result: null,
      error: { field: "form", message: UNKNOWN },
      betName: "Green",
      idempotencyKey: formKey,
      choice: { baseAmount: 10, multiple: 3 },
    });
    // The core did place and charge it: that is why "refused" would have been a lie.
    const charged = await client.snapshot();
    expect(charged.bets).toBe(before.bets + 1);
    expect(charged.chip).toBe(before.chip - 30);

    proxy.set("pass");
    const retry = await client.post(bet, JSON_MODE);
    const retried = await retry.json();
    expect(retry.status).toBe(200);
    expect(retried.message).toBe("Bet placed successfully");
    expect(charged.ids).toContain(retried.result.id);
    expect(await client.snapshot()).toEqual(charged);
  });

  it("the form's way: the page comes back (502) with the bet sheet's choice, key and message", async () => {
    process.env.UPSTREAM_URL = proxy.base;
    const { round, formKey } = await client.loadGame();
    proxy.set("lose-reply", isBetting);
    const res = await client.post(
      betOf(round, { betName: "Violet", baseAmount: "1", betMultiples: "4", idempotencyKey: formKey }),
    );
    expect(res.status).toBe(502);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.json()).toMatchObject({
      error: { field: "form", message: UNKNOWN },
      betName: "Violet",
      idempotencyKey: formKey,
      choice: { baseAmount: 1, multiple: 4 },
    });
  });

  it("a client that sent no key gets one made for it, so that its retry is safe too", async () => {
    process.env.UPSTREAM_URL = proxy.base;
    const { round } = await client.loadGame();
    proxy.set("lose-reply", isBetting);
    const bet = betOf(round, { betName: "Big" });
    const lost = await (await client.post(bet, JSON_MODE)).json();
    expect(lost.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    const charged = await client.snapshot();
    proxy.set("pass");
    const retry = await client.post({ ...bet, idempotencyKey: lost.idempotencyKey }, JSON_MODE);
    expect(retry.status).toBe(200);
    expect(await client.snapshot()).toEqual(charged);
  });
});

describe("one mapping of upstream failures to statuses, for the bet and the page alike", () => {
  it("timed out: 504 for the bet (outcome unknown) and 504 for the page", async () => {
    process.env.UPSTREAM_URL = proxy.base;
    const { round, formKey } = await client.loadGame();
    process.env.UPSTREAM_TIMEOUT_MS = "400";
    proxy.set("hang", isBetting);
    const bet = await client.post(betOf(round, { idempotencyKey: formKey }), JSON_MODE);
    expect(bet.status).toBe(504);
    expect((await bet.json()).message).toBe(UNKNOWN);
    proxy.set("hang");
    const page = await client.page(1, "CHIP");
    expect(page.status).toBe(504);
    expect((await page.json()).message).toBe("The server did not answer in time. Please try again.");
  });

  it("nothing sent (no connection): 503 for the bet, said plainly, and 503 for the page", async () => {
    process.env.UPSTREAM_URL = proxy.base;
    const { round, formKey } = await client.loadGame();
    const before = await client.snapshot();
    process.env.UPSTREAM_URL = "http://127.0.0.1:9/core";
    const bet = await client.post(betOf(round, { idempotencyKey: formKey }), JSON_MODE);
    expect(bet.status).toBe(503);
    const answer = await bet.json();
    expect(answer.message).toBe("The server cannot be reached right now. Please try again in a moment.");
    expect(answer.idempotencyKey).toBeUndefined();
    expect((await client.page(1, "CHIP")).status).toBe(503);
    expect(await client.snapshot()).toEqual(before);
  });
});
