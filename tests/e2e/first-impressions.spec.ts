import { networkInterfaces } from "node:os";
import { type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  DEMO,
  GAME_PATH,
  NOTICE_PATH,
  VERIFY_PATH,
  countdownSeconds,
  hydrated,
  login,
  openRound,
  pageJson,
  postJson,
  registerPlayer,
  screen,
  secondsIn,
  shown,
  shownCountdown,
} from "./fixtures";

/**
 * Issue 6, points 14 to 18: what a new player sees first, at 360 × 740, with and without
 * JavaScript, in light and dark, in English and in CJK. A new player (no money) finds out before
 * confirming; the demo player's GOLD is only read here, never spent, so the other specs' balances
 * stay theirs.
 */

const LIST_PATH = "/pages/game/gameList";
const BET_DETAILS_PATH = "/pages/betRecord/betDetails/betDetails";
const NOTICE_DETAIL_PATH = "/pages/notice/noticeDetail/noticeDetail";
const JSON_HEADERS = { accept: "application/json" };
const RED = "rgb(198, 40, 40)";
const GREEN = "rgb(46, 125, 50)";
const VIOLET = "rgb(106, 27, 154)";

async function setLanguage(page: Page, lang: string) {
  expect((await postJson(page.request, "/resources/lang", { lang })).status).toBe(200);
}

test.describe("14 · the bet sheet and the rooms, for a player without money", () => {
  test("the sheet shows the balance and the payout and refuses a stake above the balance before confirming", async ({
    page,
  }) => {
    await registerPlayer(page.request);
    // A round with time to spare: the server's refusal below must be about the balance, not the clock.
    await openRound(page, `${GAME_PATH}?level=1&coin=CHIP`, 12);
    await hydrated(page);
    const data = await pageJson<{ round: { id: string } }>(page.request, `${GAME_PATH}?level=1&coin=CHIP`);

    await page.getByRole("button", { name: "Bet on Red", exact: true }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet.getByTestId("sheet-balance")).toHaveText("₹0.00");
    await sheet.getByRole("radio", { name: "₹10.00", exact: true }).check({ force: true });
    await sheet.getByLabel("Multiple", { exact: true }).fill("2");
    await expect(sheet.getByTestId("sheet-total")).toHaveText("₹20.00");
    // Red pays 20 × 0.98 × 2 = 39.20 on 2 4 6 8, and × 1.5 = 29.40 on 0 (after the 2 % fee).
    await expect(sheet.getByTestId("sheet-payout")).toContainText("Pays if it wins: ₹39.20");
    await expect(sheet.getByTestId("sheet-payout")).toContainText("₹29.40 if 0 is drawn");
    await expect(sheet.getByTestId("sheet-payout")).toContainText("After the 2 % service fee.");
    // No smaller choice helps a balance below the smallest bet: it says so, and offers the recharge.
    await expect(sheet.getByTestId("sheet-problem")).toHaveText(
      "Your balance of ₹0.00 is less than the smallest bet, ₹1.00.",
    );
    await expect(sheet.getByTestId("sheet-top-up")).toHaveAttribute("href", "/pages/recharge/recharge");
    await expect(sheet.getByRole("button", { name: "Confirm bet" })).toBeDisabled();
    await screen(page, "fi-14-sheet-over-balance", { fullPage: false });

    // The server keeps the same rule, in the player's words, and takes nothing.
    const refused = await postJson(page.request, `${GAME_PATH}?level=1&coin=CHIP`, {
      intent: "bet",
      gameSessionId: data.round.id,
      betName: "Red",
      baseAmount: "10",
      betMultiples: "2",
      coin: "CHIP",
      level: "1",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      "Insufficient balance: this bet costs ₹20.00 and your balance is ₹0.00.",
    );
  });

  test("a room whose minimum balance the player lacks says so before Play, and its board is locked", async ({
    page,
  }) => {
    await registerPlayer(page.request);
    await page.goto(`${LIST_PATH}?coin=CHIP`);
    const primary = page.getByTestId("room-1");
    await expect(primary.getByRole("link")).toContainText("Play");
    const intermediate = page.getByTestId("room-2");
    await expect(intermediate.getByRole("link")).toHaveCount(0);
    await expect(intermediate).toContainText("Needs ₹100.00");
    await expect(intermediate).toContainText("This room needs a balance of at least ₹100.00.");
    await expect(intermediate).toContainText("Balance from ₹100.00 to ₹100,000.00");
    await screen(page, "fi-14-rooms-needs");

    await page.goto(`${GAME_PATH}?level=2&coin=CHIP`);
    await expect(page.getByTestId("board-locked")).toHaveText(
      "This room needs a balance of at least ₹100.00.",
    );
    await expect(page.getByRole("button", { name: "Bet on Green", exact: true })).toBeDisabled();
  });

  test("with JS, a bet the server refuses keeps the sheet open with its choice and the reason", async ({
    page,
  }) => {
    await login(page, DEMO.phone, DEMO.password);
    await openRound(page, `${GAME_PATH}?level=1&coin=GOLD`, 8);
    await hydrated(page);
    // The round ends while the sheet is open (simulated: the post names a round that does not exist).
    await page.route(
      (url) => url.pathname === GAME_PATH && url.searchParams.has("_data"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const body = new URLSearchParams(route.request().postData() ?? "");
        body.set("gameSessionId", "1");
        return route.continue({ postData: body.toString() });
      },
    );
    await page.getByRole("button", { name: "Bet on Violet", exact: true }).click();
    const sheet = page.getByRole("dialog");
    await sheet.getByRole("radio", { name: "10.00", exact: true }).check({ force: true });
    await sheet.getByLabel("Multiple", { exact: true }).fill("3");
    await sheet.getByRole("button", { name: "Confirm bet" }).click();
    await expect(sheet.getByRole("alert")).toHaveText("This round does not exist");
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("radio", { name: "10.00", exact: true })).toBeChecked();
    await expect(sheet.getByLabel("Multiple", { exact: true })).toHaveValue("3");
    await expect(sheet.getByRole("heading")).toContainText("Violet");
    await screen(page, "fi-14-sheet-refused-js", { fullPage: false });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("a stake typed above the balance and confirmed comes back refused, the sheet open with the choice", async ({
      page,
    }) => {
      await login(page, DEMO.phone, DEMO.password);
      const gold = (await pageJson<{ balance: number }>(page.request, `${GAME_PATH}?level=1&coin=GOLD`))
        .balance;
      const multiple = Math.floor(gold / 100) + 1;
      // A round with time to spare: the refresh at its end would start the sheet over.
      await openRound(page, `${GAME_PATH}?level=1&coin=GOLD&betName=Small`, 12);
      const sheet = page.getByRole("dialog");
      await expect(sheet.getByTestId("sheet-balance")).toHaveText(shown(gold));
      await sheet.getByText("100.00", { exact: true }).click();
      await sheet.getByLabel("Multiple", { exact: true }).fill(String(multiple));
      // Confirmed at once, without "Update total": only the server can refuse it.
      await sheet.getByRole("button", { name: "Confirm bet" }).click();
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole("alert")).toHaveText(
        `Insufficient balance: this bet costs ${shown(100 * multiple)} and your balance is ${shown(gold)}.`,
      );
      await expect(sheet.getByRole("heading")).toContainText("Small");
      await expect(sheet.getByRole("radio", { name: "100.00", exact: true })).toBeChecked();
      await expect(sheet.getByLabel("Multiple", { exact: true })).toHaveValue(String(multiple));
      await screen(page, "fi-14-sheet-refused-nojs", { fullPage: false });
      expect(
        (await pageJson<{ balance: number }>(page.request, `${GAME_PATH}?level=1&coin=GOLD`)).balance,
      ).toBe(gold);
    });
  });
});

test.describe("15 and 16 · balls, rooms and names at 360 px", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO.phone, DEMO.password);
  });
  test.afterEach(async ({ page }) => {
    await setLanguage(page, "en-US");
  });

  test("result balls use the game's colours; the previous draw is five balls; numbers keep their palette", async ({
    page,
  }) => {
    // The first five digits of the latest results (fewer while the room has fewer), one ball each.
    const draw = page.getByTestId("previous-draw").locator("li");
    await expect(async () => {
      await page.goto(`${GAME_PATH}?level=1&coin=CHIP`);
      const game = `${GAME_PATH}?level=1&coin=CHIP`;
      const { previousDraw } = await pageJson<{ previousDraw: string }>(page.request, game);
      expect(previousDraw).toMatch(/^\d{1,5}$/);
      await expect(draw).toHaveText([...previousDraw], { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    const balls = await page.locator("[data-digit]").evaluateAll((nodes) =>
      nodes.map((n) => ({
        digit: Number(n.getAttribute("data-digit")),
        colour: getComputedStyle(n).backgroundColor,
        image: getComputedStyle(n).backgroundImage,
      })),
    );
    // The previous draw's balls and the past results' (at least one of each).
    expect(balls.length).toBeGreaterThanOrEqual(2);
    for (const ball of balls) {
      if (ball.digit === 0 || ball.digit === 5) {
        expect(ball.image, `ball ${ball.digit}`).toContain(ball.digit === 0 ? RED : GREEN);
        expect(ball.image, `ball ${ball.digit}`).toContain(VIOLET);
      } else {
        expect(ball.colour, `ball ${ball.digit}`).toBe(ball.digit % 2 ? GREEN : RED);
      }
    }
    // The ten-colour palette stays on the number buttons: 8 is gold-brown there, red as a ball.
    const eight = page.getByRole("button", { name: "Bet on 8", exact: true });
    await expect(eight).toHaveCSS("background-color", "rgb(161, 98, 7)");
    await screen(page, "fi-15-balls", { fullPage: false });
  });

  test("the room row shows that it scrolls, at either end where a room is clipped", async ({ page }) => {
    await page.goto(`${GAME_PATH}?level=1&coin=CHIP`);
    await hydrated(page);
    const row = page.getByTestId("rooms");
    const hint = page.getByTestId("rooms-more");
    const clipped = await row.evaluate((nav) => nav.scrollWidth > nav.clientWidth + 1);
    expect(clipped, "the three rooms do not fit 360 px in English").toBe(true);
    const back = page.getByTestId("rooms-less");
    await expect(hint).toHaveCSS("opacity", "1");
    await expect(hint.locator("svg")).toBeVisible();
    await expect(back).toHaveCSS("opacity", "0");
    await screen(page, "fi-16-rooms-hint", { fullPage: false });
    await row.evaluate((nav) => nav.scrollTo({ left: nav.scrollWidth }));
    await expect
      .poll(async () => Number(await hint.evaluate((n) => getComputedStyle(n).opacity)))
      .toBeLessThan(0.05);
    // Now the first room is the clipped one: the hint is at the start.
    await expect(back).toHaveCSS("opacity", "1");
    // The last room, once reached, is whole.
    const last = row.getByRole("link", { name: "Advanced" });
    const [lastBox, rowBox] = [await last.boundingBox(), await row.boundingBox()];
    expect(lastBox && rowBox && lastBox.x + lastBox.width <= rowBox.x + rowBox.width + 0.5).toBe(true);
    await screen(page, "fi-16-rooms-end", { fullPage: false });
    // The chosen room is scrolled into view when it lies off screen.
    await page.goto(`${GAME_PATH}?level=3&coin=CHIP`);
    await hydrated(page);
    await expect.poll(() => row.evaluate((nav) => nav.scrollLeft)).toBeGreaterThan(0);
  });

  test("in Chinese, Japanese and Korean the title and the rooms are translated and nothing wraps alone", async ({
    page,
  }) => {
    const expected = {
      "zh-CN": { title: "颜色彩票", rooms: ["初级场", "中级场", "高级场"] },
      "ja-JP": { title: "カラーくじ", rooms: ["初級", "中級", "上級"] },
      "ko-KR": { title: "컬러 복권", rooms: ["초급", "중급", "고급"] },
    };
    for (const [lang, want] of Object.entries(expected)) {
      await setLanguage(page, lang);
      await page.goto(`${GAME_PATH}?level=1&coin=CHIP`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(want.title);
      await expect(page.locator("#round-title")).toHaveText(`${want.title} · ${want.rooms[0]}`);
      await expect(page.getByTestId("rooms").getByRole("link")).toHaveText(want.rooms);
      // The round line ("第 … 期") is one line: its height is one line's.
      const lines = await page.getByTestId("round-id").evaluate((p) => {
        const style = getComputedStyle(p);
        return p.getBoundingClientRect().height / Number.parseFloat(style.lineHeight);
      });
      expect(lines, `${lang}: the round id wraps`).toBeLessThan(1.5);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screen(page, `fi-16-game-${lang}`, { fullPage: false });
      await page.goto(`${LIST_PATH}?coin=CHIP`);
      for (const room of want.rooms) await expect(page.getByText(room, { exact: true })).toBeVisible();
    }
  });
});

/** The newest drawn round of a game page's room (its results tab), waiting up to 30 s for one. */
async function newestDrawnRound(page: Page, game: string): Promise<string> {
  let roundId: string | undefined;
  for (let i = 0; !roundId && i < 30; i++) {
    if (i > 0) await page.waitForTimeout(1_000);
    roundId = (await pageJson<{ tabData: { rows: Array<{ id: string }> } }>(page.request, game)).tabData
      .rows[0]?.id;
  }
  expect(roundId, `a drawn round in ${game}`).toBeTruthy();
  return roundId ?? "";
}

test.describe("17 · verify, empty states, dates and copying", () => {
  test("the verify page says Verified in words; the verify command waits in a collapsed part", async ({
    page,
  }) => {
    await login(page, DEMO.phone, DEMO.password);
    const roundId = await newestDrawnRound(page, `${GAME_PATH}?level=1&coin=CHIP`);
    await page.goto(`${VERIFY_PATH}?sessionId=${roundId}`);
    await expect(page.getByRole("heading", { name: "Verified" })).toBeVisible();
    await expect(page.getByText("The seed matches the published hash.")).toBeVisible();
    await expect(page.getByText(/Worked out here, it gives \d: the published result\./)).toBeVisible();
    const selfCheck = page.getByTestId("self-check");
    await expect(selfCheck.getByText(/^node verify-round\.mjs /)).toBeHidden();
    await screen(page, "fi-17-verified", { fullPage: false });
    await selfCheck.getByText("Check it yourself").click();
    await expect(selfCheck.getByText(/^node verify-round\.mjs /)).toBeVisible();
    await expect(selfCheck.getByRole("link", { name: "Download verify-round.mjs" })).toHaveAttribute(
      "href",
      "/verify-round.mjs",
    );
    // What a player needs to redo it with Node alone: the randomness, and a line that needs no download.
    await expect(selfCheck.getByTestId("beacon-randomness")).toHaveText(/^[0-9a-f]{64}$/);
    await expect(selfCheck.getByText(/^node -e '/)).toBeVisible();
    await expect(selfCheck).not.toContainText(/\b1 times\b/);
    await page.goto(`${VERIFY_PATH}?sessionId=1`);
    await expect(page.getByRole("alert")).toHaveText("No round has this number.");
  });

  test("without a round number the verify page offers the room's latest draws, each one tap from its verdict", async ({
    page,
    browser,
  }) => {
    await login(page, DEMO.phone, DEMO.password);
    await newestDrawnRound(page, `${GAME_PATH}?level=2&coin=GOLD`);
    // From the game, the link names the room the player is in.
    await page.goto(`${GAME_PATH}?level=2&coin=GOLD`);
    await page.getByRole("link", { name: "Verify a round" }).click();
    await expect(page).toHaveURL(/level=2&coin=GOLD/);
    await expect(page.getByText("Anyone can check that a round's number was fixed")).toBeVisible();
    const latest = page.getByRole("region", { name: "Latest draws · Gold · Intermediate" });
    await expect(latest).toBeVisible();
    const first = latest.getByRole("link").first();
    // Its name is what it shows: the round, the drawn digit, "Verify".
    await expect(first).toHaveAccessibleName(/^\d{10,} \d Verify$/);
    await screen(page, "fi-17-verify-latest", { fullPage: false });
    await first.click();
    await expect(page.getByRole("heading", { name: "Verified" })).toBeVisible();
    await expect(page.getByRole("region", { name: /Latest draws/ })).toHaveCount(0);

    // Without JavaScript and signed out: the first chip room's draws, the same one tap.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const nojs = await context.newPage();
    await nojs.goto(VERIFY_PATH);
    const chips = nojs.getByRole("region", { name: "Latest draws · Chips · Primary" });
    await chips.getByRole("link").first().click();
    await expect(nojs.getByRole("heading", { name: "Verified" })).toBeVisible();
    await context.close();
  });

  test("pages reached without their id show an empty state with the way back", async ({ page }) => {
    await login(page, DEMO.phone, DEMO.password);
    await page.goto(NOTICE_DETAIL_PATH);
    await expect(page.getByRole("heading", { name: "No notice chosen" })).toBeVisible();
    await expect(page.getByTestId("empty-state")).toContainText(
      "No notice was chosen. Pick one from your notices.",
    );
    await screen(page, "fi-17-notice-without-id", { fullPage: false });
    await page.getByRole("link", { name: "Back to notices" }).click();
    await page.waitForURL((url) => url.pathname === NOTICE_PATH);

    await page.goto(BET_DETAILS_PATH);
    await expect(page.getByRole("heading", { name: "No bet chosen" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to bet record" })).toBeVisible();
    await page.goto(`${BET_DETAILS_PATH}?id=abc`);
    await expect(page.getByRole("heading", { name: "Bet not found" })).toBeVisible();
  });

  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ javaScriptEnabled });

      test("a blogger's pages for a player who is no blogger say so under their bar, with the way back", async ({
        page,
      }) => {
        await login(page, DEMO.phone, DEMO.password);
        for (const [path, title] of [
          [`${PAGES.bloggerDetails}?id=999999999`, "Blogger"],
          [`${PAGES.fansList}?id=999999999`, "Fans"],
        ]) {
          const answer = await page.goto(path);
          expect(answer?.status(), path).toBe(404);
          await expect(page.locator("header h1")).toHaveText(title);
          await expect(page.getByRole("heading", { name: "Blogger not found" })).toBeVisible();
          await expect(page.getByTestId("empty-state")).toContainText("This player is not a blogger");
        }
        await screen(page, `fi-17-no-blogger-${javaScriptEnabled ? "js" : "nojs"}`, { fullPage: false });
        await page.getByRole("link", { name: "Back to bloggers" }).click();
        await page.waitForURL((url) => url.pathname === PAGES.blogger);
      });
    });
  }

  test.describe("in the player's time zone", () => {
    test.use({ timezoneId: "America/New_York" });

    test("dates show in the browser's zone, told by the page's cookie, in the player's language", async ({
      page,
    }) => {
      // The login page's script tells the server the zone; every page after it uses it.
      await login(page, DEMO.phone, DEMO.password);
      const cookies = await page.context().cookies();
      expect(cookies.find((c) => c.name === "tz")?.value).toBe(encodeURIComponent("America/New_York"));
      const { page: notices } = await pageJson<{ page: { content: Array<{ createTime: string }> } }>(
        page.request,
        NOTICE_PATH,
      );
      const date = { year: "numeric", month: "2-digit", day: "2-digit" } as const;
      const time = { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" } as const;
      const created = Date.parse(notices.content[0].createTime);
      const zoned = (lang: string) =>
        new Intl.DateTimeFormat(lang, { ...date, ...time, timeZone: "America/New_York" }).format(created);
      await page.goto(NOTICE_PATH);
      await expect(page.getByRole("main").getByText(zoned("en-US")).first()).toBeVisible();
      await setLanguage(page, "de-DE");
      await page.goto(NOTICE_PATH);
      await expect(page.getByRole("main").getByText(zoned("de-DE")).first()).toBeVisible();
      await setLanguage(page, "en-US");
    });
  });

  test("copying the invitation code on plain http says exactly Copy Successful !", async ({
    page,
    context,
  }) => {
    // A phone on the LAN opens the app by its address: not a secure context, no Clipboard API.
    const lan = Object.values(networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    expect(lan, "a network address to open the app by").toBeTruthy();
    const { port } = new URL(String(test.info().project.use.baseURL));
    const origin = `http://${lan}:${port}`;
    const signIn = await page.request.post(`${origin}/pages/login/login`, {
      headers: JSON_HEADERS,
      form: { areaCode: DEMO.areaCode, phone: DEMO.phone, password: DEMO.password },
    });
    expect(signIn.status()).toBe(200);
    await page.goto(`${origin}/`);
    await hydrated(page);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    await page.getByRole("button", { name: "Copy invitation code" }).click();
    await expect(page.getByTestId("toasts")).toHaveText("Copy Successful !");
    await screen(page, "fi-17-copied-http", { fullPage: false });
    // What was copied is the code (read back from a secure page of the same browser).
    await context.grantPermissions(["clipboard-read"], { origin: `http://127.0.0.1:${port}` });
    const reader = await context.newPage();
    await reader.goto(`http://127.0.0.1:${port}/pages/login/login`);
    const code = await page.getByText(DEMO.invitation, { exact: true }).textContent();
    expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });
});

test.describe("18 · countdowns without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    test(`they count down by CSS, then the page refreshes into the next round (motion: ${reducedMotion})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.emulateMedia({ reducedMotion });
      await login(page, DEMO.phone, DEMO.password);
      await page.goto(`${GAME_PATH}?level=1&coin=GOLD`);
      const first = secondsIn(await shownCountdown(page, "round-countdown"));
      const rendered = await countdownSeconds(page, "round-countdown");
      expect(first).toBeLessThanOrEqual(rendered);
      if (first < 4) {
        // Too close to the draw to watch it count: wait for the refresh into the next round.
        await page.waitForEvent("load", { timeout: 30_000 });
      }
      const samples: number[] = [];
      for (let i = 0; i < 6; i++) {
        samples.push(secondsIn(await shownCountdown(page, "round-countdown")));
        await page.waitForTimeout(500);
      }
      expect(
        samples.every((s, i) => i === 0 || s <= samples[i - 1]),
        JSON.stringify(samples),
      ).toBe(true);
      expect(samples[0] - samples[samples.length - 1], JSON.stringify(samples)).toBeGreaterThanOrEqual(2);
      await screen(page, `fi-18-nojs-countdown-${reducedMotion}`, { fullPage: false });

      // At betting's end the bet countdown shows 0:00 and the board says it is closed.
      // Until then the board's buttons are at full strength (they were dimmed from the start);
      // then they dim with the lock.
      const green = page.getByRole("button", { name: "Bet on Green", exact: true });
      const betLeft = secondsIn(await shownCountdown(page, "bet-countdown"));
      if (betLeft >= 2) await expect(green).toHaveCSS("opacity", "1");
      await page.waitForTimeout((betLeft + 1) * 1000);
      expect(await shownCountdown(page, "bet-countdown")).toBe("0:00");
      await expect(green).toHaveCSS("opacity", "0.5");
      await expect(page.getByTestId("board-locked")).toBeVisible();
      await expect(page.getByTestId("board-locked")).toHaveText("Betting is closed for this round");
      await screen(page, `fi-18-nojs-closed-${reducedMotion}`, { fullPage: false });

      // And the refresh at the round's end brings the next round.
      const before = (await page.getByTestId("round-id").textContent()) ?? "";
      await page.waitForEvent("load", { timeout: 15_000 });
      await expect(page.getByTestId("round-id")).not.toHaveText(before);
    });
  }

  test("the result popup labels each bet's stake", async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, DEMO.phone, DEMO.password);
    const game = `${GAME_PATH}?level=1&coin=GOLD`;
    let data = await pageJson<{ round: { id: string; remaining: { bet: number } }; formKey: string }>(
      page.request,
      game,
    );
    if (data.round.remaining.bet < 3) {
      await page.waitForTimeout((data.round.remaining.bet + 6) * 1000);
      data = await pageJson(page.request, game);
    }
    const placed = await postJson(page.request, game, {
      intent: "bet",
      gameSessionId: data.round.id,
      betName: "Big",
      baseAmount: "1",
      betMultiples: "1",
      coin: "GOLD",
      level: "1",
      idempotencyKey: data.formKey,
    });
    expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    const popup = page.getByRole("dialog", { name: `Result of round ${data.round.id}` });
    await expect(async () => {
      await page.goto(game);
      await expect(popup).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    await expect(popup.getByRole("listitem")).toHaveCount(1);
    await expect(popup.getByRole("listitem")).toContainText(`Stake ${shown(1)}`);
    await screen(page, "fi-16-result-popup-stake", { fullPage: false });
    await popup.getByRole("button", { name: "OK" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
});
