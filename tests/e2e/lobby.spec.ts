import { expect, test } from "@playwright/test";
import { betInNextRound, registerPlayerWithChips, screen } from "./fixtures";

/**
 * Home as a lobby at 360x740 (issue 12): after a player's bet, today's bet ranking shows them with
 * a masked phone and the amount, the platform's bets include it; the sandbox provider's external
 * game launches through a signed URL, and a forged one is refused.
 */

test("home shows today's ranking with masked phones and launches the sandbox game", async ({ page }) => {
  test.setTimeout(180_000);
  const { phone } = await registerPlayerWithChips(page.request, "5000");
  const masked = `${phone.slice(0, 2)}****${phone.slice(-4)}`;

  await test.step("a bet of 2,000 puts the player in today's ranking", async () => {
    await betInNextRound(page.request, { betName: "Big", baseAmount: "100", betMultiples: "20" });
    await page.goto("/");
    const row = page.getByTestId("bet-rank-row").filter({ hasText: masked });
    await expect(row).toContainText("₹2,000.00");
    // The player's own navbar shows their phone; the ranking never does.
    const ranking = await page.getByTestId("bet-rank-row").allInnerTexts();
    expect(ranking.join("\n")).not.toContain(phone);
    const platform = Number((await page.getByTestId("platform-bets").innerText()).replace(/[^\d.]/g, ""));
    expect(platform).toBeGreaterThanOrEqual(2000);
    // Everyone's bets, said so where the player reads them (under their own balances).
    const figures = page.getByRole("region", { name: "Today on the platform" });
    await expect(figures.getByRole("heading", { name: "Today on the platform" })).toBeVisible();
    await expect(figures.getByTestId("platform-bets")).toBeVisible();
    await expect(page.getByTestId("game-tile")).toHaveCount(4);
    await screen(page, "home-lobby");
  });

  await test.step("the sandbox game launches through a signed URL; a forged one is refused", async () => {
    await page.getByTestId("game-tile").filter({ hasText: "Sandbox Spin" }).click();
    await page.waitForURL(/\/games\/sandbox\?/);
    await expect(page.getByTestId("sandbox-game")).toContainText(masked);
    await screen(page, "sandbox-game");
    const forged = new URL(page.url());
    forged.searchParams.set("player", "1");
    const answer = await page.goto(forged.pathname + forged.search);
    expect(answer?.status()).toBe(403);
    await expect(page.getByTestId("sandbox-refused")).toBeVisible();
  });
});
