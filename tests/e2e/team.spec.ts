import { execFileSync } from "node:child_process";
import { type APIRequestContext, type BrowserContext, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  GAME_PATH,
  accountJson,
  drawnDigit,
  gameJson,
  hydrated,
  money,
  openRound,
  operator,
  payCashInSandbox,
  postJson,
  registerPlayer,
  screen,
  sendAndFillSmsCode,
  uniquePhone,
} from "./fixtures";

/**
 * Team and rewards at 360x740 (issue 11): A invites B through A's link, B recharges on the sandbox
 * pay page and bets; the team job runs (its operator call); A's team page shows B, A claims the
 * bet, recharge and register rebates to the cent; B claims a recharge task's gift. A claim once
 * without JavaScript, once through curl. Default settings: 1 % bet and recharge rebate at level 1,
 * 5.00 register rebate from a first recharge of 100.00, "recharge 100 today: 2".
 */

/** Runs one pass of the team job now (it runs every minute by itself). */
async function runTeamJob(request: APIRequestContext) {
  await operator(request, "/team/accrue", {});
}

async function invitationOf(request: APIRequestContext): Promise<string> {
  return (await accountJson(request)).invitation;
}

async function newPlayerContext(browser: import("@playwright/test").Browser, javaScriptEnabled = true) {
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: { width: 360, height: 740 },
    javaScriptEnabled,
  });
}

test.describe("team and rewards", () => {
  test("A invites B by link; B recharges and bets; A claims every rebate to the cent; B claims a task gift", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await registerPlayer(page.request);
    await page.goto(PAGES.team);
    await hydrated(page);
    const code = (await page.getByTestId("invite-code").textContent())?.trim() ?? "";
    expect(code).toBe(await invitationOf(page.request));
    await expect(page.getByRole("img", { name: "QR code of your invitation link" })).toBeVisible();
    await expect(page.getByText("Nobody has joined with your code yet.", { exact: false })).toBeVisible();
    const link = (await page.getByTestId("invite-link").textContent())?.trim() ?? "";
    expect(link).toMatch(new RegExp(`/pages/login/login\\?invitationCode=${code}$`));
    await screen(page, "team-01-empty");

    // B opens A's link: the register tab, with A's code filled in.
    const contextB: BrowserContext = await newPlayerContext(browser);
    const b = await contextB.newPage();
    await b.goto(new URL(link).pathname + new URL(link).search);
    await hydrated(b);
    const form = b.locator("form#register");
    await expect(form.getByLabel("Invitation code (optional)")).toHaveValue(code);
    const phoneB = uniquePhone();
    await form.getByLabel("Phone number").fill(phoneB);
    await sendAndFillSmsCode(form, phoneB);
    await form.getByLabel("Password", { exact: true }).fill("colour123");
    await form.getByLabel("Confirm password").fill("colour123");
    await form.getByLabel("I confirm that I am 18 years or older").check();
    await form.getByRole("button", { name: "Register", exact: true }).click();
    await b.waitForURL((url) => url.pathname === "/" || url.pathname === PAGES.home);

    // B recharges 200.00 and bets 10.00 on a CHIP round, which settles.
    await payCashInSandbox(b, "200");
    await openRound(b, `${GAME_PATH}?level=1&coin=CHIP`, 6);
    const round = (await gameJson(b.request, 1, "CHIP")).round;
    expect(round).toBeTruthy();
    const placed = await postJson(b.request, GAME_PATH, {
      intent: "bet",
      gameSessionId: String(round?.id),
      betName: "Red",
      baseAmount: "10",
      betMultiples: "1",
      coin: "CHIP",
      level: "1",
      idempotencyKey: crypto.randomUUID(),
    });
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    await expect(async () => {
      await drawnDigit(b.request, String(round?.id));
    }).toPass({ timeout: 60_000 });
    await runTeamJob(page.request);

    // A's team page: B at level 1 with the right figures.
    await page.goto(PAGES.team);
    const member = page.getByTestId("team-member");
    await expect(member).toHaveCount(1);
    await expect(member).toContainText(phoneB.slice(-4));
    await expect(member).not.toContainText(phoneB);
    await expect(member).toContainText(`Recharge${money(200, "CHIP")}`);
    await expect(member).toContainText(`Bets${money(10, "CHIP")}`);
    // 1 % of 10.00 + 1 % of 200.00 + 5.00 register rebate.
    await expect(page.getByTestId("pending-rebate")).toHaveText(money(7.1, "CHIP"));
    await screen(page, "team-02-with-member");

    // A claims all: the balance rises by exactly 7.10.
    const chipBefore = (await accountJson(page.request)).chip;
    await page.getByRole("link", { name: "Claim bonus" }).click();
    await expect(page.getByTestId("claim-pending")).toHaveText(money(7.1, "CHIP"));
    await expect(page.getByTestId("rebate-row")).toHaveCount(3);
    await screen(page, "team-03-claim-bonus");
    await page.getByRole("button", { name: "Claim all" }).click();
    await expect(page.getByText(`${money(7.1, "CHIP")} claimed (3 rebates)`)).toBeVisible();
    await expect(page.getByTestId("claim-pending")).toHaveText(money(0, "CHIP"));
    expect(Math.round(((await accountJson(page.request)).chip - chipBefore) * 100)).toBe(710);

    // B completes the daily recharge task (100 today) and claims its 2.00 once.
    await b.goto(PAGES.team);
    await hydrated(b);
    const task = b.getByTestId("recharge-task").filter({ hasText: "today" });
    await expect(task).toContainText(`${money(200, "CHIP")} of ${money(100, "CHIP")}`);
    const chipB = (await accountJson(b.request)).chip;
    await task.getByRole("button", { name: `Claim ${money(2, "CHIP")}` }).click();
    await expect(b.getByText(`${money(2, "CHIP")} gift received`)).toBeVisible();
    await expect(b.getByTestId("recharge-task").filter({ hasText: "today" })).toContainText("Claimed");
    expect(Math.round(((await accountJson(b.request)).chip - chipB) * 100)).toBe(200);
    await screen(b, "team-04-task-claimed");
    await contextB.close();

    // A's pages in dark mode, then in German (screens for review).
    await page.request.post("/resources/theme", { form: { theme: "dark" }, maxRedirects: 0 });
    await page.goto(PAGES.team);
    await expect(page.getByTestId("team-member")).toHaveCount(1);
    await screen(page, "team-06-dark");
    await page.request.post("/resources/lang", { form: { lang: "de-DE" }, maxRedirects: 0 });
    await page.goto(PAGES.team);
    await expect(page.getByRole("heading", { name: "Freunde einladen" })).toBeVisible();
    await screen(page, "team-07-dark-de");
    await page.goto(PAGES.claimBonus);
    await expect(page.getByRole("link", { name: "Abgeholt" })).toBeVisible();
    await screen(page, "team-08-claim-dark-de");
  });
});

test.describe("claims without JavaScript and through curl", () => {
  test.use({ javaScriptEnabled: false });

  test("one rebate claimed by a plain form post; the rest through curl", async ({ page, browser }) => {
    test.setTimeout(120_000);
    await registerPlayer(page.request);
    const code = await invitationOf(page.request);
    const contextB = await newPlayerContext(browser, false);
    await registerPlayer(contextB.request, { invitationCode: code });
    const b = await contextB.newPage();
    await payCashInSandbox(b, "150.55");
    await contextB.close();
    await runTeamJob(page.request);

    await page.goto(PAGES.claimBonus);
    // 1 % of 150.55 = 1.50 (1.5055, down to the cent) and the 5.00 register rebate.
    await expect(page.getByTestId("claim-pending")).toHaveText(money(6.5, "CHIP"));
    const chipBefore = (await accountJson(page.request)).chip;
    const row = page.getByTestId("rebate-row").filter({ hasText: "Recharge rebate" });
    await row.getByRole("button", { name: `Claim ${money(1.5, "CHIP")}` }).click();
    await expect(page.getByText(`${money(1.5, "CHIP")} claimed (1 rebate)`)).toBeVisible();
    await expect(page.getByTestId("claim-pending")).toHaveText(money(5, "CHIP"));
    expect(Math.round(((await accountJson(page.request)).chip - chipBefore) * 100)).toBe(150);
    await screen(page, "team-05-nojs-claimed-one");

    // The rest with curl, the session cookie of this player.
    const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const base = test.info().project.use.baseURL;
    const curl = (data: string) =>
      JSON.parse(
        execFileSync("curl", [
          "-s",
          "-H",
          "Accept: application/json",
          "-H",
          `Cookie: ${cookies}`,
          "--data",
          data,
          `${base}${PAGES.claimBonus}`,
        ]).toString(),
      ) as { ok: boolean; message: string; result?: { amount: number; count: number } };
    const claimed = curl("intent=claim");
    expect(claimed).toMatchObject({ ok: true, result: { amount: 5, count: 1 } });
    expect(curl("intent=claim")).toMatchObject({ ok: false, message: "There is nothing to claim." });
    expect(Math.round(((await accountJson(page.request)).chip - chipBefore) * 100)).toBe(650);
  });
});

/**
 * With nothing to claim, the team page does not call the player to claim: a plain (secondary)
 * link says "Rebate history" and leads to the same page, which shows ₹0.00 and no claim button.
 * Found by a reviewer: the green "Claim bonus" button showed beside ₹0.00.
 */
for (const javaScriptEnabled of [true, false]) {
  test.describe(`nothing to claim, ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("the team page links to the rebates' history, not a claim", async ({ page }) => {
      await registerPlayer(page.request);
      await page.goto(PAGES.team);
      if (javaScriptEnabled) await hydrated(page);
      await expect(page.getByTestId("pending-rebate")).toHaveText(money(0, "CHIP"));
      await expect(page.getByRole("link", { name: "Claim bonus" })).toHaveCount(0);
      const history = page.getByRole("link", { name: "Rebate history" });
      await expect(history).toHaveClass(/btn-secondary/);
      await screen(page, `team-09-nothing-to-claim-${javaScriptEnabled ? "js" : "nojs"}`, {
        fullPage: false,
      });
      await history.click();
      await page.waitForURL((url) => url.pathname === PAGES.claimBonus);
      await expect(page.getByTestId("claim-pending")).toHaveText(money(0, "CHIP"));
      await expect(page.getByRole("button", { name: "Claim all" })).toHaveCount(0);
    });
  });
}
