/**
 * Issue 6, points 14 to 16, the parts a request or a pure function proves: the bet sheet's rules
 * (a refused choice comes back, a room's limits), the balls' colours, translated room names and
 * game title, and the game page's data (the round's payout table; a refusal in the player's
 * language with formatted amounts, the sheet kept open, with and without JSON).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reopenedChoice, roomLimitProblem } from "~/components/game/bet-form";
import { DIGIT_PALETTE, NAMED_BET_COLOURS, ballBackground, contrastRatio } from "~/components/game/bets";
import { operatorName } from "~/components/game/names";
import { action as gameAction, loader as gameLoader } from "~/routes/pages.game.game/route";
import { loader as gameListLoader } from "~/routes/pages.game.gameList";
import { supportedLanguages } from "~/utils/i18n";
import { i18nData } from "~/utils/i18n.server";
import { makeT } from "~/utils/translate";
import { GAME_TITLE } from "../../../core/src/game/routes";
import { type TestCore, call } from "../../support/core";
import { requestWithSession } from "../helpers";
import { startCoreWithPlayer } from "./core-with-player";

const { Red, Green, Violet } = NAMED_BET_COLOURS;

describe("result balls in the game's colours", () => {
  it("red for 2 4 6 8, green for 1 3 7 9, half violet for 0 (red) and 5 (green)", () => {
    for (const d of [2, 4, 6, 8]) expect(ballBackground(d)).toBe(Red);
    for (const d of [1, 3, 7, 9]) expect(ballBackground(d)).toBe(Green);
    expect(ballBackground(0)).toBe(`linear-gradient(135deg, ${Red} 50%, ${Violet} 50%)`);
    expect(ballBackground(5)).toBe(`linear-gradient(135deg, ${Green} 50%, ${Violet} 50%)`);
  });

  it("never the number buttons' palette, and white text stays readable on every colour", () => {
    for (let d = 0; d <= 9; d++) {
      for (const colour of DIGIT_PALETTE.filter((c) => ![Red, Green, Violet].includes(c as string)))
        expect(ballBackground(d)).not.toContain(colour);
    }
    for (const colour of [Red, Green, Violet])
      expect(contrastRatio(colour, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });
});

describe("the bet sheet's rules", () => {
  it("a room's limits: below the minimum, above the maximum, or fine (to the cent)", () => {
    const limits = { min: 100, max: 100_000 };
    expect(roomLimitProblem(99.99, limits)).toEqual({ reason: "BELOW_ROOM", amount: 100 });
    expect(roomLimitProblem(100, limits)).toBeNull();
    expect(roomLimitProblem(100_000, limits)).toBeNull();
    expect(roomLimitProblem(100_000.01, limits)).toEqual({ reason: "ABOVE_ROOM", amount: 100_000 });
    expect(roomLimitProblem(5, null)).toBeNull();
  });

  it("a refused choice opens again as it was; an amount the room does not offer becomes its first", () => {
    expect(reopenedChoice({ baseAmount: 100, multiple: 7 }, [1, 10, 100])).toEqual({
      baseAmount: 100,
      multiple: 7,
    });
    expect(reopenedChoice({ baseAmount: 5, multiple: 2 }, [1, 10, 100])).toEqual({
      baseAmount: 1,
      multiple: 2,
    });
    expect(reopenedChoice(undefined, [10, 100])).toEqual({ baseAmount: 10, multiple: 1 });
  });
});

describe("room names and the game title in six languages", () => {
  const ROOMS = ["Primary", "Intermediate", "Advanced"];

  it("every room the core ships and its game title are translated in every language", async () => {
    for (const lang of supportedLanguages) {
      const t = makeT(await i18nData(lang), "game");
      for (const name of [...ROOMS, GAME_TITLE]) {
        const shown = operatorName(t, name === GAME_TITLE ? "gameTitles" : "rooms", name);
        expect(shown, `${lang}: ${name}`).toBeTruthy();
        if (lang !== "en-US") expect(shown, `${lang}: ${name} is translated`).not.toBe(name);
      }
    }
    const zh = makeT(await i18nData("zh-CN"), "game");
    expect(ROOMS.map((r) => operatorName(zh, "rooms", r))).toEqual(["初级场", "中级场", "高级场"]);
    expect(operatorName(zh, "gameTitles", GAME_TITLE)).toBe(zh("game.title"));
  });

  it("the home lobby's channels and partner game the core ships are translated in every language", async () => {
    // core/migrations/061_lobby.sql and the lobby module's seed (core/src/lobby/module.ts).
    const shipped = [
      ["channels", "Colour Lottery"],
      ["channels", "Sandbox"],
      ["externalGames", "Sandbox Spin"],
    ] as const;
    for (const lang of supportedLanguages) {
      const t = makeT(await i18nData(lang), "social");
      for (const [group, name] of shipped) {
        const shown = operatorName(t, group, name);
        expect(shown, `${lang}: ${name}`).toBeTruthy();
        // German keeps the loanword "Sandbox"; every other name reads in the player's language.
        const same = lang === "en-US" || (lang === "de-DE" && name === "Sandbox");
        if (!same) expect(shown, `${lang}: ${name} is translated`).not.toBe(name);
      }
    }
    const zh = makeT(await i18nData("zh-CN"), "social");
    expect(shipped.map(([group, name]) => operatorName(zh, group, name))).toEqual([
      "颜色彩票",
      "沙盒",
      "沙盒转盘",
    ]);
  });

  it("a name without a translation shows as the operator wrote it, never as a key", async () => {
    const t = makeT(await i18nData("ja-JP"), "game");
    expect(operatorName(t, "rooms", "VIP Lounge")).toBe("VIP Lounge");
    expect(operatorName(t, "rooms", "V.I.P")).toBe("V.I.P");
    expect(operatorName(t, "rooms", "")).toBe("");
  });
});

describe("the game page's data and its bet action", () => {
  let core: TestCore;
  let token: string;
  const APP = "http://app.test";
  const args = (request: Request) => ({ request, params: {}, context: {} });
  const page = async (query: string, lang = "en-US") =>
    (await gameLoader(
      args(await requestWithSession(`${APP}/pages/game/game?${query}`, { token, lang: lang as "en-US" })),
    )) as Response;
  const bet = async (body: Record<string, string>, lang = "en-US", json = true) =>
    (await gameAction(
      args(
        await requestWithSession(
          `${APP}/pages/game/game?level=${body.level}&coin=CHIP`,
          { token, lang: lang as "en-US" },
          {
            method: "POST",
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              ...(json ? { accept: "application/json" } : {}),
            },
            body: new URLSearchParams({ intent: "bet", coin: "CHIP", betName: "Red", ...body }),
          },
        ),
      ),
    )) as Response;
  const chips = async () =>
    (await call<{ chip: number }>(core, "/app/user/getUserInfo", { method: "GET", token })).result.chip;

  beforeAll(async () => {
    // 500.00 chips: rooms 1 and 2, not room 3 (from 1,000.00).
    ({ core, token } = await startCoreWithPlayer(50_000));
    const clock = (await (await page("level=1&coin=CHIP")).json()).round.clock;
    if (clock.betEndTime - clock.serverNow < 15_000)
      core.advance(clock.sessionEndTime - clock.serverNow + 10);
  }, 60_000);
  afterAll(async () => {
    await core?.close();
  });

  it("carries the round's payout table, the balance and the room's limits", async () => {
    const data = await (await page("level=2&coin=CHIP")).json();
    expect(data.payout).toMatchObject({ serviceFeeRate: 0.02, colour: 2, colourOnVioletDigit: 1.5 });
    expect(data).toMatchObject({ balance: 500, limits: { min: 100, max: 100_000 } });
  });

  it("a stake above the balance: refused in the player's language with formatted amounts, nothing taken", async () => {
    const { round } = await (await page("level=1&coin=CHIP")).json();
    const body = { level: "1", gameSessionId: round.id, baseAmount: "100", betMultiples: "6" };
    const en = await bet(body);
    expect(en.status).toBe(400);
    expect((await en.json()).message).toBe(
      "Insufficient balance: this bet costs ₹600.00 and your balance is ₹500.00.",
    );
    const de = await (await bet(body, "de-DE")).json();
    expect(de.message).toBe(
      "Guthaben reicht nicht: Dieser Einsatz kostet ₹600,00, Ihr Guthaben beträgt ₹500,00.",
    );
    const zh = await (await bet(body, "zh-CN")).json();
    expect(zh.message).toBe("余额不足：本次投注需要 ₹600.00，您的余额为 ₹500.00。");
    expect(await chips()).toBe(500);
  });

  it("a room whose minimum the balance lacks: the game list says so, and so does a bet there", async () => {
    const list = await (
      (await gameListLoader(
        args(await requestWithSession(`${APP}/pages/game/gameList?coin=CHIP`, { token })),
      )) as Response
    ).json();
    expect(list.levels.find((l: { level: number }) => l.level === 3)).toMatchObject({ chipMinLimit: 1000 });
    const { round } = await (await page("level=3&coin=CHIP")).json();
    const answer = await (
      await bet({ level: "3", gameSessionId: round.id, baseAmount: "100", betMultiples: "1" })
    ).json();
    expect(answer.message).toBe("This room needs a balance of at least ₹1,000.00.");
    expect(answer.result).toEqual({ reason: "BELOW_ROOM", amount: 1000 });
  });

  it("without JSON a refused bet renders the page again: the sheet's bet, its choice and the reason", async () => {
    const { round } = await (await page("level=1&coin=CHIP")).json();
    const res = await bet(
      { level: "1", gameSessionId: round.id, baseAmount: "10", betMultiples: "51", betName: "Violet" },
      "ja-JP",
      false,
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.json()).toMatchObject({
      betName: "Violet",
      choice: { baseAmount: 10, multiple: 51 },
      error: {
        field: "form",
        message: "残高不足です：このベットには ₹510.00 が必要ですが、残高は ₹500.00 です。",
      },
    });
    expect(await chips()).toBe(500);
  });
});
