import { expect, test } from "@playwright/test";
import { DEMO, hydrated, login } from "./fixtures";

/**
 * A player who asked the phone for less motion (prefers-reduced-motion) sees no moving part:
 * the loading bar of a slow navigation stands still (the notice ticker and the toasts already
 * did). Found by an audit: the bar slid across the top once a second for as long as a page took.
 */
test.use({ reducedMotion: "reduce" });

test("the loading bar of a slow page stands still under reduced motion", async ({ page }) => {
  await login(page, DEMO.phone, DEMO.password);
  await page.goto("/pages/account/account");
  await hydrated(page);
  // The next page's data is held for a while: the loading bar shows.
  await page.route(
    (url) => url.searchParams.has("_data"),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue().catch(() => {});
    },
  );
  await page.getByRole("link", { name: "Bet record" }).first().click();
  const bar = page.getByRole("status", { name: "Loading" }).locator("div");
  await expect(bar).toBeVisible();
  expect(await bar.evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
});
