import { expect, it } from "vitest";
import { checkUsdtAddress } from "#contract/addresses";
import { SANDBOX_SIGNATURE_HEADER, sandboxNotification } from "../../core/src/recharge/providers";
import { DEMO_PLAYER } from "../support/app-server";
import { describeBuilt, useBuiltApp } from "../support/built-app";

/**
 * The recharge pages' loaders and actions in JSON mode and as a browser without JavaScript, against
 * the built app and its embedded core (the curl walkthrough of docs/wallet.md "Recharge").
 */

const PAGE = "/pages/recharge/recharge";
const RECORDS = "/pages/recharge/rechargeRecords/rechargeRecords";
/** The sandbox's signing key for this app's core, so that the test can sign as the provider. */
const SECRET = "test-sandbox-secret-0123456789abcdef";

describeBuilt("recharge pages against the built server", () => {
  const { app, jar, call } = useBuiltApp({
    env: { UPSTREAM_TIMEOUT_MS: "15000", PAYMENT_SANDBOX_SECRET: SECRET },
  });

  const balance = async () => (await call(PAGE)).body.balance as number;
  const records = async () =>
    (await call(RECORDS)).body.rows as Array<{ id: string; amount: number; status: string }>;

  it("signs in and shows the Cash tab: limits, presets and the sandbox channels", async () => {
    const login = await call("/pages/login/login", {
      form: DEMO_PLAYER,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    const page = await call(PAGE);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      tab: "cash",
      cash: {
        open: true,
        min: 100,
        max: 50000,
        channels: [{ payChannelName: "SANDBOX_UPI" }, { payChannelName: "SANDBOX_BANK" }],
      },
    });
  });

  it("refuses every bad amount with a clear message and changes nothing", async () => {
    const before = { balance: await balance(), records: (await records()).length };
    const cases: [string, string][] = [
      ["", "Enter an amount such as 100 or 100.50"],
      ["-5", "The amount must be more than 0"],
      ["0", "The amount must be more than 0"],
      ["100.001", "At most two decimals"],
      ["1e9", "Enter an amount such as 100 or 100.50"],
      ["NaN", "Enter an amount such as 100 or 100.50"],
      ["abc", "Enter an amount such as 100 or 100.50"],
      ["99999999999", "The amount is too large"],
      ["99.99", "Enter an amount from ₹100.00 to ₹50,000.00"],
      ["50000.01", "Enter an amount from ₹100.00 to ₹50,000.00"],
    ];
    for (const [amount, message] of cases) {
      const answer = await call(PAGE, { form: { amount, payChannelName: "SANDBOX_UPI" } });
      expect(answer.status, `amount ${JSON.stringify(amount)}`).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, message });
    }
    const noChannel = await call(PAGE, { form: { amount: "100", payChannelName: "NOPE" } });
    expect(noChannel.body).toMatchObject({ ok: false, message: "This pay channel is not available" });
    expect({ balance: await balance(), records: (await records()).length }).toEqual(before);
  });

  it("a malformed idempotency key (a tampered form) gets a fresh one: the order is made, no zod words", async () => {
    for (const idempotencyKey of ["<script>", "short", "k".repeat(101)]) {
      const answer = await call(PAGE, {
        form: { amount: "120", payChannelName: "SANDBOX_UPI", idempotencyKey },
      });
      expect(answer.status, `${idempotencyKey}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.body.redirect, idempotencyKey).toMatch(
        /^\/pay\/sandbox\/R\d{8}[0-9A-F]{12}\?t=[0-9a-f]{32}$/,
      );
    }
  });

  it("makes one order for a form submitted twice, pays it on the sandbox page, credits it to the cent", async () => {
    const before = await balance();
    const form = { amount: "150.25", payChannelName: "SANDBOX_UPI", idempotencyKey: crypto.randomUUID() };
    const first = await call(PAGE, { form });
    const second = await call(PAGE, { form });
    expect(first.status).toBe(200);
    const payUrl = first.body.redirect as string;
    expect(payUrl).toMatch(/^\/pay\/sandbox\/R\d{8}[0-9A-F]{12}\?t=[0-9a-f]{32}$/);
    expect(second.body.redirect).toBe(payUrl);
    // The answer says what to do next, both times: pay on the provider's page.
    for (const answer of [first, second])
      expect(answer.body).toMatchObject({
        ok: true,
        message:
          "You pay on the provider's secure page; your balance is credited as soon as the provider confirms.",
      });
    expect((await call(payUrl.replace(/t=\w+/, `t=${"0".repeat(32)}`))).status).toBe(404);
    // A link cut short (no token, an empty one) is no pay page either: 404, not zod's words.
    for (const cut of [
      payUrl.replace(/\?t=\w+/, ""),
      payUrl.replace(/t=\w+/, "t="),
      payUrl.replace(/t=\w+/, "t=%20"),
    ]) {
      const answer = await call(cut);
      expect(answer.status, cut).toBe(404);
      expect(JSON.stringify(answer.body)).not.toMatch(/String must contain/);
      expect((await call(cut, { form: { intent: "pay" } })).status, cut).toBe(404);
    }
    const paid = await call(payUrl, { form: { intent: "pay" } });
    expect(paid.body).toMatchObject({ ok: true, message: "Recharge of ₹150.25 credited" });
    expect(Math.round((await balance()) * 100)).toBe(Math.round(before * 100) + 15025);
    const [latest] = await records();
    expect(latest).toMatchObject({ amount: 150.25, status: "SUCCESS" });
    expect((await call(payUrl, { form: { intent: "pay" } })).status).toBe(409);
  });

  it("without JavaScript: the form redirects to the pay page, Cancel back to the records", async () => {
    const made = await call(PAGE, { form: { amount: "200", payChannelName: "SANDBOX_BANK" }, json: false });
    expect(made.status).toBe(302);
    expect(made.location).toMatch(/^\/pay\/sandbox\//);
    // The page's address carries the order's secret: never stored, and only the origin goes to
    // another site as a referrer (no-referrer would send its Pay form with "Origin: null").
    const payPage = await fetch(`${app().base}${made.location}`, { headers: { cookie: jar.header() } });
    expect(payPage.status).toBe(200);
    expect(payPage.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(payPage.headers.get("cache-control")).toBe("no-store");
    const cancelled = await call(made.location as string, { form: { intent: "cancel" }, json: false });
    expect(cancelled.status).toBe(302);
    expect(cancelled.location).toBe(RECORDS);
    expect((await records())[0]).toMatchObject({ amount: 200, status: "FAILED" });
  });

  it("shows a valid deposit address, QR code and rate for each network", async () => {
    for (const network of ["TRC20", "BEP20"] as const) {
      const page = await call(`${PAGE}?tab=usdt&network=${network}`);
      const usdt = page.body.usdt as { address: string; qrSvg: string; rate: number; network: string };
      expect(usdt.network).toBe(network);
      expect(checkUsdtAddress(network, usdt.address)).toEqual({ ok: true, address: usdt.address });
      expect(usdt.qrSvg).toMatch(/^<svg[^>]*viewBox/);
      expect(usdt.qrSvg).not.toMatch(/<script|on\w+=/i);
      expect(usdt.rate).toBe(90);
    }
  });

  it("passes a provider's callback through /pay/notify to the core: forged refused, signed credited once", async () => {
    const made = await call(PAGE, { form: { amount: "123.45", payChannelName: "SANDBOX_UPI" } });
    const orderId = (made.body.order as { id: string }).id;
    const before = await balance();
    const notify = (body: string, headers: Record<string, string>) =>
      fetch(`${app().base}/pay/notify/sandbox`, { method: "POST", headers, body });
    const signed = sandboxNotification(SECRET, {
      orderId,
      amount: "123.45",
      status: "PAID",
      timestamp: Date.now(),
    });
    const forged = sandboxNotification("another-secret-another-secret-0000", {
      orderId,
      amount: "123.45",
      status: "PAID",
      timestamp: Date.now(),
    });
    const refused = await notify(forged.body, forged.headers);
    expect([refused.status, await refused.text()]).toEqual([400, "refused"]);
    const tampered = await notify(signed.body.replace("123.45", "9123.45"), signed.headers);
    expect(tampered.status).toBe(400);
    expect((await notify("{}", { "content-type": "application/json" })).status).toBe(400);
    expect(
      (await fetch(`${app().base}/pay/notify/Not%20A%20Provider`, { method: "POST", body: "x" })).status,
    ).toBe(404);
    expect(await balance()).toBe(before);
    for (let i = 0; i < 3; i++) {
      const accepted = await notify(signed.body, signed.headers);
      expect([accepted.status, await accepted.text()]).toEqual([200, "success"]);
    }
    expect(signed.headers[SANDBOX_SIGNATURE_HEADER]).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.round((await balance()) * 100)).toBe(Math.round(before * 100) + 12345);
  });

  it("says a payment is already closed in the player's language (German here), not the core's English", async () => {
    const made = await call(PAGE, { form: { amount: "100", payChannelName: "SANDBOX_UPI" } });
    const payUrl = made.body.redirect as string;
    expect((await call(payUrl, { form: { intent: "pay" } })).status).toBe(200);
    expect(
      (await call("/resources/lang", { form: { lang: "de-DE", redirectTo: PAGE } })).status,
    ).toBeLessThan(400);
    const again = await call(payUrl, { form: { intent: "pay" } });
    expect(again).toMatchObject({
      status: 409,
      body: { ok: false, message: "Diese Zahlung ist abgeschlossen: Abgeschlossen." },
    });
    // Without JavaScript: back to the pay page with the same words in the toast.
    const html = await call(payUrl, { form: { intent: "cancel" }, json: false });
    expect(html.status).toBe(302);
    const page = await fetch(`${app().base}${html.location}`, { headers: { cookie: jar.header() } });
    const text = await page.text();
    expect(text).toContain("Diese Zahlung ist abgeschlossen: Abgeschlossen.");
    expect(text).not.toContain("This payment is already closed");
  });
});
