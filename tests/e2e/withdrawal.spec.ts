import { type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  accountJson,
  expectAccessibleInBothThemes,
  hydrated,
  operator,
  payCashInSandbox,
  registerPlayer,
  registerPlayerWithChips,
  saveBankCard,
  savePaymentPassword,
  screen,
  toCents,
} from "./fixtures";

/**
 * Money out, end to end at 360x740 (issue 8): a new player (credited by an operator) sets a
 * payment password, adds a bank card, withdraws a small amount (paid at once) and a large one
 * that an operator rejects with a reason the player then reads; once more without JavaScript;
 * every balance to the cent.
 */

test.use({ bypassCSP: true });

const PAY_PASSWORD = "135790";

/** Sends the withdrawal form as filled, with the payment password; answers the newest record it lands on. */
async function withdraw(page: Page) {
  await page.getByLabel("Payment password", { exact: true }).fill(PAY_PASSWORD);
  await page.getByRole("button", { name: "Withdraw" }).click();
  await expect(page).toHaveURL(/withdrawalRecords\/withdrawalRecords/);
  return page.getByTestId("withdrawal-record").first();
}

test("a player sets a payment password, adds a card, withdraws (paid, then rejected with a reason), also without JS", async ({
  page,
  browser,
}) => {
  // The core sends one SMS code per phone a minute: the payment password's code waits for it.
  test.setTimeout(240_000);
  const player = await registerPlayerWithChips(page.request, "5000");
  /** The player's chips in cents, as the account page's JSON says. */
  const chipCents = async () => toCents((await accountJson(page.request)).chip);
  const registeredAt = Date.now();
  expect(await chipCents()).toBe(500_000);

  await test.step("the withdrawal page leads to setting a payment password, and back", async () => {
    await page.goto(PAGES.withdrawal);
    await expect(page.getByRole("heading", { name: "Set a payment password first" })).toBeVisible();
    await screen(page, "withdraw-no-password");
    await page.getByRole("link", { name: "USDT" }).click();
    await expect(page).toHaveURL(/tab=usdt/);
    await expect(page.getByText("1 USDT = ₹90.00")).toBeVisible();
    // The USDT form's schema loads after first paint (decision 036), then checks on blur.
    const usdtForm = page.locator("form#withdraw-usdt");
    await expect(usdtForm).toHaveAttribute("data-validation", "browser");
    await usdtForm.getByLabel("Withdrawal address").focus();
    await usdtForm.getByLabel("Withdrawal address").blur();
    await expect(usdtForm.getByText("Enter the withdrawal address")).toBeVisible();
    await screen(page, "withdraw-usdt-no-password");
    await page.waitForTimeout(Math.max(0, registeredAt + 61_000 - Date.now()));
    await page.getByRole("link", { name: "Set payment password" }).click();
    await expect(page).toHaveURL(/paymentPassword.*redirectTo=/);
    await hydrated(page);
    await savePaymentPassword(page, player.phone, PAY_PASSWORD);
    await expect(page).toHaveURL(/\/pages\/withdrawal\/withdrawal\?tab=usdt/);
    await page.getByRole("link", { name: "Cash" }).click();
    await expect(page).toHaveURL(/tab=cash/);
  });

  await test.step("adds a bank card (the number masked but the last four)", async () => {
    await page.getByRole("link", { name: "Add a bank card" }).click();
    await expect(page).toHaveURL(/bankCard.*redirectTo=/);
    await hydrated(page);
    // The card form's schema loads after first paint (decision 036): then a bad IFSC shows its
    // message on blur, checked in the browser, and the message goes once it is corrected.
    const cardForm = page.locator("form#card-new");
    await expect(cardForm).toHaveAttribute("data-validation", "browser");
    const ifscMessage = cardForm.getByText("An IFSC is 11 characters, such as SBIN0001234");
    await page.getByLabel("IFSC").fill("hdfc01");
    await page.getByLabel("IFSC").blur();
    await expect(ifscMessage).toBeVisible();
    await page.getByLabel("Bank", { exact: true }).selectOption({ label: "HDFC Bank" });
    await page.getByLabel("Account holder").fill("Asha Rao");
    await page.getByLabel("Account number").fill("501002003004");
    await page.getByLabel("IFSC").fill("hdfc0001234");
    await expect(ifscMessage).toHaveCount(0);
    await page.getByLabel("Payment password", { exact: true }).fill(PAY_PASSWORD);
    await page.getByRole("button", { name: "Save card" }).click();
    await expect(page).toHaveURL(/\/pages\/withdrawal\/withdrawal\?tab=cash/);
    await expect(page.getByText("HDFC Bank")).toBeVisible();
    await expect(page.getByText("**** 3004 · Asha Rao")).toBeVisible();
    await expect(page.locator("body")).not.toContainText("501002003004");
  });

  await test.step("a small withdrawal shows its fee and net as typed and is paid at once", async () => {
    await hydrated(page);
    const cashForm = page.locator("form#withdraw-cash");
    await expect(cashForm).toHaveAttribute("data-validation", "browser");
    await page.getByLabel("Withdrawal Amount").fill("1,500");
    await page.getByLabel("Withdrawal Amount").blur();
    await expect(cashForm.getByText("Enter an amount such as 500 or 500.50")).toBeVisible();
    await expect(page.getByTestId("withdraw-fee")).toHaveText("—");
    await page.getByLabel("Withdrawal Amount").fill("150");
    await expect(cashForm.getByText("Enter an amount such as 500 or 500.50")).toHaveCount(0);
    await expect(page.getByTestId("withdraw-fee")).toHaveText("₹3.00");
    await expect(page.getByTestId("withdraw-net")).toHaveText("₹147.00");
    await screen(page, "withdraw-cash");
    const first = await withdraw(page);
    await expect(first).toContainText("₹150.00");
    await expect(first).toContainText("Completed");
    await expect(first).toContainText("HDFC Bank **** 3004");
    expect(await chipCents()).toBe(500_000 - 15_000);
  });

  let largeId = 0;
  await test.step("a large withdrawal waits for review; an operator rejects it; the player reads why", async () => {
    await page.goto(PAGES.withdrawal);
    await hydrated(page);
    await page.getByLabel("Withdrawal Amount").fill("3000");
    const pending = await withdraw(page);
    await expect(pending).toContainText("Pending Review");
    // Not paid yet: what the player will receive, not "Received".
    await expect(pending).toContainText("To receive₹2,940.00");
    await expect(pending).not.toContainText("Received");
    expect(await chipCents()).toBe(500_000 - 15_000 - 300_000);
    const waiting = await operator<{ id: number; amount: number }[]>(
      page.request,
      "/withdrawals?status=WAITING",
    );
    const mine = waiting.find((w) => w.amount === 3000);
    expect(mine).toBeDefined();
    largeId = mine?.id ?? 0;
    await operator(page.request, `/withdrawals/${largeId}/reject`, { reason: "Bank details under review" });
    await page.reload();
    const rejected = page.getByTestId("withdrawal-record").first();
    await expect(rejected).toContainText("Rejected");
    await expect(rejected).toContainText("Reason: Bank details under review");
    await screen(page, "withdraw-records");
    // One title over both lists, and the Cash / USDT switch under it (as on the recharge records).
    const lists = page.getByRole("navigation", { name: "Record type" });
    await expect(lists.getByRole("link", { name: "Cash" })).toHaveAttribute("aria-current", "page");
    await lists.getByRole("link", { name: "USDT" }).click();
    await expect(page).toHaveURL(/withdrawalRecords\/withdrawalURecords/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Withdrawal records");
    await expect(lists.getByRole("link", { name: "USDT" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("empty-state")).toContainText("No Records Available");
    await page.getByRole("link", { name: "Make a withdrawal" }).click();
    await expect(page).toHaveURL(/tab=usdt/);
    expect(await chipCents()).toBe(500_000 - 15_000);
  });

  await test.step("without JavaScript: the fee is shown on request, the withdrawal goes through", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 360, height: 740 },
      storageState: await page.context().storageState(),
    });
    const nojs = await context.newPage();
    await nojs.goto(PAGES.withdrawal);
    await nojs.getByLabel("Withdrawal Amount").fill("200.50");
    await nojs.getByRole("button", { name: "Show fee" }).click();
    await expect(nojs.getByTestId("withdraw-fee")).toHaveText("₹4.01");
    await expect(nojs.getByTestId("withdraw-net")).toHaveText("₹196.49");
    await expect(nojs.getByLabel("Withdrawal Amount")).toHaveValue("200.50");
    await nojs.getByLabel("Payment password", { exact: true }).fill("000000");
    await nojs.getByRole("button", { name: "Withdraw" }).click();
    await expect(nojs.getByText("Wrong payment password: 4 tries left.")).toBeVisible();
    const paid = await withdraw(nojs);
    await expect(paid).toContainText("₹200.50");
    await expect(paid).toContainText("Completed");
    await context.close();
    expect(await chipCents()).toBe(500_000 - 15_000 - 20_050);
  });

  await test.step("the money-out pages have no serious or critical axe violations, light and dark", async () => {
    const paths = [
      `${PAGES.withdrawal}?tab=cash`,
      `${PAGES.withdrawal}?tab=usdt`,
      PAGES.bankCard,
      `${PAGES.bankCard}?edit=1`,
      PAGES.withdrawalRecords,
      PAGES.withdrawalURecords,
    ];
    await expectAccessibleInBothThemes(page, paths);
    await page.request.post("/resources/theme", {
      form: { theme: "dark", redirectTo: "/" },
      maxRedirects: 0,
    });
    await page.goto(PAGES.bankCard);
    await screen(page, "bank-card-dark");
    await page.request.post("/resources/theme", {
      form: { theme: "light" },
      headers: { accept: "application/json" },
    });
  });

  await test.step("a card saved on the bank-card page empties the form: nothing to save twice", async () => {
    await page.goto(PAGES.bankCard);
    await hydrated(page);
    const cardForm = page.locator("form#card-new");
    await expect(cardForm).toHaveAttribute("data-validation", "browser");
    const icici = { bank: "ICICI Bank", holder: "Asha Rao", number: "601002003005", ifsc: "ICIC0001234" };
    await saveBankCard(cardForm, icici, PAY_PASSWORD);
    await expect(page.getByTestId("bank-cards").getByText("**** 3005")).toBeVisible();
    // With JavaScript the page is not loaded again: the fields kept the card and the password.
    await expect(cardForm.getByLabel("Bank", { exact: true })).toHaveValue("");
    await expect(cardForm.getByLabel("Account holder")).toHaveValue("");
    await expect(cardForm.getByLabel("Account number")).toHaveValue("");
    await expect(cardForm.getByLabel("IFSC")).toHaveValue("");
    await expect(cardForm.getByLabel("Payment password", { exact: true })).toHaveValue("");
    // A refused save keeps what was typed.
    const axis = { bank: "Axis Bank", holder: "Asha Rao", number: "701002003006", ifsc: "UTIB0001234" };
    await saveBankCard(cardForm, axis, "000000");
    await expect(cardForm.getByText(/Wrong payment password/)).toBeVisible();
    await expect(cardForm.getByLabel("Account number")).toHaveValue("701002003006");
    await expect(cardForm.getByLabel("Account holder")).toHaveValue("Asha Rao");
  });
});

test("the turnover still to bet is said above the withdrawal form, with the way to play it, with and without JS", async ({
  page,
  browser,
}) => {
  await registerPlayer(page.request);
  await payCashInSandbox(page, "200");
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({
      javaScriptEnabled,
      viewport: { width: 360, height: 740 },
      storageState: await page.context().storageState(),
    });
    const player = await context.newPage();
    await player.goto(PAGES.withdrawal);
    const notice = player.getByTestId("turnover-left");
    // Before: only in the rules, under the form, below the first screen.
    await expect(notice).toContainText("Bet ₹200.00 more to withdraw.");
    const noticeBox = await notice.boundingBox();
    const amountBox = await player.getByLabel("Withdrawal Amount").boundingBox();
    expect(noticeBox && amountBox && noticeBox.y < amountBox.y).toBe(true);
    expect(noticeBox && noticeBox.y + noticeBox.height <= 740).toBe(true);
    if (javaScriptEnabled) await screen(player, "withdraw-turnover-left", { fullPage: false });
    await notice.getByRole("link", { name: "Play" }).click();
    await expect(player).toHaveURL((url) => url.pathname === PAGES.gameList);
    await context.close();
  }
});
