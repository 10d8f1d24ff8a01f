import { expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import { hydrated, registerPlayer, screen } from "./fixtures";

/**
 * A limit's form shows what the player sent after a refusal, and what is in force after a save,
 * with and without JavaScript. Found by an audit: without JavaScript a refused weekly limit came
 * back as a daily one, and after any save the form was back to "Daily" and an empty amount (with
 * JavaScript, a waiting raise left the raise in the field as if it applied).
 */
for (const javaScriptEnabled of [false, true]) {
  test(`a limit's form keeps the amount: refused, saved and raised (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await registerPlayer(page.request);
    await page.goto(PAGES.responsiblePlay);
    const form = page.locator("form#limit-LOSS");
    if (javaScriptEnabled) {
      await hydrated(page);
      await form.getByLabel("Amount").focus();
      await expect(form).toHaveAttribute("data-validation", "browser");
    }
    const period = form.getByLabel("Period");
    const amount = form.getByLabel("Amount");
    const save = form.getByRole("button", { name: "Save loss limit" });

    await period.selectOption("WEEK");
    await amount.fill("99999999999");
    await save.click();
    await expect(form.getByText("The amount is too large")).toBeVisible();
    await expect(period).toHaveValue("WEEK");
    await expect(amount).toHaveValue("99999999999");

    await amount.fill("40");
    await save.click();
    await expect(page.getByText("Limit saved. It applies now.")).toBeVisible();
    await expect(page.getByTestId("limit-LOSS-WEEK")).toContainText("₹40.00");
    await expect(period).toHaveValue("WEEK");
    await expect(amount).toHaveValue("40");
    await expect(page.locator("form#limit-DEPOSIT").getByLabel("Amount")).toHaveValue("");

    if (javaScriptEnabled) {
      // Another period shows its own amount (none), and back.
      await period.selectOption("DAY");
      await expect(amount).toHaveValue("");
      await period.selectOption("WEEK");
      await expect(amount).toHaveValue("40");
    }

    // A raise waits: the field shows the ₹40 in force, the waiting ₹60 is said above it.
    await amount.fill("60");
    await save.click();
    await expect(page.getByTestId("limit-LOSS-WEEK").getByTestId("pending")).toBeVisible();
    await expect(period).toHaveValue("WEEK");
    await expect(amount).toHaveValue("40");
    await screen(page, `limit-form-values-${javaScriptEnabled ? "js" : "nojs"}`);
    await context.close();
  });
}
