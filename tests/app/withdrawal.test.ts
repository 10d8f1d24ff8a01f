import { expect, it } from "vitest";
import { DEMO_BANK_CARD, DEMO_PLAYER } from "../support/app-server";
import { describeBuilt, useBuiltApp } from "../support/built-app";

/**
 * The withdrawal and bank-card pages against the built app and its embedded core, as curl and a
 * browser without JavaScript use them: what the USDT form promises is what is sent and recorded.
 */

const USDT_PAGE = "/pages/withdrawal/withdrawal?tab=usdt";
const TRC20 = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const PASSWORD = "246810";

describeBuilt("withdrawal pages against the built server", () => {
  const { app, call } = useBuiltApp({ env: { UPSTREAM_TIMEOUT_MS: "15000" } });

  it("signs in and sets a payment password", async () => {
    const running = app();
    expect((await call("/pages/login/login", { form: DEMO_PLAYER })).status).toBe(200);
    expect(
      (await call("/pages/paymentPassword/paymentPassword", { form: { intent: "sendSms" } })).status,
    ).toBe(200);
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i++) {
      code = /SMS code for \+91 9000000001: (\d{6})/.exec(running.log.join(""))?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    const saved = await call("/pages/paymentPassword/paymentPassword", {
      form: { intent: "save", smsCode: code ?? "", assetPassword: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });

  it("promises, sends and records the same USDT to the micro-USDT: 300.55 at 90 with 1 % is 3.306 USDT", async () => {
    // The no-JS "Show fee" preview.
    const preview = await call(USDT_PAGE, { form: { intent: "preview", amount: "300.55" }, json: false });
    expect(preview.status).toBe(200);
    const shown = /data-testid="withdraw-usdt"[^>]*>([^<]*)</.exec(preview.html)?.[1];
    expect(shown).toBe("3.306 USDT");
    const sent = await call(USDT_PAGE, {
      form: { amount: "300.55", network: "TRC20", address: TRC20, assetPassword: PASSWORD },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(String(sent.body.message)).toContain("3.306 USDT");
    const records = await call("/pages/withdrawal/withdrawalRecords/withdrawalURecords");
    expect(records.body.rows).toMatchObject([{ netAmount: 297.54, usdtAmount: 3.306, usdtRate: 90 }]);
  });

  it("saves a card once: a double submit (two parallel adds) and a later add of the same number are refused in the player's words", async () => {
    const card = { ...DEMO_BANK_CARD, assetPassword: PASSWORD };
    const answers = await Promise.all([
      call("/pages/bankCard/bankCard", { form: card }),
      call("/pages/bankCard/bankCard", { form: card }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    expect(JSON.stringify(answers.find((a) => a.status === 400)?.body)).toContain(
      "This bank card is already saved.",
    );
    const again = await call("/pages/bankCard/bankCard", { form: { ...card, bankCardNo: "1234 5678 9012" } });
    expect(again.status).toBe(400);
    expect(JSON.stringify(again.body)).toContain("This bank card is already saved.");
    const cards = (await call("/pages/bankCard/bankCard")).body.cards as Array<{ last4: string }>;
    expect(cards.map((c) => c.last4)).toEqual(["9012"]);
  });

  it("says a refused address or card number under its field, where the player fixes it", async () => {
    // A TRC20 address with one character wrong (its checksum fails), and a card saved already.
    const badAddress = `${TRC20.slice(0, -1)}u`;
    const usdt = await call(USDT_PAGE, {
      form: { amount: "300", network: "TRC20", address: badAddress, assetPassword: PASSWORD },
    });
    expect(usdt.status).toBe(400);
    expect(usdt.body.errors).toMatchObject({
      address: ["This address is not valid for the network (check every character)."],
    });
    const card = await call("/pages/bankCard/bankCard", {
      form: { ...DEMO_BANK_CARD, assetPassword: PASSWORD },
    });
    expect(card.status).toBe(400);
    expect(card.body.errors).toMatchObject({ bankCardNo: ["This bank card is already saved."] });
  });

  it("answers a form's wrong choice or malformed field in the player's words, never zod's, in English and German", async () => {
    const usdt = { amount: "300", network: "ERC20", address: "x", assetPassword: PASSWORD };
    const card = {
      id: "abc",
      bankId: "1",
      holderName: "Demo Player",
      ifsc: "SBIN0001234",
      assetPassword: PASSWORD,
    };
    const en = await call(USDT_PAGE, { form: usdt });
    expect(en.status).toBe(400);
    expect(en.body.errors).toMatchObject({ network: ["Choose a network"] });
    const enCard = await call("/pages/bankCard/bankCard", { form: card });
    expect(enCard.body.errors).toMatchObject({ id: ["This value is not valid"] });
    expect(
      (await call("/resources/lang", { form: { lang: "de-DE", redirectTo: USDT_PAGE } })).status,
    ).toBeLessThan(400);
    const de = await call(USDT_PAGE, { form: usdt });
    expect(de.body.errors).toMatchObject({ network: ["Wählen Sie ein Netzwerk"] });
    const deCard = await call("/pages/bankCard/bankCard", { form: card });
    expect(deCard.body.errors).toMatchObject({ id: ["Dieser Wert ist ungültig"] });
    for (const answer of [en, enCard, de, deCard])
      expect(JSON.stringify(answer.body)).not.toMatch(/Invalid|Expected/);
  });

  it("a form's key sent again with another amount withdraws nothing more, says so in the player's words and hands a new key", async () => {
    const form = {
      network: "TRC20",
      address: TRC20,
      assetPassword: PASSWORD,
      idempotencyKey: "usdt-form-key-1",
    };
    const rows = async () =>
      ((await call("/pages/withdrawal/withdrawalRecords/withdrawalURecords")).body.rows as unknown[]).length;
    const first = await call(USDT_PAGE, { form: { ...form, amount: "200" } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const listed = await rows();
    // The back button (or a retry after a lost answer), then another amount: the session is German.
    const other = await call(USDT_PAGE, { form: { ...form, amount: "210" } });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(
      "Dieses Formular wurde bereits mit anderen Werten gesendet und ausgeführt: siehe Ihre Verläufe. Senden Sie das Formular erneut, um einen neuen Vorgang zu starten.",
    );
    expect(await rows()).toBe(listed);
    const key = String(other.body.idempotencyKey);
    expect(key).not.toBe(form.idempotencyKey);
    const again = await call(USDT_PAGE, { form: { ...form, amount: "210", idempotencyKey: key } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(await rows()).toBe(listed + 1);
  });
});
