import { expect, it } from "vitest";
import { DEMO_PLAYER, jsonPlayer, rewindPlayer } from "../support/app-server";
import { describeBuilt, useBuiltApp } from "../support/built-app";

/**
 * Player protection through curl (issue 9): a client that drives the app's JSON mode (or the
 * core's API) is held to the same limits and refusals as the page. Run against the built server
 * (`npm run build` first), on free ports with a throw-away database.
 */

const PAGE = "/pages/responsiblePlay/responsiblePlay";
const GAME = "/pages/game/game?level=1&coin=CHIP";

describeBuilt("player protection through curl", () => {
  const { app } = useBuiltApp({
    env: {
      ROUND_SECONDS: "20",
      BET_CLOSE_SECONDS: "5",
      UPSTREAM_TIMEOUT_MS: "15000",
      // The rewind below moves the sign-in back at once; the game page must ask the core each
      // time (the next describe checks what it remembers by default).
      REALITY_RECHECK_SECONDS: "0",
    },
  });
  const call = jsonPlayer(app);
  const rewind = async (userId: number, hours: number) =>
    expect(await rewindPlayer(app(), userId, hours)).toBe(200);

  type Game = { round: { id: string; remaining: { bet: number; round: number } } | null };
  /** A bet of ₹10 on Red in a level-1 round with at least 4 s of betting left. */
  async function betTen() {
    let game = await call(GAME);
    for (let i = 0; i < 4; i++) {
      const round = (game.body as Game).round;
      if (round && round.remaining.bet >= 4) break;
      await new Promise((r) => setTimeout(r, ((round?.remaining.round ?? 1) + 0.5) * 1000));
      game = await call(GAME);
    }
    const round = (game.body as Game).round;
    if (!round) throw new Error("no open round");
    return call(GAME, {
      gameSessionId: round.id,
      betName: "Red",
      baseAmount: "10",
      betMultiples: "1",
      coin: "CHIP",
      level: "1",
    });
  }

  it("a daily loss limit, the same refusal, a raise that waits, and a time-out", async () => {
    const login = await call("/pages/login/login", { intent: "login", ...DEMO_PLAYER });
    expect(login.status, JSON.stringify(login.body)).toBe(200);

    // The reality check: none right after signing in; due once the sign-in is an hour old (the
    // default reminder), on the game page itself (so without JavaScript too); gone after "continue".
    expect((await call(GAME)).body.reality).toBeNull();
    const me = (await call("/pages/account/account")).body.user as { id?: number };
    await rewind(me.id ?? 0, 1.1);
    const reality = (await call(GAME)).body.reality as { title: string; played: string } | null;
    expect(reality?.title).toBeTruthy();
    expect(reality?.played).toMatch(/6[56] min/);
    const goOn = await call(PAGE, { intent: "continue", back: GAME });
    expect(goOn.body.ok, JSON.stringify(goOn.body)).not.toBe(false);
    expect((await call(GAME)).body.reality).toBeNull();

    // A statement asked for days that do not exist shows the last seven days, as with none given.
    const usual = (await call(PAGE)).body.statement as { from: string; to: string };
    for (const days of ["from=2026-02-30&to=2026-03-01", "from=2026-11-31&to=2026-12-01"]) {
      const odd = await call(`${PAGE}?${days}`);
      expect(odd.status, days).toBe(200);
      expect(odd.body.statement, days).toMatchObject({ from: usual.from, to: usual.to });
    }

    const set = await call(PAGE, { intent: "limit", kind: "LOSS", period: "DAY", amount: "20" });
    expect(set.body).toMatchObject({ ok: true, message: "Limit saved. It applies now.", outcome: "APPLIED" });
    expect((await betTen()).body.code).toBe(200);
    expect((await betTen()).body.code).toBe(200);
    const refused = await betTen();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(
      /^This bet would pass your daily loss limit of ₹20\.00: ₹0\.00 left until .+\.$/,
    );

    const raise = await call(PAGE, { intent: "limit", kind: "LOSS", period: "DAY", amount: "100" });
    expect(raise.body).toMatchObject({ ok: true, outcome: "PENDING" });
    const status = await call(PAGE);
    const limits = (status.body.status as { limits: Array<Record<string, unknown>> }).limits;
    expect(limits.find((l) => l.kind === "LOSS" && l.period === "DAY")).toMatchObject({
      amount: 20,
      pending: { amount: 100, confirmable: false },
    });
    const early = await call(PAGE, { intent: "confirm", kind: "LOSS", period: "DAY" });
    expect(early.body.ok).toBe(false);
    expect(early.body.message).toMatch(/^This change can be confirmed from /);

    const wrong = await call(PAGE, {
      intent: "block",
      kind: "TIMEOUT",
      length: "24h",
      password: "nope-nope",
    });
    expect(wrong.body).toMatchObject({ ok: false, message: "The password is not correct." });
    const block = await call(PAGE, {
      intent: "block",
      kind: "TIMEOUT",
      length: "24h",
      password: DEMO_PLAYER.password,
    });
    expect(block.body.ok, JSON.stringify(block.body)).toBe(true);
    const barred = await betTen();
    expect(barred.status).toBe(403);
    expect(barred.body.message).toMatch(/^You are on a break until .+: betting is closed\.$/);
    const recharge = await call("/pages/recharge/recharge", { amount: "100", payChannelName: "SANDBOX_UPI" });
    expect(recharge.body.ok).toBe(false);
    // In the player's words (app/utils/limit-refusal.server.ts), not the core's English.
    expect(recharge.body.message).toMatch(
      /^You are on a time-out until .+: you can withdraw and read your records, nothing else\.$/,
    );
    const change = await call(PAGE, { intent: "limit", kind: "LOSS", period: "DAY", amount: "10" });
    expect(change.body.ok).toBe(false);
    expect(change.body.message).toMatch(/^You are on a time-out until /);

    // Nothing else moves money during it either, and every page says so in the player's
    // language (here German), not in the core's English.
    expect((await call("/resources/lang", { lang: "de-DE" })).status).toBe(200);
    const inGerman = /^Sie haben eine Auszeit bis \d\d\.\d\d\.\d{4}, \d\d:\d\d(:\d\d)?: Sie können auszahlen/;
    const refusals = {
      exchange: await call("/pages/exchange/exchange", {
        intent: "confirm",
        fromCoin: "CHIP",
        toCoin: "GOLD",
        amount: "100",
      }),
      pledge: await call("/pages/pledge/pledge", { configId: "1", amount: "100" }),
      claim: await call("/pages/team/claimBonus/claimBonus", { intent: "claim" }),
      points: await call("/pages/exchange/exchange", { intent: "claimPoints" }),
    };
    for (const [form, answer] of Object.entries(refusals)) {
      expect(answer.status, form).toBe(403);
      expect(answer.body.ok, form).toBe(false);
      expect(answer.body.message, form).toMatch(inGerman);
    }
    // An external game of the lobby: no signed link, the same words; a browser goes back to the
    // lobby, which shows them.
    const lobby = (await call("/pages/home/home")).body.lobby as { games: { id: number; kind: string }[] }[];
    const external = lobby.flatMap((c) => c.games).find((g) => g.kind === "EXTERNAL");
    const launch = await call(`/games/launch?gameId=${external?.id}`);
    expect(launch.status).toBe(403);
    expect(launch.body.message).toMatch(inGerman);
    const browser = await call(`/games/launch?gameId=${external?.id}`, undefined, "text/html");
    expect(browser.status).toBe(302);
    expect(browser.location).toBe("/pages/home/home");
    const home = await call("/pages/home/home", undefined, "text/html");
    expect(home.text).toMatch(/Sie haben eine Auszeit bis/);
  }, 120_000);
});

/**
 * The game page asks the core for the reality check only when it can be due
 * (app/components/limits/reality.server.ts): one call per sign-in until then, at most
 * REALITY_RECHECK_SECONDS apart; a reminder changed or a "continue" is seen at once.
 */
describeBuilt("the reality check on the game page", () => {
  const { app } = useBuiltApp();
  const call = jsonPlayer(app);
  /** The core's reality calls so far (it logs each request). */
  const asked = () =>
    (
      app()
        .log.join("")
        .match(/"path":"\/core\/app\/limits\/reality"/g) ?? []
    ).length;

  it("is asked of the core once until it can be due, and again as soon as the player changes it", async () => {
    expect((await call("/pages/login/login", { intent: "login", ...DEMO_PLAYER })).status).toBe(200);
    const before = asked();
    for (let i = 0; i < 4; i++) expect((await call(GAME)).body.reality).toBeNull();
    expect(asked() - before).toBe(1);

    // An hour and more later (the default reminder is an hour): the page has not asked again yet,
    // as it remembered, but the player's new reminder makes it ask at once, and the check is due.
    const me = (await call("/pages/account/account")).body.user as { id: number };
    expect(await rewindPlayer(app(), me.id, 1.1)).toBe(200);
    expect((await call(PAGE, { intent: "reminder", minutes: "15" })).body.ok).not.toBe(false);
    const due = (await call(GAME)).body.reality as { played: string } | null;
    expect(due?.played).toMatch(/6[56] min/);
    expect(asked() - before).toBe(2);

    // "Continue": the next check is 15 minutes away; asked once, then remembered.
    expect((await call(PAGE, { intent: "continue", back: GAME })).body.ok).not.toBe(false);
    const afterContinue = asked();
    for (let i = 0; i < 3; i++) expect((await call(GAME)).body.reality).toBeNull();
    expect(asked() - afterContinue).toBe(1);
  }, 60_000);
});
