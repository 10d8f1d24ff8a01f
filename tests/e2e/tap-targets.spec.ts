import { expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import { DEMO, login, registerPlayer } from "./fixtures";

/**
 * Every control a thumb has to hit is at least 44 px tall and wide at 360 × 740 (a link, a button, a
 * field, a choice's label), on every page a signed-in player opens, in light and dark alike (the
 * themes change colours only). A link inside running text is left out: it is read, then tapped, as
 * part of its sentence. Found by an audit: the home lobby's "Bloggers" link was 20 px tall and its
 * notice ticker 36 px.
 */
function smallTargets(): string[] {
  const out: string[] = [];
  const controls = document.querySelectorAll<HTMLElement>(
    "main a, main button, main select, main textarea, main input:not([type=hidden]), header a, header button",
  );
  for (const el of controls) {
    if (el.closest(".sr-only")) continue;
    // A radio or a checkbox is hit through its label (the label is the target).
    const target =
      el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox")
        ? (el.closest("label") ?? el)
        : el;
    if (getComputedStyle(target).display === "inline" && target.closest("p")) continue;
    const box = target.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.height < 43.5 || box.width < 43.5) {
      const name = (
        target.textContent ||
        el.getAttribute("aria-label") ||
        el.getAttribute("name") ||
        ""
      ).trim();
      out.push(
        `${target.tagName.toLowerCase()} "${name.slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
  }
  return [...new Set(out)];
}

const SIGNED_IN = Object.values(PAGES).filter(
  (path) => path !== PAGES.login && path !== PAGES.noticeDetail && path !== PAGES.betDetails,
);

test("every control is a 44 px target on every page, signed in and not", async ({ page }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  for (const tab of ["", "?tab=register", "?tab=forgot"]) {
    await page.goto(`${PAGES.login}${tab}`);
    found.push(...(await page.evaluate(smallTargets)).map((p) => `login${tab}: ${p}`));
  }
  await login(page, DEMO.phone, DEMO.password);
  for (const path of SIGNED_IN) {
    await page.goto(path);
    found.push(...(await page.evaluate(smallTargets)).map((p) => `${path}: ${p}`));
  }
  expect(found).toEqual([]);
});

test("a new player's empty balance shows 44 px targets too: the recharge offers of home, withdrawal and game", async ({
  page,
}) => {
  // The demo player has chips: a balance of ₹0.00 brings the "Recharge now" of the home's balance
  // card and the withdrawal page's "Recharge" (both were 40 px tall), and the game's offers.
  await registerPlayer(page.request);
  const found: string[] = [];
  for (const path of [PAGES.home, PAGES.account, PAGES.withdrawal, `${PAGES.game}?level=1&coin=CHIP`]) {
    await page.goto(path);
    found.push(...(await page.evaluate(smallTargets)).map((p) => `${path}: ${p}`));
  }
  await expect(page.getByTestId("game-top-up")).toBeVisible();
  expect(found).toEqual([]);
});
