import { expect, test } from "@playwright/test";
import { DEMO, countdownSeconds, hydrated, openGame } from "./fixtures";

/**
 * A player on a keyboard (or a switch) in the bet sheet, a modal dialog (utils/use-modal-focus.ts):
 * Tab and Shift+Tab go round the sheet's controls and never reach the game page behind it, Escape
 * closes it, and focus is back on the bet button. Found by an audit: after "Confirm bet", Tab went
 * on to the page behind the sheet (its Back link, the bet buttons) while the sheet stayed open.
 */
test("the bet sheet keeps Tab inside, closes on Escape and gives focus back", async ({ page }) => {
  await openGame(page);
  // Start with most of a round's betting ahead (rounds last 20 s in the tests), so that no
  // round's end and result popup comes in the middle.
  await expect.poll(() => countdownSeconds(page, "bet-countdown"), { timeout: 30_000 }).toBeGreaterThan(11);
  const bet = page.getByRole("button", { name: "Bet on Red", exact: true });
  await bet.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: /Bet on/ });
  await expect(dialog).toBeVisible();
  const insideDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog")));
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    expect(await insideDialog(), `Tab ${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await insideDialog(), `Shift+Tab ${i + 1}`).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(bet).toBeFocused();
});

/**
 * A refused form says why out loud and keeps the player's place: its own error (not a field's) is
 * an alert, and the submit button, disabled while the form was sent, has the focus back (it was on
 * the page's body). Found by an audit: a wrong password at the login left focus nowhere and
 * 'Incorrect phone number or password' in a plain list that no screen reader read out.
 */
test("a refused login says why as an alert and focus is back on its button", async ({ page }) => {
  await page.goto("/pages/login/login");
  await hydrated(page);
  const form = page.locator("form#login");
  await form.getByLabel("Phone number").fill(DEMO.phone);
  await form.getByLabel("Password", { exact: true }).fill("not-the-password");
  await form.getByRole("button", { name: "Log in" }).focus();
  await page.keyboard.press("Enter");
  await expect(form.getByRole("alert")).toHaveText("Incorrect phone number or password");
  await expect(form.getByRole("button", { name: "Log in" })).toBeFocused();
});
