import { expect, test } from "@playwright/test";
import { DEMO, GAME_PATH, RULES_PATH, hydrated, login, postJson } from "./fixtures";

/**
 * Decision 060: a page load carries only the address of its translations; the browser fetches
 * them once, keeps them, and hydrates in the player's language. Before, every page's HTML carried
 * them (15 KB of the game page's 37 KB).
 */
const GAME = `${GAME_PATH}?level=1&coin=CHIP`;

test("a page's translations come from a kept file, and the page hydrates in the player's language", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  const fetched: string[] = [];
  page.on("response", (response) => {
    const url = new URL(response.url());
    // French ones only: the account page the login led to may still be fetching its own (English).
    if (url.pathname.startsWith("/i18n/fr-FR/")) fetched.push(`${response.status()} ${url.pathname}`);
  });
  await login(page, DEMO.phone, DEMO.password);
  expect((await postJson(page.request, "/resources/lang", { lang: "fr-FR" })).status).toBe(200);

  const html = await (await page.request.get(GAME)).text();
  expect(html).not.toContain('"resources"');
  const src = /data-i18n="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(src).toMatch(/^\/i18n\/fr-FR\/common\.game\.[\w-]+\.json$/);
  const file = await page.request.get(src);
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await file.json()).resources.game.game.title).toBe("Loterie des couleurs");

  await page.goto(GAME);
  await hydrated(page);
  await expect(page.locator("#round-title")).toContainText("Loterie des couleurs");
  expect(fetched).toEqual([`200 ${src}`]);
  // Hydrated in French: a client-side navigation (no document load) shows the next page in French.
  await page.evaluate(() => {
    (window as unknown as { marker: number }).marker = 1;
  });
  await page.locator(`a[href="${RULES_PATH}"]`).first().click();
  await page.waitForURL(`**${RULES_PATH}`);
  await expect(page.getByRole("heading", { name: "Règles du jeu" })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  expect(errors).toEqual([]);
});

test("a page whose translations cannot be fetched stays as the server drew it, and works", async ({
  page,
}) => {
  await login(page, DEMO.phone, DEMO.password);
  const tries: string[] = [];
  await page.route("**/i18n/**", (route) => {
    const url = new URL(route.request().url());
    // The account page the login led to may still be fetching its own: only the game's count.
    if (url.pathname.includes("/common.game.")) tries.push(url.search);
    return route.abort();
  });
  await page.goto(GAME);
  await expect(page.locator("#round-title")).toContainText("Colour Lottery");
  // Tried twice (the second past any cache), then no hydration: links and forms are plain HTML.
  await expect.poll(() => tries).toEqual(["", "?again"]);
  await page.waitForTimeout(1_500);
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
  await page.locator(`a[href="${RULES_PATH}"]`).first().click();
  await page.waitForURL(`**${RULES_PATH}`);
  await expect(page.getByRole("heading", { name: "Game rules" })).toBeVisible();
});
