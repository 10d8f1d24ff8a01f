import { type Page, expect, test } from "@playwright/test";
import {
  DEMO,
  GAME_PATH,
  RULES_PATH,
  accountJson,
  betInNextRound,
  countdownSamples,
  countdownSeconds,
  drawnDigit,
  expectedWinCents,
  gameJson,
  holdScripts,
  hydrated,
  login,
  openRound,
  pageJson,
  postJson,
  recordCountdowns,
  registerPlayerWithChips,
  screen,
  secondsOf,
  shown,
  shownRoundId,
  toCents,
  toastsSeen,
} from "./fixtures";

/**
 * Issue #3, end to end in Chromium at 360×740: the demo player bets on a colour, a number and
 * Big in one CHIP round of level 1, watches the countdown reach 0 and the next round start
 * without a page load, sees the result popup of that round, and the balance changes by exactly
 * what the payout table says. The rounds last 20 s, betting closes 5 s before the draw
 * (playwright.config.ts). game-nojs.spec.ts bets GOLD, so the two never touch the same balance.
 */

const LEVEL = 1;
const GAME = `${GAME_PATH}?level=${LEVEL}&coin=CHIP`;

/** The three bets: base amounts of level 1 are 1, 10, 100. */
const BETS = [
  { betName: "Red", button: "Bet on Red", base: 10, multiple: 2 },
  { betName: "7", button: "Bet on 7", base: 1, multiple: 3 },
  { betName: "Big", button: "Bet on Big", base: 10, multiple: 1 },
] as const;

async function placeBetThroughPopup(page: Page, bet: (typeof BETS)[number], shot?: string) {
  await page.getByRole("button", { name: bet.button, exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("heading", { name: /Bet on/ })).toContainText(
    bet.betName === "7" ? "7" : bet.betName,
  );
  await dialog.getByRole("radio", { name: `₹${shown(bet.base)}`, exact: true }).check({ force: true });
  await dialog.getByLabel("Multiple", { exact: true }).fill(String(bet.multiple));
  await expect(dialog.locator("output")).toHaveText(`₹${shown(bet.base * bet.multiple)}`);
  if (shot) await screen(page, shot);
  const toastsBefore = (await toastsSeen(page)).length;
  await dialog.getByRole("button", { name: "Confirm bet" }).click();
  await expect(dialog).toBeHidden();
  // The core's message shows as a toast (for 2 s; the recorder keeps every one that appeared).
  // Soft, so that a lost message is reported while the rest of the round is still checked.
  await expect
    .configure({ soft: true })
    .poll(async () => (await toastsSeen(page)).slice(toastsBefore).map((t) => t.text), {
      message: `the bet's message is shown after confirming ${bet.betName}`,
      timeout: 5_000,
    })
    .toContain("Bet placed successfully");
}

test("bets on a colour, a number and Big; the round ends, the next starts, the popup and the balance are right", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await login(page, DEMO.phone, DEMO.password);

  await test.step("the payout table served by the rules page is the one this test implements", async () => {
    const rules = await pageJson<{
      feePercent: number;
      roundSeconds: number;
      betCloseSeconds: number;
      rows: Array<{ betName: string; multiple: number; specialMultiple?: number | null }>;
    }>(page.request, RULES_PATH);
    expect(rules.feePercent).toBe(2);
    expect(rules).toMatchObject({ roundSeconds: 20, betCloseSeconds: 5 });
    const row = (name: string) => rules.rows.find((r) => r.betName === name);
    expect(row("Red")).toMatchObject({ multiple: 2, specialMultiple: 1.5 });
    expect(row("Green")).toMatchObject({ multiple: 2, specialMultiple: 1.5 });
    expect(row("Violet")).toMatchObject({ multiple: 4.5 });
    expect(row("Big")).toMatchObject({ multiple: 2 });
    expect(row("7")).toMatchObject({ multiple: 9 });
  });

  await page.goto(GAME);
  await hydrated(page);
  await expect(page.getByTestId("round-id")).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { __noReload: string }).__noReload = "still the same document";
  });
  await recordCountdowns(page);
  await screen(page, "game-01-round");

  // Enough time to place three bets: else wait for the next round, which starts without a reload.
  if ((await countdownSeconds(page, "bet-countdown")) < 11) {
    const current = await shownRoundId(page);
    await expect.poll(() => shownRoundId(page), { timeout: 30_000 }).not.toBe(current);
    await expect.poll(() => countdownSeconds(page, "bet-countdown"), { timeout: 10_000 }).toBeGreaterThan(11);
  }
  const roundId = await shownRoundId(page);
  const before = await accountJson(page.request);

  await test.step("three bets through the bet popup", async () => {
    for (const [i, bet] of BETS.entries())
      await placeBetThroughPopup(page, bet, i === 0 ? "game-02-bet-popup" : undefined);
  });
  const stakeCents = BETS.reduce((sum, b) => sum + toCents(b.base * b.multiple), 0);
  expect(await shownRoundId(page), "all three bets went into one round").toBe(roundId);
  await expect(page.getByTestId("balance")).toHaveText(
    `₹${shown((toCents(before.chip) - stakeCents) / 100)}`,
  );
  expect(toCents((await accountJson(page.request)).chip)).toBe(toCents(before.chip) - stakeCents);
  const myRecords = await pageJson<{ tabData: { rows: Array<{ gameSessionId: string; betName: string }> } }>(
    page.request,
    `${GAME}&tab=myRecords`,
  );
  expect(
    myRecords.tabData.rows
      .filter((r) => r.gameSessionId === roundId)
      .map((r) => r.betName)
      .sort(),
  ).toEqual(BETS.map((b) => b.betName).sort());
  await screen(page, "game-03-bets-placed");

  await test.step("the countdown goes down and betting locks at bet end", async () => {
    const a = await countdownSeconds(page, "round-countdown");
    await page.waitForTimeout(2_200);
    const b = await countdownSeconds(page, "round-countdown");
    expect(b, "the round countdown decreases").toBeLessThan(a);
    await expect(page.getByTestId("bet-countdown").locator("time")).toHaveAttribute("datetime", "PT0S", {
      timeout: 20_000,
    });
    expect(await shownRoundId(page)).toBe(roundId);
    await expect(page.getByRole("button", { name: "Bet on Red", exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Bet on 7", exact: true })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Bet on Big", exact: true })).toBeDisabled();
    await expect(page.getByText("Betting is closed for this round").first()).toBeVisible();
    await screen(page, "game-04-locked");

    // The server refuses a late bet too, whatever the page shows, and takes nothing.
    const chipBefore = toCents((await accountJson(page.request)).chip);
    const late = await postJson(page.request, GAME, {
      intent: "bet",
      gameSessionId: roundId,
      betName: "Green",
      baseAmount: "1",
      betMultiples: "1",
      coin: "CHIP",
      level: String(LEVEL),
    });
    expect(late.status, JSON.stringify(late.body)).toBe(400);
    expect(String(late.body.message)).toMatch(/closed/i);
    expect(toCents((await accountJson(page.request)).chip)).toBe(chipBefore);
  });

  let nextRoundId = "";
  await test.step("the countdown reaches 0 and the next round starts without a page load", async () => {
    await expect.poll(() => shownRoundId(page), { timeout: 20_000 }).not.toBe(roundId);
    nextRoundId = await shownRoundId(page);
    expect(BigInt(nextRoundId) > BigInt(roundId)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __noReload?: string }).__noReload)).toBe(
      "still the same document",
    );
    // A new round first renders for one frame with the old round's 0 (the countdown state
    // catches up in an effect): start from the round's first non-zero value.
    const all = (await countdownSamples(page)).filter((s) => s.roundId === roundId);
    const samples = all.slice(
      Math.max(
        0,
        all.findIndex((s) => secondsOf(s.round) > 0),
      ),
    );
    const seconds = samples.map((s) => secondsOf(s.round));
    expect(seconds.length, JSON.stringify(samples)).toBeGreaterThan(5);
    // Never goes back up within a round (soft: reported, while the rest is still checked).
    const rises = samples.filter((_, i) => i > 0 && seconds[i] > seconds[i - 1]);
    expect
      .soft(
        rises,
        `the round countdown went back up: ${JSON.stringify(samples.map((s) => [s.at % 100_000, s.round]))}`,
      )
      .toEqual([]);
    expect(seconds.at(-1), "the round countdown showed 0 before the next round").toBe(0);
    await expect
      .poll(() => countdownSeconds(page, "round-countdown"), { timeout: 5_000 })
      .toBeGreaterThan(10);
    await expect(page.getByRole("button", { name: "Bet on Red", exact: true })).toBeEnabled();
  });

  const digit = await drawnDigit(page.request, roundId);
  const wins = BETS.map((b) => expectedWinCents(b.betName, digit, toCents(b.base * b.multiple)));
  const winCents = wins.reduce((a, b) => a + b, 0);

  await test.step("the result popup of that round lists the three bets", async () => {
    const popup = page.getByRole("dialog", { name: `Result of round ${roundId}` });
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await expect(popup.getByRole("img", { name: `Drawn number ${digit}` })).toBeVisible();
    await expect(popup.getByRole("listitem")).toHaveCount(3);
    for (const [i, b] of BETS.entries()) {
      const item = popup.getByRole("listitem").filter({ hasText: b.betName });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(`₹${shown(b.base * b.multiple)}`);
      await expect(item).toContainText(wins[i] > 0 ? "Won" : "Lost");
    }
    await expect(popup).toContainText(
      winCents > 0
        ? `You won ₹${shown(winCents / 100)}`
        : `No win this time (stake ₹${shown(stakeCents / 100)})`,
    );
    await screen(page, "game-05-result-popup");
  });

  await test.step("the balance changed by exactly the payout table's amount", async () => {
    const after = await accountJson(page.request);
    expect(
      toCents(after.chip),
      `digit ${digit}, stakes ${stakeCents}, wins ${JSON.stringify(wins)}, before ${before.chip}`,
    ).toBe(toCents(before.chip) - stakeCents + winCents);
    // Points did not move (gold may: game-nojs.spec.ts's GOLD bet can settle meanwhile).
    expect(after.point).toBe(before.point);
  });

  await test.step("OK hides the popup, and it stays hidden after a reload", async () => {
    const popup = page.getByRole("dialog", { name: `Result of round ${roundId}` });
    await popup.getByRole("button", { name: "OK" }).click();
    await expect(popup).toBeHidden();
    await screen(page, "game-06-acknowledged");
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("round-id")).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole("dialog", { name: `Result of round ${roundId}` })).toHaveCount(0);
    const data = await gameJson(page.request, LEVEL, "CHIP");
    expect(data.popup?.roundId ?? null).not.toBe(roundId);
  });
});

test("a page that opens with the result popup hydrates without dropping it, however slow the popup's code", async ({
  page,
}) => {
  test.setTimeout(90_000);
  // Level 2, so that the other tests' popups of level 1 are not this one's.
  const game = `${GAME_PATH}?level=2&coin=CHIP`;
  await login(page, DEMO.phone, DEMO.password);
  const base = (await gameJson(page.request, 2)).baseAmounts[0];
  await betInNextRound(
    page.request,
    { betName: "Green", baseAmount: String(base), betMultiples: "1" },
    { level: 2 },
  );
  await expect
    .poll(async () => (await gameJson(page.request, 2)).popup?.roundId ?? null, { timeout: 45_000 })
    .not.toBeNull();

  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  /** The code of a lazily loaded part arrives 3 s late (a slow network): the countdown ticks meanwhile. */
  const holdCode = (part: string) =>
    page.route(new RegExp(`/${part}-[\\w-]+\\.js$`), async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3000));
      await route.continue();
    });
  /** Loads `path`, whose server HTML has a dialog open, and sees it stay through hydration and 4 s of ticks. */
  const opensAndStays = async (path: string) => {
    await page.goto(path);
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await hydrated(page);
    for (let i = 0; i < 8; i++) {
      await expect(dialog).toBeVisible();
      await page.waitForTimeout(500);
    }
    return dialog;
  };
  await holdCode("ResultPopup");
  // Before, the first tick made React drop the server's popup (error #421) and draw it again
  // once its code came.
  const popup = await opensAndStays(game);
  await expect(popup.getByRole("button", { name: "OK" })).toBeVisible();
  expect(errors).toEqual([]);
  await popup.getByRole("button", { name: "OK" }).click();
  await expect(popup).toBeHidden();

  // The same for the bet sheet opened by its link (a page loaded with it open: the page's
  // "hydrated" change reaches the sheet while its code is still on the way).
  await holdCode("BetPopup");
  await opensAndStays(`${game}&betName=Green`);
  expect(errors).toEqual([]);
});

test("a bet chosen on the server's sheet before its code came is the bet placed", async ({ page }) => {
  await registerPlayerWithChips(page.request, "500");
  // The sheet's code waits until the player has chosen (a slow phone on a slow network).
  const release = await holdScripts(page, /\/BetPopup-[\w-]+\.js$/);
  await openRound(page, `${GAME_PATH}?level=1&coin=CHIP&betName=Green`);
  await hydrated(page);
  const sheet = page.getByRole("dialog");
  await sheet.getByRole("radio", { name: "₹10.00", exact: true }).check({ force: true });
  await sheet.getByLabel("Multiple", { exact: true }).fill("2");

  release();
  // The sheet's code has run once it sends its total (a hidden field only the browser's sheet has).
  await expect(sheet.locator('input[name="totalBetAmount"]')).toHaveCount(1);
  // It kept the choice: before, it drew the server's 1 × 1 again and placed that.
  await expect(sheet.getByRole("radio", { name: "₹10.00", exact: true })).toBeChecked();
  await expect(sheet.getByLabel("Multiple", { exact: true })).toHaveValue("2");
  await expect(sheet.getByTestId("sheet-total")).toHaveText("₹20.00");
  await screen(page, "bet-sheet-chosen-before-code", { fullPage: false });
  const [posted] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST"),
    sheet.getByRole("button", { name: "Confirm bet" }).click(),
  ]);
  const sent = new URLSearchParams(posted.postData() ?? "");
  expect([sent.get("baseAmount"), sent.get("betMultiples"), sent.get("totalBetAmount")]).toEqual([
    "10",
    "2",
    "20",
  ]);
  await expect(page.getByText("Bet placed successfully")).toBeVisible();
  expect((await accountJson(page.request)).chip).toBe(480);
});
