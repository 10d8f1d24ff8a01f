import { expect, test } from "@playwright/test";
import {
  DEMO,
  GAME_PATH,
  accountJson,
  countdownSeconds,
  login,
  screen,
  secondsIn,
  shown,
  shownCountdown,
  shownRoundId,
  toCents,
} from "./fixtures";

/**
 * The game page without JavaScript: the server renders the remaining seconds and a
 * <meta refresh> for the round's end; choosing a bet is a GET that renders the bet popup, and
 * confirming is a plain POST that redirects back with the message. Bets GOLD (the JS spec bets
 * CHIP), so the two specs never move the same balance.
 */
test.use({ javaScriptEnabled: false });

const GAME = `${GAME_PATH}?level=1&coin=GOLD`;

test("without JavaScript: the round renders with its seconds, and a bet posts and comes back", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, DEMO.phone, DEMO.password);
  await page.goto(GAME);

  await test.step("the server renders the remaining seconds and a refresh for the round's end", async () => {
    const bet = await countdownSeconds(page, "bet-countdown");
    const round = await countdownSeconds(page, "round-countdown");
    expect(round).toBeGreaterThan(0);
    expect(round).toBeLessThanOrEqual(20);
    expect(bet).toBe(Math.max(0, round - 5));
    // What shows is the CSS countdown, started at those seconds (it may have moved on by one).
    const showing = secondsIn(await shownCountdown(page, "round-countdown"));
    expect(showing).toBeLessThanOrEqual(round);
    expect(showing).toBeGreaterThanOrEqual(round - 2);
    const refresh = page.locator('meta[http-equiv="refresh"]');
    await expect(refresh).toHaveCount(1);
    // Reload one second after the round's end (at least 1 s).
    expect(Number(await refresh.getAttribute("content"))).toBe(round + 1);
    await screen(page, "game-nojs-01-round");
  });

  await test.step("the refresh reloads the page into the next round when betting time is short", async () => {
    if ((await countdownSeconds(page, "bet-countdown")) >= 8) return;
    const current = await shownRoundId(page);
    // No script runs: only the <meta refresh> can bring the next round.
    await page.waitForEvent("load", { timeout: 30_000 });
    await expect.poll(() => shownRoundId(page), { timeout: 10_000 }).not.toBe(current);
    expect(await countdownSeconds(page, "bet-countdown")).toBeGreaterThanOrEqual(8);
  });

  const before = await accountJson(page.request);
  let roundId = "";

  await test.step("choosing a bet name renders the bet popup", async () => {
    await page.getByRole("button", { name: "Bet on Green", exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get("betName") === "Green");
    // The bet goes into the round this page shows (a slow machine may be one round on: once
    // betting closes, the board takes no click until the page's refresh brings the next round).
    roundId = await shownRoundId(page);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading")).toContainText("Green");
    // The first base amount is chosen; the multiple starts at 1.
    await expect(dialog.getByRole("radio", { name: "1.00", exact: true })).toBeChecked();
    await expect(dialog.getByLabel("Multiple", { exact: true })).toHaveValue("1");
    await dialog.getByText("10.00", { exact: true }).click();
    await expect(dialog.getByRole("radio", { name: "10.00", exact: true })).toBeChecked();
    await dialog.getByLabel("Multiple", { exact: true }).fill("2");
    await screen(page, "game-nojs-02-bet-popup");
  });

  await test.step("confirming posts, redirects back with the message, and takes the stake", async () => {
    await page.getByRole("button", { name: "Confirm bet" }).click();
    await page.waitForURL(
      (url) =>
        url.pathname === GAME_PATH &&
        !url.searchParams.has("betName") &&
        url.searchParams.get("coin") === "GOLD",
    );
    await expect(page.getByText("Bet placed successfully")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const stake = toCents(10 * 2);
    await expect(page.getByTestId("balance")).toHaveText(shown((toCents(before.gold) - stake) / 100));
    const after = await accountJson(page.request);
    expect(toCents(after.gold)).toBe(toCents(before.gold) - stake);
    expect(after.chip).toBe(before.chip);
    await screen(page, "game-nojs-03-bet-placed");
    // The bet is in the player's records for that round.
    await page.goto(`${GAME}&tab=myRecords`);
    await expect(page.getByText(roundId).first()).toBeVisible();
  });
});
