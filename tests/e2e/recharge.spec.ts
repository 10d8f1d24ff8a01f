import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  accountJson,
  coreUrl,
  expectAccessibleInBothThemes,
  expectCheckedOnBlur,
  hydrated,
  money,
  payCashInSandbox,
  postJson,
  registerPlayer,
  screen,
} from "./fixtures";

/**
 * Recharge at 360x740 (issue 8): cash through the sandbox provider's pay page, USDT confirmed by
 * the sandbox chain watcher (the operator API), and the cash flow without JavaScript. Balances and
 * records match to the cent.
 */

const OPERATOR = `Basic ${Buffer.from("operator:operator-dev-password").toString("base64")}`;

test.describe("recharge", () => {
  test("cash through the sandbox pay page: the balance and the record match to the cent", async ({
    page,
  }) => {
    await registerPlayer(page.request);
    expect((await accountJson(page.request)).chip).toBe(0);
    await page.goto(PAGES.recharge);
    await hydrated(page);
    await expect(page.getByTestId("recharge-balance")).toHaveText(money(0, "CHIP"));
    const amount = page.getByLabel("Amount");
    await expectCheckedOnBlur(amount, "form#recharge-cash", "100.505", "At most two decimals");
    // Bad input is refused in place, with the limits named.
    await amount.fill("50");
    await page.getByRole("button", { name: "Recharge now" }).click();
    await expect(page.getByText("Enter an amount from ₹100.00 to ₹50,000.00")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${PAGES.recharge}$`));
    // A preset fills the amount.
    await page.getByRole("link", { name: "₹300.00" }).click();
    await expect(amount).toHaveValue("300");
    await expect(page.getByText("Enter an amount from ₹100.00 to ₹50,000.00")).toBeHidden();
    await screen(page, "recharge-cash");
    await payCashInSandbox(page, "150.25");
    await expect(page.getByText("Recharge of ₹150.25 credited")).toBeVisible();
    const record = page.getByTestId("recharge-record").first();
    await expect(record.getByTestId("record-amount")).toHaveText("₹150.25");
    await expect(record.getByText("Completed")).toBeVisible();
    await screen(page, "recharge-cash-records");
    expect((await accountJson(page.request)).chip).toBe(150.25);
  });

  test("USDT: the player's address, a deposit confirmed by the operator, then balance and record", async ({
    page,
  }) => {
    await registerPlayer(page.request);
    await page.goto(`${PAGES.recharge}?tab=usdt`);
    await expect(page.getByText("1 USDT = ₹90.00")).toBeVisible();
    await expect(page.getByText(/cannot be recovered/)).toBeVisible();
    await expect(page.getByRole("img", { name: /QR code/ })).toBeVisible();
    const address = (await page.getByTestId("deposit-address").textContent())?.trim() ?? "";
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    await screen(page, "recharge-usdt");
    const tx = randomBytes(32).toString("hex");
    const report = (confirmations: string) =>
      page.request.post(`${coreUrl()}/operator/recharge/deposit`, {
        headers: { authorization: OPERATOR, accept: "application/json" },
        form: { network: "TRC20", address, tx, amount: "100", confirmations },
      });
    expect((await (await report("3")).json()).result.deposit.status).toBe("PENDING");
    await page.goto(PAGES.rechargeURecords);
    await expect(page.getByTestId("recharge-record").first().getByText("Pending")).toBeVisible();
    // How long it waits, not a bare "3 confirmations".
    await expect(page.getByTestId("recharge-record").first()).toContainText(
      "3 of 12 confirmations: credited at 12",
    );
    expect((await accountJson(page.request)).chip).toBe(0);
    expect((await (await report("12")).json()).result.credited).toBe(true);
    await page.reload();
    const record = page.getByTestId("recharge-record").first();
    await expect(record.getByTestId("record-amount")).toHaveText("₹9,000.00");
    await expect(record.getByText("Completed")).toBeVisible();
    await expect(record.getByText("100.00 USDT received")).toBeVisible();
    await expect(record).toContainText("12 confirmations");
    await expect(record).not.toContainText("of 12");
    expect((await accountJson(page.request)).chip).toBe(9000);
    // The same transaction reported again credits nothing more.
    expect((await (await report("20")).json()).result.credited).toBe(false);
    expect((await accountJson(page.request)).chip).toBe(9000);
  });
});

test.describe("recharge without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cash flow works by plain form posts and redirects", async ({ page }) => {
    await registerPlayer(page.request);
    await page.goto(PAGES.recharge);
    await page.getByLabel("Amount").fill("abc");
    await page.getByRole("button", { name: "Recharge now" }).click();
    await expect(page.getByText("Enter an amount such as 100 or 100.50")).toBeVisible();
    await payCashInSandbox(page, "100.01");
    await expect(page.getByText("Recharge of ₹100.01 credited")).toBeVisible();
    await expect(page.getByTestId("recharge-record").first().getByTestId("record-amount")).toHaveText(
      "₹100.01",
    );
    expect((await accountJson(page.request)).chip).toBe(100.01);
    await screen(page, "recharge-nojs-records");
  });
});

test.describe("recharge accessibility", () => {
  // axe-core is injected as a script, which the app's nonce-based CSP would block.
  test.use({ bypassCSP: true });

  test("the recharge pages, the pay page and the empty records have no serious or critical violations, light and dark", async ({
    page,
  }) => {
    await registerPlayer(page.request);
    const made = await postJson(page.request, PAGES.recharge, {
      amount: "120",
      payChannelName: "SANDBOX_UPI",
    });
    const payUrl = made.body.redirect as string;
    const paths = [
      PAGES.recharge,
      `${PAGES.recharge}?tab=usdt`,
      `${PAGES.recharge}?tab=usdt&network=BEP20`,
      PAGES.rechargeURecords,
      payUrl,
      PAGES.rechargeRecords,
    ];
    await expectAccessibleInBothThemes(page, paths);
  });
});
