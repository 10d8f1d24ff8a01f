import { expect, test } from "@playwright/test";
import { PAGES } from "~/utils/paths";
import {
  ACCOUNT_PATH,
  LOGIN_PATH,
  holdScripts,
  hydrated,
  money,
  operator,
  postsSent,
  registerPlayer,
} from "./fixtures";

/**
 * Decision 036: a form's zod schemas load after first paint (the form kit's useKitForm). Once the
 * page is idle the browser checks a field on blur, without asking the server; before that (or if
 * the schemas never arrive) a blur sends nothing and a submit is checked by the server; without
 * JavaScript the server's message shows. What is typed or picked before a form's code arrives is
 * what the form follows and sends once it has.
 */

const PHONE_ERROR = "Enter a valid phone number (5 to 15 digits)";
/** The chunk of app/utils/forms.ts (the schemas), loaded by import() only. */
const SCHEMAS_CHUNK = /\/build\/_shared\/forms-[A-Z0-9]+\.js$/;

test("once the page is idle, a bad phone shows its message on blur, checked in the browser", async ({
  page,
}) => {
  const posts = postsSent(page, LOGIN_PATH);
  await page.goto(LOGIN_PATH);
  await hydrated(page);
  const form = page.locator("form#login");
  // The kit marks the form when its schemas have loaded (when idle, without any focus).
  await expect(form).toHaveAttribute("data-validation", "browser");
  await form.getByLabel("Phone number").fill("12ab");
  await form.getByLabel("Phone number").blur();
  await expect(form.getByText(PHONE_ERROR)).toBeVisible();
  await expect(form.getByLabel("Phone number")).toHaveAttribute("aria-invalid", "true");
  // Corrected: the message goes on input (revalidation), still without the server.
  await form.getByLabel("Phone number").fill("9123456789");
  await expect(form.getByText(PHONE_ERROR)).toHaveCount(0);
  expect(posts).toHaveLength(0);
});

test("until the schemas arrive, a blur sends nothing and a submit is checked by the server", async ({
  page,
}) => {
  let schemaRequests = 0;
  await page.route(SCHEMAS_CHUNK, (route) => {
    schemaRequests++;
    return route.abort();
  });
  const posts = postsSent(page, LOGIN_PATH);
  await page.goto(LOGIN_PATH);
  await hydrated(page);
  const form = page.locator("form#login");
  await form.getByLabel("Phone number").fill("12ab");
  await form.getByLabel("Phone number").blur();
  await form.getByLabel("Password", { exact: true }).focus();
  await expect.poll(() => schemaRequests).toBeGreaterThan(0);
  await page.waitForTimeout(300);
  await expect(form.getByText(PHONE_ERROR)).toHaveCount(0);
  expect(posts).toHaveLength(0);
  await expect(form).not.toHaveAttribute("data-validation", "browser");

  await form.getByLabel("Password", { exact: true }).fill("whatever1");
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(form.getByText(PHONE_ERROR)).toBeVisible();
  expect(posts).toHaveLength(1);
  expect(new URL(page.url()).pathname).toBe(LOGIN_PATH);
});

test("a client-side navigation to a form page shows it with its form, even when the form's code is slow", async ({
  page,
}) => {
  await registerPlayer(page.request);
  await page.goto(ACCOUNT_PATH);
  await hydrated(page);
  // The password form's chunk (import()ed by the page) answers 1.5 s late.
  await page.route(/\/build\/_shared\/PasswordForm-[A-Z0-9]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.locator('a[href="/pages/loginPassword/loginPassword"]').first().click();
  await page.waitForURL("**/pages/loginPassword/loginPassword");
  // The navigation waited for the form's code (withForms): the form is there as the page changes,
  // in the same render (well before the chunk's 1.5 s delay would have let it in).
  await expect(page.locator("form#login-password")).toHaveCount(1, { timeout: 500 });
  await expect(page.getByRole("button", { name: "Send code" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a bad phone gets the server's message", async ({ page }) => {
    await page.goto(LOGIN_PATH);
    const form = page.locator("form#login");
    await form.getByLabel("Phone number").fill("12ab");
    await form.getByLabel("Password", { exact: true }).fill("whatever1");
    await form.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText(PHONE_ERROR)).toBeVisible();
    await expect(page.locator("form#login").getByLabel("Phone number")).toHaveValue("12ab");
  });
});

test("an amount typed before the form's code arrives is kept and submitted", async ({ page }) => {
  await registerPlayer(page.request);
  // The recharge form's chunk answers 2 s late: the server's form is there and usable before it.
  await page.route(/\/build\/_shared\/cash-form-[A-Z0-9]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const chunk = page.waitForResponse(/\/build\/_shared\/cash-form-[A-Z0-9]+\.js$/);
  await page.goto("/pages/recharge/recharge");
  await page.getByLabel("Amount").fill("321.5");
  await chunk;
  await expect(page.locator("form[data-validation=browser]")).toHaveCount(1);
  await expect(page.getByLabel("Amount")).toHaveValue("321.5");
  await page.getByLabel("UPI (sandbox)").check();
  await page.getByRole("button", { name: "Recharge now" }).click();
  await page.waitForURL(/\/pay\/sandbox\/R\d+/);
  await expect(page.getByTestId("pay-amount")).toHaveText("₹321.50");
});

test("a card picked before the page's code arrives is the one its live quote follows", async ({ page }) => {
  const { phone } = await registerPlayer(page.request);
  await operator(page.request, "/users/credit", { phone, coin: "GOLD", amount: "20" });
  const release = await holdScripts(page);
  await page.goto(PAGES.exchange);
  await page.getByRole("radio", { name: "Gold → Chips" }).check();
  await page.getByLabel("Amount").fill("10");
  release();
  await hydrated(page);
  // Before, the quote followed the server's first card (Chips → Gold) until another change.
  await expect(page.getByTestId("exchange-live")).toHaveText(`You receive ${money(10, "CHIP")}`);
  await expect(page.getByRole("radio", { name: "Gold → Chips" })).toBeChecked();
});

test("a network picked before the page's code arrives sets the address's example", async ({ page }) => {
  await registerPlayer(page.request);
  const release = await holdScripts(page);
  await page.goto(`${PAGES.withdrawal}?tab=usdt`);
  await page.getByRole("radio", { name: "BEP20" }).check({ force: true });
  release();
  await hydrated(page);
  await expect(page.getByLabel("Withdrawal address")).toHaveAttribute("placeholder", "0x… (42 characters)");
  await expect(page.getByRole("radio", { name: "BEP20" })).toBeChecked();
});

test("a language or records filter picked before the page's code arrives is applied once it has", async ({
  page,
}) => {
  await registerPlayer(page.request);
  let release = await holdScripts(page);
  await page.goto(ACCOUNT_PATH);
  // Without JavaScript the form's own button sends it; with it the choice is sent on change, and
  // before the code came nothing did.
  await page.getByLabel("Language").selectOption("de-DE");
  release();
  await expect(page.locator("html")).toHaveAttribute("lang", "de-DE");
  await page.unrouteAll();

  release = await holdScripts(page);
  await page.goto(PAGES.assetRecords);
  await page.locator("select#records-kind").selectOption("EXCHANGE_IN");
  release();
  await expect(page).toHaveURL(/kind=EXCHANGE_IN/);
  await expect(page.locator("select#records-kind")).toHaveValue("EXCHANGE_IN");
});
