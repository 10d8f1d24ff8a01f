import { type Page, expect, test } from "@playwright/test";
import { DEMO, login, screen, secondsIn, shownCountdown } from "./fixtures";

/**
 * The home lobby's Colour Lottery tiles show the game is running: each has its room's latest
 * results as the game's balls (named "Last result 7, green") and the time to the round's draw.
 * With JavaScript the countdown ticks (the game page's) and a new round follows without a page
 * load; without it the server's seconds count down by CSS and nothing reloads the page.
 */

/** How a digit's colours are said: 0 and 5 half violet, other even digits red, odd green. */
const COLOURS = [
  "red and violet",
  "green",
  "red",
  "green",
  "red",
  "green and violet",
  "red",
  "green",
  "red",
  "green",
];

const lotteryTiles = (page: Page) =>
  page.getByTestId("game-tile").filter({ has: page.getByTestId("tile-countdown") });

const secondsOf = async (page: Page, i = 0) => {
  const value = await lotteryTiles(page)
    .nth(i)
    .getByTestId("tile-countdown")
    .locator("time")
    .getAttribute("datetime");
  const match = value?.match(/^PT(\d+)S$/);
  if (!match) throw new Error(`the tile's countdown shows no PTnS datetime: ${value}`);
  return Number(match[1]);
};

/** The home page once every lottery tile has a result (a fresh server draws its first within a round). */
async function homeWithResults(page: Page) {
  await page.goto("/");
  await expect(lotteryTiles(page)).toHaveCount(3);
  await expect
    .poll(
      async () => {
        const withResults = await lotteryTiles(page)
          .filter({ has: page.getByTestId("tile-results") })
          .count();
        if (withResults < 3) await page.reload();
        return withResults;
      },
      { timeout: 45_000, intervals: [2000] },
    )
    .toBe(3);
}

/** Each lottery tile's newest ball is named by its digit and colours, and shows that digit. */
async function expectNamedBalls(page: Page) {
  for (const tile of await lotteryTiles(page).all()) {
    const balls = tile.getByTestId("tile-results").getByRole("img");
    expect(await balls.count()).toBeGreaterThanOrEqual(1);
    expect(await balls.count()).toBeLessThanOrEqual(3);
    const newest = balls.first();
    const digit = Number(await newest.getAttribute("data-digit"));
    await expect(newest).toHaveAccessibleName(`Last result ${digit}, ${COLOURS[digit]}`);
    await expect(newest).toHaveText(String(digit));
    // The countdown is not a live region: a screen reader is not told every second.
    expect(await tile.getByTestId("tile-countdown").evaluate((el) => el.closest("[aria-live]"))).toBeNull();
  }
}

test("with JavaScript: the tiles' balls are named, the countdown ticks and a new round follows in place", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, DEMO.phone, DEMO.password);
  await homeWithResults(page);
  await expectNamedBalls(page);
  await screen(page, "lobby-tiles-js", { fullPage: false });

  await test.step("the countdown ticks as plain text", async () => {
    const first = await secondsOf(page);
    await expect(lotteryTiles(page).first().getByTestId("tile-countdown").locator(".cd-run")).toHaveCount(0);
    if (first > 2) await expect.poll(() => secondsOf(page), { timeout: 4000 }).toBeLessThan(first);
  });

  await test.step("at the draw the next round's time shows without a page load", async () => {
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    const before = await secondsOf(page);
    // ROUND_SECONDS is 20 in these tests: the next round starts within one.
    await expect.poll(() => secondsOf(page), { timeout: 30_000 }).toBeGreaterThan(before);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    await expectNamedBalls(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the tiles show the balls and the server's time left, counted down by CSS, and never reload", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await login(page, DEMO.phone, DEMO.password);
    await homeWithResults(page);
    // Read right after a load: the CSS countdown has moved on from the server's time since.
    await page.reload();
    const seconds = await secondsOf(page);
    expect(seconds).toBeLessThanOrEqual(20);
    // The time the server saw stays in the page; what shows is the CSS countdown from it.
    if (seconds > 0) {
      const showing = secondsIn(await shownCountdown(page, "tile-countdown"));
      expect(showing).toBeLessThanOrEqual(seconds);
      expect(showing).toBeGreaterThanOrEqual(seconds - 2);
    }
    await expectNamedBalls(page);
    await page.waitForTimeout(1500);
    expect(await secondsOf(page)).toBe(seconds);
    // Home does not reload itself at the draw (the game page does): the player's reading stays put.
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
    await screen(page, "lobby-tiles-nojs", { fullPage: false });
  });
});
