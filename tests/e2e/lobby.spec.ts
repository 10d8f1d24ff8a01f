import { readFileSync } from "node:fs";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import { APP_LOG, gameJson, postJson, registerPlayer, screen } from "./fixtures";

/**
 * Home as a lobby at 360x740 (issue 12): after a player's bet, today's bet ranking shows them with
 * a masked phone and the amount, the platform's bets include it; the sandbox provider's external
 * game launches through a signed URL, and a forged one is refused.
 */

const OPERATOR = `Basic ${Buffer.from("operator:operator-dev-password").toString("base64")}`;

function coreUrl(): string {
  for (const line of readFileSync(APP_LOG, "utf8").split("\n").reverse()) {
    const match = line.match(/"url":"(http:\/\/[^"]+\/core)"[^\n]*core listening/);
    if (match) return match[1];
  }
  throw new Error(`No "core listening" line in ${APP_LOG}`);
}

async function credit(request: APIRequestContext, phone: string, amount: string) {
  const response = await request.fetch(`${coreUrl()}/operator/users/credit`, {
    method: "POST",
    headers: { authorization: OPERATOR, "content-type": "application/json" },
    data: JSON.stringify({ phone, coin: "CHIP", amount }),
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
}

test("home shows today's ranking with masked phones and launches the sandbox game", async ({ page }) => {
  test.setTimeout(180_000);
  const { phone } = await registerPlayer(page.request);
  await credit(page.request, phone, "5000");
  const masked = `${phone.slice(0, 2)}****${phone.slice(-4)}`;

  await test.step("a bet of 2,000 puts the player in today's ranking", async () => {
    let placed = false;
    for (let i = 0; i < 60 && !placed; i++) {
      const game = await gameJson(page.request);
      if (game.round && game.round.remaining.bet >= 3) {
        const bet = await postJson(page.request, `${PAGES.game}?level=1&coin=CHIP`, {
          intent: "bet",
          gameSessionId: game.round.id,
          betName: "Big",
          baseAmount: "100",
          betMultiples: "20",
          coin: "CHIP",
          level: "1",
        });
        expect(bet.status, JSON.stringify(bet.body)).toBe(200);
        placed = true;
      } else await page.waitForTimeout(1000);
    }
    expect(placed).toBe(true);
    await page.goto("/");
    const row = page.getByTestId("bet-rank-row").filter({ hasText: masked });
    await expect(row).toContainText("₹2,000.00");
    // The player's own navbar shows their phone; the ranking never does.
    const ranking = await page.getByTestId("bet-rank-row").allInnerTexts();
    expect(ranking.join("\n")).not.toContain(phone);
    const platform = Number((await page.getByTestId("platform-bets").innerText()).replace(/[^\d.]/g, ""));
    expect(platform).toBeGreaterThanOrEqual(2000);
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
