/**
 * The exchange and staking pages' actions through the BFF against a real reference core: the
 * preview changes nothing, a confirm posted twice with one key exchanges once, and refusals come
 * back in the player's language with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as exchangeAction } from "~/routes/pages.exchange.exchange/route";
import { action as pledgeAction } from "~/routes/pages.pledge.pledge/route";
import type { Lang } from "~/utils/i18n";
import { PAGES } from "~/utils/paths";
import { balances } from "../../../core/src/ledger/ledger";
import { type TestCore, operatorCall, registerPlayer, startTestCore } from "../../support/core";
import { APP, JSON_MODE } from "../game/game-client";
import { requestWithSession, toastOf } from "../helpers";

let core: TestCore;
let player: { token: string; userId: number };

beforeAll(async () => {
  core = await startTestCore({ config: {} });
  process.env.UPSTREAM_URL = core.url;
  player = await registerPlayer(core, { balances: { CHIP: 50_000, GOLD: 1_000 } });
}, 60_000);
afterAll(async () => {
  await core?.close();
});

type Action = typeof exchangeAction;
async function post(
  action: Action,
  path: string,
  body: Record<string, string>,
  o: { json?: boolean; lang?: Lang; token?: string } = {},
) {
  const request = await requestWithSession(
    `${APP}${path}`,
    { token: o.token ?? player.token, ...(o.lang ? { lang: o.lang } : {}) },
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(o.json ? JSON_MODE : {}) },
      body: new URLSearchParams(body),
    },
  );
  return (await action({ request, params: {}, context: {} })) as Response;
}

/** `post` in JSON mode, in `lang` when given: the status and the JSON answer. */
async function postJson<T = { message: string }>(
  action: Action,
  path: string,
  body: Record<string, string>,
  lang?: Lang,
) {
  const res = await post(action, path, body, { json: true, lang });
  return { status: res.status, body: (await res.json()) as T };
}
type Preview = { preview: { received: number; idempotencyKey: string } };

const money = () => balances(core.deps.db, player.userId);

describe("exchange page action", () => {
  it("previews without changing anything, then a confirm posted twice with its key exchanges once", async () => {
    const before = await money();
    const preview = await postJson<Preview>(exchangeAction, PAGES.exchange, {
      pair: "CHIP>GOLD",
      amount: "12.34",
    });
    expect(preview.status).toBe(200);
    const answer = preview.body;
    expect(answer.preview.received).toBe(12.34);
    expect(await money()).toEqual(before);
    const confirm = {
      pair: "CHIP>GOLD",
      amount: "12.34",
      intent: "confirm",
      idempotencyKey: answer.preview.idempotencyKey,
    };
    for (const _ of [1, 2]) {
      const res = await post(exchangeAction, PAGES.exchange, confirm);
      expect(res.status).toBe(302);
      expect(await toastOf(res)).toMatchObject({
        type: "success",
        message: "Exchanged ₹12.34 for 12.34 Gold",
      });
    }
    expect(await money()).toEqual({ ...before, CHIP: before.CHIP - 1234, GOLD: before.GOLD + 1234 });
  });

  it("previews what is taken and what stays when part of the amount would give less than a cent", async () => {
    const few = await registerPlayer(core, { balances: { POINT: 1_000 } });
    const res = await post(
      exchangeAction,
      PAGES.exchange,
      { pair: "POINT>CHIP", amount: "7.70" },
      { json: true, token: few.token },
    );
    const { preview } = (await res.json()) as {
      preview: { amount: number; kept: number; received: number; idempotencyKey: string };
    };
    expect(preview).toMatchObject({ amount: 7, kept: 0.7, received: 0.07 });
    const confirm = {
      pair: "POINT>CHIP",
      amount: String(preview.amount),
      intent: "confirm",
      idempotencyKey: preview.idempotencyKey,
    };
    const done = await post(exchangeAction, PAGES.exchange, confirm, { token: few.token });
    expect(await toastOf(done)).toMatchObject({
      type: "success",
      message: "Exchanged 7.00 Points for ₹0.07",
    });
    expect(await balances(core.deps.db, few.userId)).toMatchObject({ CHIP: 7, POINT: 300 });
  });

  it("a confirm sent again after it exchanged the whole balance answers that exchange, not a refusal", async () => {
    const all = await registerPlayer(core, { balances: { GOLD: 1_000 } });
    const confirm = { pair: "GOLD>CHIP", amount: "10", intent: "confirm", idempotencyKey: "all-gold-once" };
    for (const _ of [1, 2]) {
      const res = await post(exchangeAction, PAGES.exchange, confirm, { token: all.token });
      expect(res.status).toBe(302);
      expect(await toastOf(res)).toMatchObject({
        type: "success",
        message: "Exchanged 10.00 Gold for ₹10.00",
      });
    }
    expect(await balances(core.deps.db, all.userId)).toMatchObject({ CHIP: 1_000, GOLD: 0 });
  });

  it("a confirm after the fee changed shows what it gives now, exchanging nothing, then goes through", async () => {
    const seen = await registerPlayer(core, { balances: { GOLD: 1_000 } });
    const ask = { pair: "GOLD>CHIP", amount: "10" };
    const first = await post(exchangeAction, PAGES.exchange, ask, { json: true, token: seen.token });
    const { preview } = (await first.json()) as Preview;
    expect(preview.received).toBe(10);
    const setFee = (feeRate: string) =>
      operatorCall(core, "/exchange/pairs", "POST", { fromCoin: "GOLD", toCoin: "CHIP", feeRate });
    expect((await setFee("2.5")).code).toBe(200);
    try {
      const confirm = { ...ask, intent: "confirm", idempotencyKey: preview.idempotencyKey };
      const stale = await post(
        exchangeAction,
        PAGES.exchange,
        { ...confirm, received: "10.00" },
        { json: true, token: seen.token, lang: "de-DE" },
      );
      expect(stale.status).toBe(409);
      const now = (await stale.json()) as Preview & { ok: boolean; message: string };
      expect(now.ok).toBe(false);
      expect(now.message).toContain("Gebühr");
      expect(now.preview).toMatchObject({ received: 9.75, idempotencyKey: preview.idempotencyKey });
      expect(await balances(core.deps.db, seen.userId)).toMatchObject({ CHIP: 0, GOLD: 1_000 });
      // A value that is no amount is never what the preview said.
      const garbled = await post(
        exchangeAction,
        PAGES.exchange,
        { ...confirm, received: "10e0" },
        { token: seen.token },
      );
      expect(garbled.status).toBe(409);
      // Confirmed as shown now, it goes through once.
      const done = await post(
        exchangeAction,
        PAGES.exchange,
        { ...confirm, received: "9.75" },
        { token: seen.token },
      );
      expect(await toastOf(done)).toMatchObject({
        type: "success",
        message: "Exchanged 10.00 Gold for ₹9.75",
      });
      expect(await balances(core.deps.db, seen.userId)).toMatchObject({ CHIP: 975, GOLD: 0 });
    } finally {
      await setFee("0");
    }
  });

  it("refuses in the player's language, changing nothing", async () => {
    const before = await money();
    const cases: Array<[Record<string, string>, string]> = [
      // A thousand written in English is not a decimal comma: refused, not read as 1.00.
      [{ pair: "CHIP>GOLD", amount: "1,000" }, "Geben Sie einen Betrag wie 10 oder 10,50 ein"],
      [{ pair: "CHIP>GOLD", amount: "1.000,50" }, "Geben Sie einen Betrag wie 10 oder 10,50 ein"],
      [{ pair: "CHIP>GOLD", amount: "0" }, "Der Betrag muss größer als 0 sein"],
      [{ pair: "CHIP>POINT", amount: "1" }, "Dieser Tausch wird nicht angeboten"],
      [{ pair: "CHIP>CHIP", amount: "1" }, "Wählen Sie zwei verschiedene Währungen"],
      [{ pair: "GOLD>CHIP", amount: "999999" }, "Ihr Guthaben reicht für diesen Betrag nicht aus"],
      [
        { pair: "GOLD>CHIP", amount: "999999", intent: "confirm", idempotencyKey: "abcdefgh-1" },
        "Ihr Guthaben reicht für diesen Betrag nicht aus",
      ],
    ];
    for (const [body, message] of cases) {
      const res = await postJson(exchangeAction, PAGES.exchange, body, "de-DE");
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message, JSON.stringify(body)).toBe(message);
    }
    expect(await money()).toEqual(before);
  });

  it("reads a decimal comma as a phone's keypad types it in German ('12,5' is 12.50)", async () => {
    const preview = await postJson<Preview>(
      exchangeAction,
      PAGES.exchange,
      { pair: "CHIP>GOLD", amount: "12,5" },
      "de-DE",
    );
    expect(preview.status).toBe(200);
    expect(preview.body.preview.received).toBe(12.5);
  });
});

describe("staking page action", () => {
  it("stakes once per form key and refuses below the plan's minimum in the player's words", async () => {
    const before = await money();
    const body = { configId: "1", amount: "100", idempotencyKey: "pledge-form-key-1" };
    for (const _ of [1, 2]) {
      const res = await post(pledgeAction, PAGES.pledge, body);
      expect(res.status).toBe(302);
    }
    expect((await money()).CHIP).toBe(before.CHIP - 10_000);
    const low = await postJson(pledgeAction, PAGES.pledge, { configId: "1", amount: "5" }, "fr-FR");
    expect(low.status).toBe(400);
    expect(low.body.message).toBe("Le montant doit être d'au moins ₹100,00");
    expect((await money()).CHIP).toBe(before.CHIP - 10_000);
  });
});

describe("a money form's key sent again with other values", () => {
  const REUSED =
    "Dieses Formular wurde bereits mit anderen Werten gesendet und ausgeführt: siehe Ihre Verläufe. Senden Sie das Formular erneut, um einen neuen Vorgang zu starten.";

  it("is refused in the player's words on the exchange and staking pages, nothing moved again", async () => {
    const exchanged = {
      pair: "CHIP>GOLD",
      amount: "1",
      intent: "confirm",
      idempotencyKey: "reused-exchange-key",
    };
    expect((await post(exchangeAction, PAGES.exchange, exchanged)).status).toBe(302);
    const staked = { configId: "1", amount: "100", idempotencyKey: "reused-pledge-key" };
    expect((await post(pledgeAction, PAGES.pledge, staked)).status).toBe(302);
    const before = await money();
    const exchange = await postJson(exchangeAction, PAGES.exchange, { ...exchanged, amount: "2" }, "de-DE");
    expect(exchange).toMatchObject({ status: 409, body: { message: REUSED } });
    const pledge = await postJson(pledgeAction, PAGES.pledge, { ...staked, amount: "200" }, "de-DE");
    expect(pledge).toMatchObject({ status: 409, body: { message: REUSED } });
    expect(await money()).toEqual(before);
  });
});
