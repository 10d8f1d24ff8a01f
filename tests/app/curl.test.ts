import { expect, it } from "vitest";
import { DEMO_BANK_CARD, DEMO_PLAYER, bodyOf, embeddedCoreOf } from "../support/app-server";
import { describeBuilt, useBuiltApp } from "../support/built-app";

/**
 * The README's curl walkthrough, run with fetch against the real product: `node build/server/index.js`
 * (the built app, which starts the embedded core) on free ports with a throw-away database.
 */

const JSON_ACCEPT = { accept: "application/json" };
const WALKTHROUGH_ENV = {
  ROUND_SECONDS: "20",
  BET_CLOSE_SECONDS: "5",
  UPSTREAM_TIMEOUT_MS: "15000",
};

describeBuilt("README curl walkthrough against the built server", () => {
  const { app, jar } = useBuiltApp({ env: WALKTHROUGH_ENV });

  // As curl sends it: no Origin header, unlike formCaller's browser form.
  async function call(path: string, init: { method?: string; form?: Record<string, string> } = {}) {
    const res = await fetch(`${app().base}${path}`, {
      method: init.method ?? (init.form ? "POST" : "GET"),
      headers: {
        ...JSON_ACCEPT,
        cookie: jar.header(),
        ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: "manual",
    });
    jar.store(res);
    return { status: res.status, body: await bodyOf(res), type: res.headers.get("content-type") ?? "" };
  }

  it("logs in, reads the balance and the round, bets, sees the stake taken, logs out", async () => {
    // 1. Log in with exactly the README's fields: areaCode, phone, password (no intent).
    const login = await call("/pages/login/login", {
      form: DEMO_PLAYER,
    });
    expect
      .soft(login.status, `README login (areaCode, phone, password only): ${JSON.stringify(login.body)}`)
      .toBe(200);
    expect.soft(login.body.ok, "README login answers ok: true").toBe(true);
    if (login.status !== 200) {
      // Keep walking (the rest is still worth checking), signed in the way the form does it.
      const viaForm = await call("/pages/login/login", {
        form: { intent: "login", ...DEMO_PLAYER },
      });
      expect(viaForm.status, JSON.stringify(viaForm.body)).toBe(200);
    }
    expect(login.type).toMatch(/application\/json/);
    // The token stays in the cookie session, never in a body.
    expect(JSON.stringify(login.body)).not.toMatch(/token/i);

    // 2. The balances.
    const account = await call("/pages/account/account");
    expect(account.status, JSON.stringify(account.body)).toBe(200);
    const user = account.body.user as { chip: number; gold: number; point: number; phone: string };
    expect(user.phone).toBe("9000000001");
    expect(user.chip).toBeGreaterThan(0);
    expect(JSON.stringify(account.body)).not.toMatch(/"token"/);

    // 3. The current round of level 1 (id, countdowns, seed commitment). Wait for a round with
    //    enough betting time left that the bet lands and the balance is read before settlement.
    type Game = {
      round: {
        id: string;
        seedHash: string;
        remaining: { bet: number; round: number };
      } | null;
    };
    let game = await call("/pages/game/game?level=1&coin=CHIP");
    expect(game.status, JSON.stringify(game.body).slice(0, 500)).toBe(200);
    for (let i = 0; i < 4; i++) {
      const round = (game.body as Game).round;
      if (round && round.remaining.bet >= 4) break;
      await new Promise((r) => setTimeout(r, ((round?.remaining.round ?? 1) + 0.5) * 1000));
      game = await call("/pages/game/game?level=1&coin=CHIP");
    }
    const round = (game.body as Game).round;
    expect(round, "an open round").toBeTruthy();
    if (!round) return;
    expect(round.id).toMatch(/^\d+$/);
    expect(round.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(round.remaining.bet).toBeGreaterThanOrEqual(4);

    // 4. Bet 10 × 2 on Red through the documented interface.
    const bet = await call("/pages/game/game?level=1&coin=CHIP", {
      form: {
        gameSessionId: round.id,
        betName: "Red",
        baseAmount: "10",
        betMultiples: "2",
        coin: "CHIP",
        level: "1",
      },
    });
    expect(bet.status, JSON.stringify(bet.body)).toBe(200);
    expect(bet.body.code, JSON.stringify(bet.body)).toBe(200);

    // 5. The balance dropped by exactly the stake.
    const after = await call("/pages/account/account");
    const chipAfter = (after.body.user as { chip: number }).chip;
    expect(Math.round(chipAfter * 100)).toBe(Math.round(user.chip * 100) - 10 * 2 * 100);

    // 6. Log out: the session ends.
    const logout = await call("/logout", { method: "POST", form: {} });
    expect(logout.status, JSON.stringify(logout.body)).toBe(200);
    expect(logout.body.message).toBe("Logged Out Successfully!");
    const gone = await call("/pages/account/account");
    expect(gone.status).toBe(401);
    expect(gone.body.redirect).toMatch(/^\/pages\/login\/login/);
  }, 90_000);

  it("withdraws to a new bank card with a payment password, recharges through the sandbox pay page, and the ledger balances", async () => {
    const running = app();
    const login = await call("/pages/login/login", {
      form: DEMO_PLAYER,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const chipOf = async () =>
      Math.round(((await call("/pages/account/account")).body.user as { chip: number }).chip * 100);
    const start = await chipOf();

    // A payment password: the SMS code is in the app's log in development.
    const sms = await call("/pages/paymentPassword/paymentPassword", { form: { intent: "sendSms" } });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    let code: string | undefined;
    for (let i = 0; i < 50 && !code; i++) {
      code = /SMS code for \+91 9000000001: (\d{6})/.exec(running.log.join(""))?.[1];
      if (!code) await new Promise((r) => setTimeout(r, 100));
    }
    expect(code, "the SMS code in the log").toBeTruthy();
    const saved = await call("/pages/paymentPassword/paymentPassword", {
      form: { intent: "save", smsCode: code ?? "", assetPassword: "246810", confirmPassword: "246810" },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    // A bank card, then a withdrawal of 120 to it: below autoAuditAmount, so paid at once.
    const card = await call("/pages/bankCard/bankCard", {
      form: { ...DEMO_BANK_CARD, assetPassword: "246810" },
    });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    const cards = await call("/pages/bankCard/bankCard");
    const cardId = String((cards.body.cards as { id: number; bankCardNo: string }[])[0].id);
    expect(JSON.stringify(cards.body)).not.toContain("123456789012");
    const withdrawal = await call("/pages/withdrawal/withdrawal?tab=cash", {
      form: { amount: "120", userBankId: cardId, assetPassword: "246810" },
    });
    expect(withdrawal.status, JSON.stringify(withdrawal.body)).toBe(200);
    const records = await call("/pages/withdrawal/withdrawalRecords/withdrawalRecords");
    expect(JSON.stringify(records.body)).toContain("APPROVED");
    expect(await chipOf()).toBe(start - 12_000);

    // A form with a malformed idempotency key (tampered: the page sends a UUID) is not refused
    // with zod's words: it gets a fresh key and withdraws once.
    const tampered = await call("/pages/withdrawal/withdrawal?tab=cash", {
      form: { amount: "120", userBankId: cardId, assetPassword: "246810", idempotencyKey: "k".repeat(101) },
    });
    expect(tampered.status, JSON.stringify(tampered.body)).toBe(200);
    expect(await chipOf()).toBe(start - 24_000);

    // A recharge of 150.25: the answer names the sandbox provider's pay page; paying there is
    // what the provider's signed callback credits.
    const order = await call("/pages/recharge/recharge", {
      form: { amount: "150.25", payChannelName: "SANDBOX_UPI" },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const payPage = String(order.body.redirect);
    expect(payPage).toMatch(/^\/pay\/sandbox\/\w+\?t=/);
    const paid = await call(payPage, { form: { intent: "pay" } });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(await chipOf()).toBe(start - 24_000 + 15_025);
    expect(JSON.stringify((await call("/pages/recharge/rechargeRecords/rechargeRecords")).body)).toContain(
      "SUCCESS",
    );

    // The operator's reconciliation: every coin sums to zero.
    const core = embeddedCoreOf(running);
    const check = await fetch(`http://127.0.0.1:${core?.port}/core/operator/ledger/check`, {
      headers: { authorization: `Basic ${Buffer.from("operator:operator-dev-password").toString("base64")}` },
    });
    expect(((await check.json()) as { result: { ok: boolean } }).result.ok).toBe(true);
  }, 90_000);
});
