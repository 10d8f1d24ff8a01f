import { type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  expectAccessibleInBothThemes,
  gameJson,
  operator,
  postJson,
  registerPlayerWithChips,
  screen,
} from "./fixtures";

/**
 * Bloggers end to end at 360x740 (issue 12): a player applies to be a blogger (Under Review), an
 * operator approves, a second player, without JavaScript, follows and copies the blogger's open
 * bet; the copy is in the fan's follow records and the fan in the blogger's fans list.
 */

/** A bet placed in the current round while at least `left` seconds of betting remain. */
async function betWithTime(page: Page, left: number, multiples: string) {
  for (let i = 0; i < 60; i++) {
    const game = await gameJson(page.request);
    if (game.round && game.round.remaining.bet >= left) {
      const bet = await postJson(page.request, `${PAGES.game}?level=1&coin=CHIP`, {
        intent: "bet",
        gameSessionId: game.round.id,
        betName: "Red",
        baseAmount: "100",
        betMultiples: multiples,
        coin: "CHIP",
        level: "1",
      });
      expect(bet.status, JSON.stringify(bet.body)).toBe(200);
      return game.round.id;
    }
    await page.waitForTimeout(1000);
  }
  throw new Error("no round with time left");
}

test("apply, approve, follow and copy without JavaScript, records on both sides", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const blogger = await registerPlayerWithChips(page.request, "5000");
  const masked = (phone: string) => `${phone.slice(0, 2)}****${phone.slice(-4)}`;

  await test.step("the player applies once their turnover is enough: Under Review", async () => {
    await betWithTime(page, 2, "10");
    await page.goto(PAGES.blogger);
    await page.getByRole("button", { name: "Apply to become a blogger" }).click();
    await expect(page.getByTestId("my-application")).toContainText("Under Review");
    await screen(page, "blogger-under-review");
  });

  await test.step("an operator approves", async () => {
    const waiting = await operator<{ userId: number; phone: string }[]>(page.request, "/bloggers");
    const mine = waiting.find((a) => a.phone === masked(blogger.phone));
    if (!mine) throw new Error("the application is not listed");
    await operator(page.request, `/bloggers/${mine.userId}/approve`, {});
    await page.reload();
    await expect(page.getByTestId("my-application")).toContainText("Approved");
  });

  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 360, height: 740 },
  });
  const fanPage = await context.newPage();
  const fan = await registerPlayerWithChips(fanPage.request, "1000");

  await test.step("a fan without JavaScript follows the blogger and copies an open bet", async () => {
    await fanPage.goto(PAGES.blogger);
    await fanPage
      .getByTestId("blogger-row")
      .filter({ hasText: masked(blogger.phone) })
      .click();
    await fanPage.getByRole("button", { name: "Follow", exact: true }).click();
    await expect(fanPage.getByRole("button", { name: "Unfollow" })).toBeVisible();
    let copied = false;
    for (let attempt = 0; attempt < 3 && !copied; attempt++) {
      await betWithTime(page, 12, "1");
      await fanPage.reload();
      await fanPage.getByTestId("open-bet").first().getByRole("button", { name: "Copy" }).click();
      copied = (await fanPage.getByText("Bet copied with your own stake").count()) > 0;
    }
    expect(copied).toBe(true);
    await screen(fanPage, "blogger-details-copied");
    await fanPage.goto(PAGES.followRecords);
    await expect(fanPage.getByTestId("follow-record").first()).toContainText("Red");
    await expect(fanPage.getByTestId("follow-record").first()).toContainText(masked(blogger.phone));
    await screen(fanPage, "follow-records");
  });

  const details = await page.request.get(`${PAGES.blogger}`, { headers: { Accept: "application/json" } });
  const body = (await details.json()) as { bloggers: { bloggerId: number; phone: string }[] };
  const me = body.bloggers.find((b) => b.phone === masked(blogger.phone));
  if (!me) throw new Error("the blogger is not ranked");

  await test.step("the blogger sees the fan in their fans list", async () => {
    await page.goto(`${PAGES.fansList}?id=${me.bloggerId}`);
    await expect(page.getByTestId("fan-row")).toContainText(masked(fan.phone));
    await screen(page, "blogger-fans");
  });
  const fanState = await context.storageState();
  await context.close();

  await test.step("the blogger's page (as the fan sees it) and fans list have no serious or critical axe violations, light and dark", async () => {
    // axe-core is injected as a script, which the app's nonce-based CSP would block.
    const asPlayer = async (
      storageState: Awaited<ReturnType<typeof context.storageState>>,
      paths: string[],
    ) => {
      const axeContext = await browser.newContext({
        bypassCSP: true,
        viewport: { width: 360, height: 740 },
        storageState,
      });
      await expectAccessibleInBothThemes(await axeContext.newPage(), paths);
      await axeContext.close();
    };
    await asPlayer(fanState, [`${PAGES.bloggerDetails}?id=${me.bloggerId}`]);
    await asPlayer(await page.context().storageState(), [`${PAGES.fansList}?id=${me.bloggerId}`]);
  });
});
