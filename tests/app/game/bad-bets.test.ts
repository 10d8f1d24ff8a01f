/**
 * Betting through the BFF (the game page's action) against a real reference core: a repeated
 * form post with one idempotency key makes one bet, and bad input of every kind gets a clear
 * message, a 4xx in JSON mode, and leaves every balance and the bet list as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestCore } from "../../support/core";
import { toastOf } from "../helpers";
import { startCoreWithPlayer } from "./core-with-player";
import { GAME, JSON_MODE, betOf, gameClient } from "./game-client";

let core: TestCore;
let client: ReturnType<typeof gameClient>;

beforeAll(async () => {
  // 500 chips and nothing else: enough for level 2 (100 to 100,000), not for level 3 (from 1,000).
  const player = await startCoreWithPlayer(50_000);
  core = player.core;
  client = gameClient(player);
}, 60_000);
afterAll(async () => {
  await core?.close();
});

const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
  client.post(body, headers);
const loadGame = (level?: number, coin?: string) => client.loadGame(level, coin);
const snapshot = () => client.snapshot();

/** Posts `body` in JSON mode; asserts the 4xx `status`, `message`, and that nothing changed. */
async function expectRefused(body: Record<string, string>, message: RegExp | string, status = 400) {
  const before = await snapshot();
  const res = await post(body, JSON_MODE);
  const answer = await res.json();
  const label = `${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(answer)}`;
  expect(res.status, label).toBeGreaterThanOrEqual(400);
  expect(res.status, label).toBeLessThan(500);
  expect(res.status, label).toBe(status);
  expect(answer.code, label).not.toBe(200);
  if (typeof message === "string") expect(answer.message, label).toBe(message);
  else expect(answer.message, label).toMatch(message);
  expect(await snapshot(), label).toEqual(before);
  return answer;
}

describe("one idempotency key, one bet", () => {
  it("says a placed bet in the player's language, with JavaScript or without", async () => {
    const { round } = await loadGame();
    const page = await client.post(betOf(round), {}, undefined, "de-DE");
    expect(page.status).toBe(302);
    expect(await toastOf(page)).toMatchObject({ type: "success", message: "Wette platziert" });
    const asJson = await client.post(betOf(round), JSON_MODE, undefined, "ja-JP");
    expect(await asJson.json()).toMatchObject({ code: 200, message: "ベットしました" });
  });

  it("a form post repeated with the same key (no JSON, the browser's way) places one bet", async () => {
    const { round, formKey } = await loadGame();
    const before = await snapshot();
    const body = betOf(round, {
      betName: "Green",
      baseAmount: "10",
      betMultiples: "2",
      idempotencyKey: formKey,
    });
    const first = await post(body);
    const second = await post(body);
    // Both go back to the room with the receipt of the one bet (decision 040): the same bet id.
    expect(first.headers.get("location")).toMatch(/&receipt=\d+$/);
    for (const res of [first, second]) {
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(first.headers.get("location"));
      expect(res.headers.get("location")).toMatch(new RegExp(`^${GAME}\\?level=1&coin=CHIP&receipt=\\d+$`));
      expect(await toastOf(res)).toMatchObject({ type: "success", message: "Bet placed successfully" });
    }
    const after = await snapshot();
    expect(after.bets).toBe(before.bets + 1);
    expect(after.chip).toBe(before.chip - 20);
  });

  it("several posts with one key at the same time still place one bet", async () => {
    const { round, formKey } = await loadGame();
    const before = await snapshot();
    const body = betOf(round, { betName: "Small", idempotencyKey: formKey });
    const answers = await Promise.all(
      Array.from({ length: 5 }, async () => (await post(body, JSON_MODE)).json()),
    );
    const ids = new Set(answers.map((a) => a.result?.id));
    expect(answers.map((a) => a.code)).toEqual([200, 200, 200, 200, 200]);
    expect(ids.size).toBe(1);
    const after = await snapshot();
    expect(after.bets).toBe(before.bets + 1);
    expect(after.chip).toBe(before.chip - 1);
  });

  it("a new key is a new bet", async () => {
    const a = await loadGame();
    const b = await loadGame();
    expect(a.formKey).not.toBe(b.formKey);
    const before = await snapshot();
    await post(betOf(a.round, { idempotencyKey: a.formKey }), JSON_MODE);
    await post(betOf(b.round, { idempotencyKey: b.formKey }), JSON_MODE);
    expect((await snapshot()).bets).toBe(before.bets + 2);
  });

  it("the same key with another bet is refused with 409 and a clear message; the first bet stands", async () => {
    const REUSED =
      "This form was already sent with other values, and that one went through: see your records. Send the form again to make a new one.";
    const { round, formKey } = await loadGame();
    const first = await post(betOf(round, { idempotencyKey: formKey }), JSON_MODE);
    expect(first.status).toBe(200);
    const placed = await first.json();
    const before = await snapshot();
    const changes: Array<Record<string, string>> = [
      { betName: "Green" },
      { baseAmount: "10" },
      { betMultiples: "2" },
    ];
    for (const change of changes) {
      const res = await post(betOf(round, { idempotencyKey: formKey, ...change }), JSON_MODE);
      expect(res.status, JSON.stringify(change)).toBe(409);
      expect(await res.json()).toMatchObject({
        code: 409,
        message: REUSED,
        result: { reason: "KEY_REUSED" },
      });
    }
    // Without JSON: the page again, the sheet open with the choice and the message (issue 6, 14).
    const form = await post(betOf(round, { idempotencyKey: formKey, betName: "Violet" }));
    expect(form.status).toBe(409);
    expect(await form.json()).toMatchObject({
      error: { field: "form", message: REUSED },
      betName: "Violet",
    });
    const again = await post(betOf(round, { idempotencyKey: formKey }), JSON_MODE);
    expect(again.status).toBe(200);
    expect((await again.json()).result.id).toBe(placed.result.id);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a malformed key before the upstream", async () => {
    const { round } = await loadGame();
    await expectRefused(
      betOf(round, { idempotencyKey: "<script>" }),
      "The form has expired. Please try again.",
    );
  });
});

describe("a bet with the spec's fields only (no level): the round names the room", () => {
  const specFields = (round: { id: string }) => ({
    gameSessionId: round.id,
    betName: "Small",
    baseAmount: "10",
    betMultiples: "2",
    totalBetAmount: "20",
    coin: "CHIP",
  });

  it("JSON mode: a bet with only the spec's fields goes into the round's own room", async () => {
    const { round } = await loadGame(2);
    const before = await snapshot();
    const res = await client.post(specFields(round), JSON_MODE, "coin=CHIP");
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(answer.result).toMatchObject({ gameSessionId: Number(round.id), level: 2, totalBetAmount: 20 });
    expect((await snapshot()).chip).toBe(before.chip - 20);
  });

  it("the form's way: placed, and back to the round's room; a blank level is no level", async () => {
    const { round } = await loadGame(2);
    const before = await snapshot();
    const res = await client.post({ ...specFields(round), level: "" }, {}, "coin=CHIP");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(new RegExp(`^${GAME}\\?level=2&coin=CHIP&receipt=\\d+$`));
    expect(await toastOf(res)).toMatchObject({ type: "success", message: "Bet placed successfully" });
    expect((await snapshot()).chip).toBe(before.chip - 20);
  });
});

describe("bad bets get a clear message, a 4xx in JSON mode, and change nothing", () => {
  it("an amount or a multiple that is not written plainly", async () => {
    const { round } = await loadGame();
    const amount = "Choose an amount.";
    const decimals = "Enter an amount with at most two decimals.";
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ baseAmount: "0x0A" }, amount, "baseAmount"],
      [{ baseAmount: "0x1" }, amount, "baseAmount"],
      [{ baseAmount: "1e1" }, amount, "baseAmount"],
      [{ baseAmount: "1E0" }, amount, "baseAmount"],
      [{ baseAmount: "+1" }, amount, "baseAmount"],
      [{ baseAmount: " 1" }, amount, "baseAmount"],
      [{ baseAmount: "1 " }, amount, "baseAmount"],
      [{ baseAmount: "Infinity" }, amount, "baseAmount"],
      [{ baseAmount: "1." }, amount, "baseAmount"],
      [{ baseAmount: "0.999999999" }, decimals, "baseAmount"],
      [{ baseAmount: "1.001" }, decimals, "baseAmount"],
      [{ baseAmount: "1", totalBetAmount: "0x1" }, "The total is not a number.", "totalBetAmount"],
      [{ baseAmount: "1", totalBetAmount: "0.999999999" }, decimals, "totalBetAmount"],
      [{ betMultiples: "0x2" }, "The multiple must be a whole number from 1 to 10000.", "betMultiples"],
      [{ betMultiples: " 2" }, "The multiple must be a whole number from 1 to 10000.", "betMultiples"],
      [{ betMultiples: "2.0" }, "The multiple must be a whole number from 1 to 10000.", "betMultiples"],
      [{ betMultiples: "+2" }, "The multiple must be a whole number from 1 to 10000.", "betMultiples"],
    ];
    for (const [change, message, field] of cases) {
      const answer = await expectRefused(betOf(round, change), message);
      expect(answer.error.field, JSON.stringify(change)).toBe(field);
    }
  });

  it("a bet name outside the list", async () => {
    const { round } = await loadGame();
    const message = "Choose a bet: Red, Green, Violet, Big, Small or a number.";
    for (const betName of ["Purple", "10", "-1", "red", "", " Red", "Red,Green", "<b>Big</b>"]) {
      const answer = await expectRefused(betOf(round, { betName }), message);
      expect(answer.error.field).toBe("betName");
    }
  });

  it("a zero, negative, fractional, huge or non-numeric multiple", async () => {
    const { round } = await loadGame();
    const atLeastOne = "The multiple must be at least 1.";
    const range = "The multiple must be a whole number from 1 to 10000.";
    const cases: Array<[string, string]> = [
      ["0", atLeastOne],
      ["-1", atLeastOne],
      ["-100000", atLeastOne],
      ["1.5", range],
      ["10001", range],
      ["1e9", range],
      ["99999999999999999999999", range],
      ["abc", range],
      ["Infinity", range],
    ];
    for (const [betMultiples, message] of cases) {
      const answer = await expectRefused(betOf(round, { betMultiples }), message);
      expect(answer.error.field).toBe("betMultiples");
    }
  });

  it("a total that is not amount × multiple", async () => {
    const { round } = await loadGame();
    for (const totalBetAmount of ["3", "0", "-2", "2.01", "200"]) {
      const answer = await expectRefused(
        betOf(round, { baseAmount: "1", betMultiples: "2", totalBetAmount }),
        "The total does not match amount × multiple. Please try again.",
      );
      expect(answer.error.field).toBe("totalBetAmount");
    }
  });

  it("an amount that is not one of the room's base amounts", async () => {
    const { round } = await loadGame();
    await expectRefused(
      betOf(round, { baseAmount: "5" }),
      "The amount must be one of ₹1.00, ₹10.00, ₹100.00.",
    );
    // The one money rule (contract/money.ts), checked by the app before the upstream.
    await expectRefused(betOf(round, { baseAmount: "0.001" }), "Enter an amount with at most two decimals.");
    await expectRefused(betOf(round, { baseAmount: "-10" }), "Choose an amount.");
    await expectRefused(betOf(round, { baseAmount: "1e12" }), "Choose an amount.");
  });

  it("a stake above the balance", async () => {
    const { round } = await loadGame();
    await expectRefused(
      betOf(round, { baseAmount: "100", betMultiples: "6" }),
      /^Insufficient balance: this bet costs ₹600\.00 and your balance is ₹\d{3}\.\d\d\.$/,
    );
  });

  it("another coin's balance: a GOLD bet of a player who has only chips", async () => {
    const gold = await loadGame(1, "GOLD");
    await expectRefused(
      { ...betOf(gold.round), coin: "GOLD", level: "1", betName: "Violet" },
      "Insufficient balance: this bet costs 1.00 and your balance is 0.00.",
    );
    // The CHIP round cannot be paid in GOLD, nor the GOLD round in CHIP.
    const chip = await loadGame(1, "CHIP");
    await expectRefused({ ...betOf(chip.round), coin: "GOLD" }, "This round belongs to another room");
    await expectRefused({ ...betOf(gold.round), coin: "CHIP" }, "This round belongs to another room");
  });

  it("a round of another level, and a room the balance is outside of", async () => {
    const one = await loadGame(1);
    const two = await loadGame(2);
    await expectRefused(
      betOf(one.round, { level: "2", baseAmount: "10" }),
      "This round belongs to another room",
    );
    await expectRefused(betOf(two.round, { level: "1" }), "This round belongs to another room");
    // Fields no form lets a player change: a generic refusal is enough.
    const generic = "The bet could not be placed.";
    await expectRefused(betOf(one.round, { level: "0" }), generic);
    await expectRefused(betOf(one.round, { level: "100" }), generic);
    await expectRefused(betOf(one.round, { coin: "DOGE" }), generic);
    const three = await loadGame(3);
    await expectRefused(
      betOf(three.round, { level: "3", baseAmount: "100" }),
      "This room needs a balance of at least ₹1,000.00.",
    );
  });

  it("a round that does not exist, or is not a round number", async () => {
    const { round } = await loadGame();
    await expectRefused(betOf(round, { gameSessionId: "1" }), "This round does not exist", 404);
    await expectRefused(betOf(round, { gameSessionId: "abc" }), "Enter a valid round number.");
    await expectRefused(betOf(round, { gameSessionId: "-5" }), "Enter a valid round number.");
  });

  it("a closed round: after its bet end, and after its draw", async () => {
    const { round } = await loadGame();
    // Move the core's clock to one second after the round's bet end (before its draw).
    core.advance(round.clock.betEndTime - Date.now() + 1000);
    await expectRefused(betOf(round), "Betting is closed for this round");
    // And past the draw: still closed.
    core.advance(round.clock.sessionEndTime - round.clock.betEndTime + 1000);
    await expectRefused(betOf(round), "Betting is closed for this round");
    // The page shows the next round, which takes bets.
    const next = await loadGame();
    expect(next.round.id).not.toBe(round.id);
    const before = await snapshot();
    const placed = await post(betOf(next.round), JSON_MODE);
    expect(placed.status).toBe(200);
    expect((await snapshot()).chip).toBe(before.chip - 1);
  });

  it("without JSON, a refusal renders the page again with the reason and the bet's choice", async () => {
    const { round } = await loadGame();
    const before = await snapshot();
    const res = await post(betOf(round, { baseAmount: "100", betMultiples: "100" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: {
        field: "form",
        message: expect.stringMatching(/^Insufficient balance: this bet costs ₹10,000\.00/),
      },
      betName: "Red",
      choice: { baseAmount: 100, multiple: 100 },
    });
    expect(await snapshot()).toEqual(before);
  });
});
