import { expect, test } from "@playwright/test";
import { ACCOUNT_PATH, DEMO, LOGIN_PATH, expectCheckedOnBlur, hydrated, login, postsSent } from "./fixtures";

/**
 * Issue 6, point 19: a page paints before it asks for any JavaScript (decision 018), then
 * hydrates as before. Before, the game, account and game-list pages fetched about 100 KB of
 * modules alongside their stylesheet, which Lighthouse's mobile preset counted against the first
 * paint (2.0 s there, 1.0 s on home).
 */
const PAGES = ["/pages/game/game?level=1&coin=CHIP", ACCOUNT_PATH, "/pages/game/gameList?coin=CHIP", "/"];

test("main pages paint before any script is fetched, then hydrate and navigate client-side", async ({
  page,
}) => {
  await login(page, DEMO.phone, DEMO.password);
  for (const path of PAGES) {
    await page.goto(path);
    await hydrated(page);
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scripts: performance
        .getEntriesByType("resource")
        .filter((r) => new URL(r.name).pathname.endsWith(".js"))
        .map((r) => ({ name: new URL(r.name).pathname, startTime: r.startTime })),
    }));
    expect(timing.firstContentfulPaint, path).toBeGreaterThan(0);
    expect(timing.scripts.length, path).toBeGreaterThan(3);
    for (const script of timing.scripts) {
      expect(script.startTime, `${path}: ${script.name}`).toBeGreaterThanOrEqual(timing.firstContentfulPaint);
    }
    // The scripts moved into the page once: no module twice, and the template stays inert.
    const modules = await page
      .locator("link[rel=modulepreload]")
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    expect(new Set(modules).size).toBe(modules.length);
  }
  // Hydrated for real: a link is followed without a document load.
  await page.goto("/pages/game/gameList?coin=CHIP");
  await hydrated(page);
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.locator('a[href*="/pages/game/game?"]').first().click();
  await page.waitForURL(/\/pages\/game\/game\?/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test("the login page, once its checks have loaded, checks a field in the browser without posting", async ({
  page,
}) => {
  const posts = postsSent(page);
  await page.goto(LOGIN_PATH);
  await hydrated(page);
  // The checks load after first paint, when the page is idle (decision 036).
  const phone = page.locator("form#login input[name=phone]");
  await expectCheckedOnBlur(phone, "form#login", "12", "Enter a valid phone number (5 to 15 digits)");
  expect(posts).toEqual([]);
});
