import { type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import { DEMO, countdownSeconds, hydrated, login, openGame, secondsOf, shownRoundId } from "./fixtures";

/**
 * A game page or home left open where nobody sees it (another tab in front, the phone's screen
 * off) loads nothing at a round's end (use-round-countdown): no data or battery for it. Seen again,
 * it shows the right time at once and, if a round ended meanwhile, loads its data once and shows
 * the next round, then goes on as before. Rounds last 20 s here (playwright.config.ts).
 */

/** Says the page is hidden (or seen again) as a browser does: visibilityState, hidden, the event. */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((h) => {
    Object.defineProperty(document, "visibilityState", {
      configurable: true,
      get: () => (h ? "hidden" : "visible"),
    });
    Object.defineProperty(document, "hidden", { configurable: true, get: () => h });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);
}

/** The page's loads of its own data from now on (a revalidation asks for root's and the page's). */
function pageDataLoads(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const data = new URL(request.url()).searchParams.get("_data");
    if (request.method() === "GET" && data?.startsWith("routes/")) urls.push(request.url());
  });
  return urls;
}

const tileSeconds = async (page: Page) =>
  secondsOf(
    (await page.getByTestId("tile-countdown").first().locator("time").getAttribute("datetime")) ?? "",
  );

test("a hidden game page loads nothing at the round's end; seen again it loads once and shows the next round", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openGame(page);
  const loads = pageDataLoads(page);

  await test.step("hidden for 3 s within a round, it shows the right time at once when seen again", async () => {
    let left = await countdownSeconds(page, "round-countdown");
    if (left < 6) {
      await expect
        .poll(() => countdownSeconds(page, "round-countdown"), { timeout: 30_000 })
        .toBeGreaterThan(10);
      left = await countdownSeconds(page, "round-countdown");
    }
    loads.length = 0;
    await setHidden(page, true);
    await page.waitForTimeout(3000);
    await setHidden(page, false);
    const now = await countdownSeconds(page, "round-countdown");
    expect(now).toBeLessThanOrEqual(left - 2);
    expect(now).toBeGreaterThanOrEqual(left - 4);
    expect(loads).toEqual([]);
  });

  await test.step("hidden across the round's end: no load; seen again: one load and the next round", async () => {
    const before = await shownRoundId(page);
    const left = await countdownSeconds(page, "round-countdown");
    await setHidden(page, true);
    // Past the end, the draw, and the 2 s retries a seen page would make.
    await page.waitForTimeout((left + 5) * 1000);
    expect(loads).toEqual([]);
    expect(await shownRoundId(page)).toBe(before);

    await setHidden(page, false);
    await expect.poll(() => shownRoundId(page), { timeout: 5000 }).not.toBe(before);
    expect(await countdownSeconds(page, "round-countdown")).toBeGreaterThan(0);
    // The ended round was drawn long ago: nothing more to look for.
    await page.waitForTimeout(2500);
    expect(loads).toHaveLength(1);
  });
});

test("a hidden home loads nothing at the round's end; seen again its tiles load once and count the next round", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, DEMO.phone, DEMO.password);
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByTestId("tile-countdown").first()).toBeVisible();
  const loads = pageDataLoads(page);
  if ((await tileSeconds(page)) < 3)
    await expect.poll(() => tileSeconds(page), { timeout: 10_000 }).toBeGreaterThan(10);
  loads.length = 0;

  const left = await tileSeconds(page);
  await setHidden(page, true);
  await page.waitForTimeout((left + 5) * 1000);
  expect(loads).toEqual([]);
  // Still the ended round's 0:00 or its last second shown: nothing ran.
  expect(await tileSeconds(page)).toBeLessThanOrEqual(left);

  await setHidden(page, false);
  await expect.poll(() => tileSeconds(page), { timeout: 5000 }).toBeGreaterThan(5);
  await page.waitForTimeout(2500);
  expect(loads).toHaveLength(1);
});

/**
 * Offline and hidden across a round's end, the page loads nothing. The connection comes back while
 * the screen is still off: nothing loads yet (utils/page-data.ts), nobody sees the page. Then the
 * player looks: the connection's load and the countdown's ended round ask at once, and the page
 * loads once (here slowly; the countdown waits for that load instead of asking again).
 */
test("a game page hidden and offline across the round's end loads nothing when online again until seen, then once", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await openGame(page);
  const loads = pageDataLoads(page);
  const before = await shownRoundId(page);
  const left = await countdownSeconds(page, "round-countdown");
  await context.setOffline(true);
  await setHidden(page, true);
  await page.waitForTimeout((left + 5) * 1000);
  expect(loads).toEqual([]);
  await expect(page.getByText("Something went wrong")).toHaveCount(0);

  await page.route(
    (url) => url.searchParams.has("_data"),
    async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue();
    },
  );
  await context.setOffline(false);
  await page.waitForTimeout(1500);
  expect(loads).toEqual([]);
  await setHidden(page, false);
  await expect.poll(() => shownRoundId(page), { timeout: 5000 }).not.toBe(before);
  await expect(page.getByTestId("offline")).toBeHidden();
  await expect(page.getByText("Something went wrong")).toHaveCount(0);
  await page.waitForTimeout(2500);
  expect(loads).toHaveLength(1);
});

test("a page with no countdown whose connection returns while hidden loads once it is seen", async ({
  page,
  context,
}) => {
  await login(page, DEMO.phone, DEMO.password);
  await page.goto(PAGES.account);
  await hydrated(page);
  const loads = pageDataLoads(page);
  await context.setOffline(true);
  await expect(page.getByTestId("offline")).toBeVisible();
  await setHidden(page, true);
  await context.setOffline(false);
  await page.waitForTimeout(1500);
  expect(loads).toEqual([]);
  await setHidden(page, false);
  await expect.poll(() => loads.length, { timeout: 5000 }).toBeGreaterThan(0);
  await expect(page.getByTestId("offline")).toBeHidden();
});
