import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  GAME_PATH,
  type Player,
  gameJson,
  hydrated,
  openRound,
  operator,
  postJson,
  registerPlayer,
  screen,
} from "./fixtures";

/**
 * Player protection at 360x740 (issue 9): a daily loss limit refuses the bet that would pass it
 * with the message; a raise waits for the cooling period (the player's limits clock moved back
 * through the operator API's test-only rewind) and the player's confirmation; a 24-hour time-out
 * stops betting and recharging but not withdrawing. Once with JavaScript, once without.
 */

/** A funded player; answers the player and their id. */
async function fundedPlayer(request: APIRequestContext): Promise<Player & { userId: string }> {
  const player = await registerPlayer(request);
  const credited = await operator(request, "/users/credit", {
    phone: player.phone,
    coin: "CHIP",
    amount: "1000",
  });
  return { ...player, userId: String(credited.userId) };
}

/** A bet of ₹10 on Red in the current level-1 round, through the game page's action (JSON mode). */
async function betTen(page: Page) {
  const game = await gameJson(page.request);
  return postJson(page.request, `${GAME_PATH}?level=1&coin=CHIP`, {
    intent: "bet",
    gameSessionId: game.round!.id,
    betName: "Red",
    baseAmount: "10",
    betMultiples: "1",
    coin: "CHIP",
    level: "1",
  });
}

const LOSS_REFUSAL = /^This bet would pass your daily loss limit of ₹20\.00: ₹0\.00 left until .+\.$/;

test.describe("player protection", () => {
  test("a daily loss limit, a raise that waits, and a time-out, at 360x740", async ({ page }) => {
    test.setTimeout(180_000);
    const player = await fundedPlayer(page.request);

    await test.step("sets a daily loss limit of ₹20", async () => {
      await page.goto(PAGES.account);
      await page.getByRole("link", { name: "Responsible play" }).click();
      await expect(page).toHaveURL(PAGES.responsiblePlay);
      await hydrated(page);
      const form = page.locator("form#limit-LOSS");
      await expect(form).toHaveAttribute("data-validation", "browser");
      await form.getByLabel("Period").selectOption("DAY");
      await form.getByLabel("Amount").fill("20");
      await form.getByRole("button", { name: "Save loss limit" }).click();
      await expect(page.getByText("Limit saved. It applies now.")).toBeVisible();
      await expect(page.getByTestId("limit-LOSS-DAY")).toContainText("₹20.00");
      await screen(page, "protection-limit-set");
    });

    await test.step("bets until the next bet would pass it, and is refused with the message", async () => {
      await openRound(page, `${GAME_PATH}?level=1&coin=CHIP`, 12);
      expect((await betTen(page)).status).toBe(200);
      expect((await betTen(page)).status).toBe(200);
      await hydrated(page);
      await page.getByRole("button", { name: "Bet on Red", exact: true }).click();
      const sheet = page.getByRole("dialog");
      await sheet.getByRole("radio", { name: "₹10.00", exact: true }).check({ force: true });
      await sheet.getByLabel("Multiple", { exact: true }).fill("1");
      await sheet.getByRole("button", { name: "Confirm bet" }).click();
      await expect(sheet.getByRole("alert")).toHaveText(LOSS_REFUSAL);
      await screen(page, "protection-bet-refused", { fullPage: false });
    });

    await test.step("raises the limit: pending until the cooling period ends (clock moved), then confirmed", async () => {
      await page.goto(PAGES.responsiblePlay);
      await hydrated(page);
      const form = page.locator("form#limit-LOSS");
      await form.getByLabel("Amount").fill("100");
      await form.getByRole("button", { name: "Save loss limit" }).click();
      await expect(page.getByText(/Change saved\. You can confirm it from/)).toBeVisible();
      const row = page.getByTestId("limit-LOSS-DAY");
      await expect(row).toContainText("₹20.00");
      await expect(row.getByTestId("pending")).toContainText("Raise to ₹100.00 waiting");
      await expect(row.getByRole("button", { name: "Confirm" })).toHaveCount(0);
      expect((await betTen(page)).body.message).toMatch(LOSS_REFUSAL);
      await screen(page, "protection-raise-pending");

      await operator(page.request, "/limits/test/rewind", { userId: player.userId, hours: "25" });
      await page.reload();
      await expect(row.getByTestId("pending")).toContainText("the waiting time is over");
      await expect(row).toContainText("₹20.00");
      await row.getByRole("button", { name: "Confirm" }).click();
      await expect(page.getByText("Limit changed.")).toBeVisible();
      await expect(row).toContainText("₹100.00");
      await expect(row.getByTestId("pending")).toHaveCount(0);
      await openRound(page, `${GAME_PATH}?level=1&coin=CHIP`, 10);
      expect((await betTen(page)).status).toBe(200);
    });

    await test.step("takes a 24-hour time-out: no bet, no recharge, but the withdrawal page works", async () => {
      await page.goto(PAGES.responsiblePlay);
      await hydrated(page);
      const form = page.locator("form#block-TIMEOUT");
      await form.getByLabel("24 hours").check();
      await form.getByLabel("Login password").fill("wrong-password");
      await form.getByRole("button", { name: "Start time-out" }).click();
      await expect(form.getByText("The password is not correct.")).toBeVisible();
      await form.getByLabel("Login password").fill(player.password);
      await form.getByRole("button", { name: "Start time-out" }).click();
      await expect(page.getByText(/^Time-out started\. It ends /)).toBeVisible();
      await expect(page.getByTestId("block-banner")).toContainText("Time-out until");
      await expect(page.locator("form#limit-LOSS")).toHaveCount(0);
      await screen(page, "protection-timeout");

      await openRound(page, `${GAME_PATH}?level=1&coin=CHIP`, 10);
      const bet = await betTen(page);
      expect(bet.status).toBe(403);
      expect(bet.body.message).toMatch(/^You are on a break until .+: betting is closed\.$/);
      const recharge = await postJson(page.request, PAGES.recharge, {
        amount: "100",
        payChannelName: "SANDBOX_UPI",
      });
      expect(recharge.body.ok).toBe(false);
      expect(String(recharge.body.message)).toMatch(/time-out until/);
      // Withdrawing stays open: the page shows its form (no refusal), the records read.
      await page.goto(PAGES.withdrawal);
      await expect(page.getByRole("heading", { name: "Set a payment password first" })).toBeVisible();
      await page.goto(PAGES.assetRecords);
      await expect(page.locator("main")).toContainText("₹1,000.00");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the same limit, refusal, pending raise and time-out with plain forms", async ({ page }) => {
      const player = await fundedPlayer(page.request);
      await page.goto(PAGES.responsiblePlay);
      const form = page.locator("form#limit-LOSS");
      await form.getByLabel("Amount").fill("20");
      await form.getByRole("button", { name: "Save loss limit" }).click();
      await expect(page.getByText("Limit saved. It applies now.")).toBeVisible();
      await openRound(page, `${GAME_PATH}?level=1&coin=CHIP`, 12);
      expect((await betTen(page)).status).toBe(200);
      expect((await betTen(page)).status).toBe(200);
      // The sheet opened by its link, confirmed without JavaScript: the server's refusal.
      await page.goto(`${GAME_PATH}?level=1&coin=CHIP&betName=Red`);
      const sheet = page.getByRole("dialog");
      await sheet.getByText("₹10.00", { exact: true }).click();
      await sheet.getByLabel("Multiple", { exact: true }).fill("1");
      await sheet.getByRole("button", { name: "Confirm bet" }).click();
      await expect(sheet.getByRole("alert")).toHaveText(LOSS_REFUSAL);

      await page.goto(PAGES.responsiblePlay);
      await form.getByLabel("Amount").fill("100");
      await form.getByRole("button", { name: "Save loss limit" }).click();
      await expect(page.getByTestId("limit-LOSS-DAY").getByTestId("pending")).toContainText(
        "Raise to ₹100.00",
      );
      await operator(page.request, "/limits/test/rewind", { userId: player.userId, hours: "25" });
      await page.reload();
      await page.getByTestId("limit-LOSS-DAY").getByRole("button", { name: "Confirm" }).click();
      await expect(page.getByTestId("limit-LOSS-DAY")).toContainText("₹100.00");

      const block = page.locator("form#block-TIMEOUT");
      await block.getByLabel("Login password").fill(player.password);
      await block.getByRole("button", { name: "Start time-out" }).click();
      await expect(page.getByTestId("block-banner")).toContainText("Time-out until");
      await screen(page, "protection-timeout-nojs");
      await openRound(page, `${GAME_PATH}?level=1&coin=CHIP`, 8);
      const bet = await betTen(page);
      expect(bet.status).toBe(403);
    });
  });
});
