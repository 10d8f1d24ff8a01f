import { expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  accountJson,
  hydrated,
  postJson,
  registerPlayerWithChips,
  savePaymentPassword,
  screen,
} from "./fixtures";

/**
 * A withdrawal above the balance is told before it is sent, under the amount, on the bank and the
 * USDT form alike; sent anyway (without JavaScript) the server says so in the same place, and the
 * form keeps what was typed. Found by an audit: the USDT form took ₹800 of a ₹500 balance without
 * a word until the core refused it.
 */
const PAY_PASSWORD = "135790";
const ADDRESS = "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE";
const ABOVE = "This is more than your balance of ₹500.00.";

test("an amount above the balance is told before submit, and by the server, the form kept", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const player = await registerPlayerWithChips(page.request, "500");
  await page.goto(PAGES.paymentPassword);
  await hydrated(page);
  await savePaymentPassword(page, player.phone, PAY_PASSWORD);
  await expect.poll(async () => (await accountJson(page.request)).hasAssetPassword).toBe(true);

  for (const tab of ["cash", "usdt"]) {
    await page.goto(`${PAGES.withdrawal}?tab=${tab}`);
    await hydrated(page);
    const form = page.locator(`form#withdraw-${tab}`);
    const amount = form.getByLabel("Withdrawal amount");
    await amount.focus();
    await expect(form).toHaveAttribute("data-validation", "browser");
    await amount.fill("800");
    await amount.blur();
    await expect(form.getByText(ABOVE)).toBeVisible();
    await expect(amount).toHaveAttribute("aria-invalid", "true");
    await amount.fill("400");
    await expect(form.getByText(ABOVE)).toHaveCount(0);
  }
  await screen(page, "withdraw-over-balance-usdt");

  // In the dark theme too the field is outlined red, not in the grey of a field without error.
  expect((await postJson(page.request, "/resources/theme", { theme: "dark" })).status).toBe(200);
  await page.goto(`${PAGES.withdrawal}?tab=usdt`);
  await hydrated(page);
  const dark = page.locator("form#withdraw-usdt").getByLabel("Withdrawal amount");
  await dark.focus();
  await expect(page.locator("form#withdraw-usdt")).toHaveAttribute("data-validation", "browser");
  await dark.fill("800");
  await dark.blur();
  await expect(dark).toHaveAttribute("aria-invalid", "true");
  expect(await dark.evaluate((el) => getComputedStyle(el).borderTopColor)).toBe("rgb(248, 113, 113)");
  await postJson(page.request, "/resources/theme", { theme: "light" });

  // Without JavaScript the USDT form is sent as it is: the server's answer, under the amount.
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const nojs = await context.newPage();
  await nojs.goto(`${PAGES.withdrawal}?tab=usdt`);
  const form = nojs.locator("form#withdraw-usdt");
  await form.getByLabel("Withdrawal amount").fill("800");
  await form.getByLabel("Withdrawal address").fill(ADDRESS);
  await form.getByLabel("Payment password", { exact: true }).fill(PAY_PASSWORD);
  await form.getByRole("button", { name: "Withdraw" }).click();
  await expect(nojs).toHaveURL(/tab=usdt/);
  await expect(form.getByText("Insufficient balance.")).toBeVisible();
  await expect(form.getByLabel("Withdrawal amount")).toHaveValue("800");
  await expect(form.getByLabel("Withdrawal amount")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Withdrawal address")).toHaveValue(ADDRESS);
  await screen(nojs, "withdraw-over-balance-usdt-nojs");
  await context.close();
});
