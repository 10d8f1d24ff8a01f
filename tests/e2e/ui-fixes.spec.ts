import { type Locator, type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import {
  ACCOUNT_PATH,
  DEMO,
  GAME_PATH,
  PROFILE_PATH,
  accountJson,
  betInNextRound,
  drawnDigit,
  gameJson,
  hydrated,
  login,
  openRound,
  operator,
  pageJson,
  postJson,
  registerPlayer,
  registerPlayerWithChips,
  screen,
  shown,
  toCents,
} from "./fixtures";

/**
 * The UI fixes at 360 × 740: the no-JS bet popup (− / + / quick multiples / Enter re-render it by
 * GET with the right total), toasts at the bottom that fade out with and without JS, the past
 * results table in six languages, aligned result popup amounts, translated titles, the dark
 * theme switch, the profile card's spacing, the bet details 404, and the main pages' bar actions,
 * buttons, figures and tables in every language's words, for the demo player and a rich one.
 */

const LANGUAGES = ["en-US", "zh-CN", "ja-JP", "fr-FR", "de-DE", "ko-KR"] as const;
const JSON_HEADERS = { accept: "application/json" };

/** Whether two boxes overlap (by more than half a pixel). */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

/**
 * What does not fit the phone's width on the page shown (runs in the page): the bar's actions
 * (off screen, cut, over the title), buttons whose words overflow, are off centre or touch the
 * pill's edge, the team's rewards title under its button, a page that scrolls sideways, a text cut
 * or overflowing its own box (a figure, a label), a text or table that sticks out of its card, and
 * a chip or a tab whose words wrap, and a word broken in two.
 * Text inside a part that clips or scrolls on purpose (the room row, the notice ticker) is left out.
 */
function fitProblems(): string[] {
  const out: string[] = [];
  const box = (el: Element) => el.getBoundingClientRect();
  const textBox = (el: Element) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return range.getBoundingClientRect();
  };
  // The part of an element's text on screen: a truncated title's clipped end is not.
  const shownText = (el: Element) => {
    const text = textBox(el);
    const clip = box(el);
    const left = Math.max(text.left, clip.left);
    return new DOMRect(left, text.top, Math.max(0, Math.min(text.right, clip.right) - left), text.height);
  };
  // A line that ends inside a word: two letters of one word on two lines ("Violet" / "t" in a
  // button, where scrollWidth does not see it, or "Einsatzrabat" / "t" in a table head, which grows
  // instead). Scripts that break between any two letters (CJK, Hangul) are left out.
  const breaksInsideAWord = (el: Element) => {
    const letter = /[\p{L}\p{N}]/u;
    const anyBreak = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
    for (const node of el.childNodes) {
      const text = node.textContent ?? "";
      if (node.nodeType !== Node.TEXT_NODE || text.trim().length < 2) continue;
      const range = document.createRange();
      // One line (its first and last letters side by side) breaks nothing: the usual case, cheap.
      range.selectNodeContents(node);
      const lines = range.getClientRects();
      if (lines.length < 2 || lines[lines.length - 1].top - lines[0].top < lines[0].height / 2) continue;
      let lastTop: number | null = null;
      for (let i = 0; i < text.length; i++) {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        // A character's own box is its last: after a soft hyphen the next letter's range also
        // holds the hyphen drawn at the end of the line above.
        const rects = range.getClientRects();
        const r = rects[rects.length - 1];
        if (!r || r.height === 0) continue;
        if (lastTop !== null && r.top > lastTop + r.height / 2) {
          const [a, b] = [text[i - 1], text[i]];
          if (letter.test(a) && letter.test(b) && !anyBreak.test(a) && !anyBreak.test(b)) return true;
        }
        lastTop = r.top;
      }
    }
    return false;
  };
  const cross = (a: DOMRect, b: DOMRect) =>
    a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const header = document.querySelector("header");
  const title = header?.querySelector("h1");
  for (const action of header?.querySelectorAll("a") ?? []) {
    const a = box(action);
    if (a.left < 0 || a.right > window.innerWidth + 0.5)
      out.push(`bar action "${action.textContent}" off screen`);
    if (action.scrollWidth > action.clientWidth + 1)
      out.push(`bar action "${action.textContent}" does not fit its box`);
    if (title && cross(a, shownText(title))) out.push(`bar action "${action.textContent}" over the title`);
  }
  for (const button of document.querySelectorAll('main [class*="btn-"]')) {
    const b = box(button);
    if (b.width === 0) continue;
    const text = textBox(button);
    const name = `button "${button.textContent?.trim()}"`;
    if (button.scrollWidth > button.clientWidth + 1) out.push(`${name} overflows`);
    if (Math.abs(text.left - b.left - (b.right - text.right)) > 2) out.push(`${name} not centred`);
    if (text.top - b.top < 4 || b.bottom - text.bottom < 4) out.push(`${name} touches its edge`);
  }
  const rewards = document.getElementById("rewards-title");
  const claim = rewards?.closest("section")?.querySelector('a[class*="btn-"]');
  if (rewards && claim && cross(textBox(rewards), box(claim)))
    out.push("rewards title under the claim button");
  if (document.documentElement.scrollWidth > window.innerWidth + 0.5) out.push("the page scrolls sideways");
  const clipsOnPurpose = (el: Element, until: Element | null) => {
    for (let a = el.parentElement; a && a !== until; a = a.parentElement)
      if (getComputedStyle(a).overflowX !== "visible") return true;
    return false;
  };
  for (const el of document.querySelectorAll<HTMLElement>("main *")) {
    const text = el.textContent?.trim() ?? "";
    if (el.childElementCount > 0 || !text || el.closest(".sr-only")) continue;
    const name = `"${text.slice(0, 40)}"`;
    if (el.clientWidth > 2 && el.scrollWidth > el.clientWidth + 1) out.push(`${name} cut or overflowing`);
    // A word broken in two to fit its box ("Glücksra" / "d"): break-words keeps the layout, not
    // the word. Hashes, addresses and links (monospace or break-all) are meant to break.
    const style = getComputedStyle(el);
    if (
      style.overflowWrap !== "normal" &&
      style.wordBreak !== "break-all" &&
      !/mono/.test(style.fontFamily)
    ) {
      const was = el.style.overflowWrap;
      el.style.overflowWrap = "normal";
      const broken = el.clientWidth > 2 && el.scrollWidth > el.clientWidth + 1;
      el.style.overflowWrap = was;
      if (broken || breaksInsideAWord(el)) out.push(`${name} breaks a word`);
    }
    const card = el.closest(".card, section, li");
    if (!card || clipsOnPurpose(el, card)) continue;
    const t = textBox(el);
    const c = box(card);
    if (t.width > 0 && (t.right > c.right + 0.5 || t.left < c.left - 0.5))
      out.push(`${name} sticks out of its card`);
  }
  // A chip (a short choice, three to a row) or a tab of a switch keeps its words on one line.
  for (const chip of document.querySelectorAll("main label:has(input[type=radio]), main nav a")) {
    if (getComputedStyle(chip).justifyContent !== "center") continue;
    const words = [...chip.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
    if (!words) continue;
    const range = document.createRange();
    range.selectNodeContents(words);
    const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    if (lines.size > 1) out.push(`chip or tab "${words.textContent?.trim()}" wraps`);
  }
  for (const table of document.querySelectorAll("main table")) {
    const card = table.closest(".card, section");
    if (card && !clipsOnPurpose(table, card) && box(table).right > box(card).right + 0.5)
      out.push("a table is wider than its card");
  }
  return [...new Set(out)];
}

/** The pages that show the player's money, in figures that grow with it. */
const MONEY_PAGES = [
  PAGES.home,
  PAGES.gameList,
  PAGES.account,
  PAGES.withdrawal,
  PAGES.recharge,
  PAGES.exchange,
  PAGES.pledge,
  PAGES.assetRecords,
  PAGES.betRecord,
  PAGES.jackpot,
  PAGES.team,
  PAGES.claimBonus,
  PAGES.responsiblePlay,
  PAGES.rules,
];

/** fitProblems of each page in each language, as "language path: problem"; back to en-US after. */
async function fitInEveryLanguage(
  page: Page,
  pages: string[],
  languages: readonly string[] = LANGUAGES,
): Promise<string[]> {
  const found: string[] = [];
  for (const lang of languages) {
    expect((await postJson(page.request, "/resources/lang", { lang })).status).toBe(200);
    for (const path of pages) {
      await page.goto(path);
      found.push(...(await page.evaluate(fitProblems)).map((problem) => `${lang} ${path}: ${problem}`));
    }
  }
  await postJson(page.request, "/resources/lang", { lang: "en-US" });
  return found;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the bet popup re-renders by GET with the right total; the toast fades out", async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, DEMO.phone, DEMO.password);
    const game = `${GAME_PATH}?level=1&coin=GOLD`;
    const data = await gameJson(page.request, 1, "GOLD");
    const quick = (
      (await (await page.request.get(game, { headers: JSON_HEADERS })).json()) as { multiples: number[] }
    ).multiples;
    expect(data.baseAmounts).toContain(10);
    await openRound(page, game, 12);
    const before = await accountJson(page.request);

    await page.getByRole("button", { name: "Bet on Green", exact: true }).click();
    const dialog = page.getByRole("dialog");
    const multiple = dialog.getByLabel("Multiple", { exact: true });
    const total = dialog.locator("output");
    await expect(dialog).toBeVisible();
    await expect(total).toHaveText(shown(1));
    await expect(dialog.getByText("Total = base amount × multiple", { exact: false })).toBeVisible();

    await test.step("+ keeps the chosen base and the typed multiple, and adds one", async () => {
      await dialog.getByText(shown(10), { exact: true }).click();
      await multiple.fill("2");
      await dialog.getByRole("button", { name: "Increase the multiple" }).click();
      await page.waitForURL((url) => url.searchParams.get("step") === "1");
      await expect(multiple).toHaveValue("3");
      await expect(dialog.getByRole("radio", { name: shown(10), exact: true })).toBeChecked();
      await expect(total).toHaveText(shown(30));
    });

    await test.step("a quick multiple sets it, highlighted", async () => {
      const m = quick[1] ?? quick[0];
      await dialog.getByRole("button", { name: `×${m}`, exact: true }).click();
      await page.waitForURL((url) => url.searchParams.get("setMultiple") === String(m));
      await expect(multiple).toHaveValue(String(m));
      await expect(dialog.getByRole("button", { name: `×${m}`, exact: true })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(total).toHaveText(shown(10 * m));
    });

    await test.step("Enter in the multiple updates the total (it places no bet)", async () => {
      await multiple.fill("4");
      await multiple.press("Enter");
      await page.waitForURL((url) => url.searchParams.get("step") === "0");
      await expect(multiple).toHaveValue("4");
      await expect(total).toHaveText(shown(40));
      expect(toCents((await accountJson(page.request)).gold)).toBe(toCents(before.gold));
    });

    await test.step("− takes one off", async () => {
      await dialog.getByRole("button", { name: "Decrease the multiple" }).click();
      await page.waitForURL((url) => url.searchParams.get("step") === "-1");
      await expect(multiple).toHaveValue("3");
      await expect(total).toHaveText(shown(30));
      await screen(page, "ui-nojs-bet-popup", { fullPage: false });
    });

    await test.step("confirm charges what the popup showed; the toast sits low and fades out", async () => {
      await dialog.getByRole("button", { name: "Confirm bet" }).click();
      await page.waitForURL((url) => url.pathname === GAME_PATH && !url.searchParams.has("betName"));
      const toast = page.getByTestId("toasts").getByText("Bet placed successfully");
      await expect(toast).toBeVisible();
      const box = await toast.boundingBox();
      const balance = await page.getByTestId("balance").boundingBox();
      expect(box && balance).toBeTruthy();
      if (box && balance) {
        expect(overlaps(box, balance)).toBe(false);
        expect(box.y).toBeGreaterThan(740 / 2);
        expect(box.y + box.height).toBeLessThanOrEqual(740);
      }
      await screen(page, "ui-nojs-toast", { fullPage: false });
      await expect(page.getByTestId("balance")).toHaveText(shown((toCents(before.gold) - toCents(30)) / 100));
      // Pure CSS: hidden after 1.5 s + a 0.3 s fade, no script needed.
      await expect(toast).toBeHidden({ timeout: 3_000 });
    });
  });
});

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await login(page, DEMO.phone, DEMO.password);
  });

  test("the past results table fits 360 px in all six languages", async ({ page }) => {
    for (const lang of LANGUAGES) {
      expect((await postJson(page.request, "/resources/lang", { lang })).status).toBe(200);
      await page.goto(`${GAME_PATH}?level=1&coin=CHIP`);
      await expect(page.locator("table thead th")).toHaveCount(4);
      const problems = await page.evaluate(() => {
        const out: string[] = [];
        const table = document.querySelector("table") as HTMLTableElement;
        const card = table.closest("section") as HTMLElement;
        const cardBox = card.getBoundingClientRect();
        if (table.getBoundingClientRect().right > cardBox.right + 0.5) out.push("table wider than its card");
        if (document.documentElement.scrollWidth > window.innerWidth) out.push("page scrolls sideways");
        const heads = [...table.querySelectorAll("thead th")] as HTMLElement[];
        heads.forEach((th, i) => {
          if (th.scrollWidth > th.clientWidth + 1) out.push(`header ${i} overflows its cell`);
          const next = heads[i + 1];
          if (next && th.getBoundingClientRect().right > next.getBoundingClientRect().left + 0.5)
            out.push(`header ${i} overlaps header ${i + 1}`);
        });
        for (const td of table.querySelectorAll("tbody td") as NodeListOf<HTMLElement>)
          if (td.scrollWidth > td.clientWidth + 1) out.push(`cell "${td.textContent}" overflows`);
        return out;
      });
      expect(problems, lang).toEqual([]);
      await page.locator("table").scrollIntoViewIfNeeded();
      await screen(page, `ui-results-${lang}`, { fullPage: false });
    }
    await postJson(page.request, "/resources/lang", { lang: "en-US" });
  });

  // One test a language: 29 pages each, so that a slow machine does not run six languages' pages
  // against one test's time.
  for (const lang of LANGUAGES)
    test(`long words fit at 360 px in ${lang}: the bar's action, wrapped buttons, the rewards title`, async ({
      page,
    }) => {
      const pages = [
        ...MONEY_PAGES,
        `${GAME_PATH}?level=1&coin=CHIP`,
        PAGES.blogger,
        PAGES.fairness,
        PAGES.bankCard,
        PAGES.notice,
        PAGES.myProfile,
        PAGES.verify,
        PAGES.followRecords,
        PAGES.yesterdayJackpot,
        PAGES.rechargeRecords,
        PAGES.rechargeURecords,
        PAGES.withdrawalRecords,
        PAGES.withdrawalURecords,
        PAGES.loginPassword,
        PAGES.paymentPassword,
      ];
      const found = await fitInEveryLanguage(page, pages, [lang]);
      expect(found).toEqual([]);
    });

  test("toasts show at the bottom, clear of the content, and go away", async ({ page }) => {
    await page.goto(ACCOUNT_PATH);
    await hydrated(page);
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent("app:toast", {
          detail: { id: "t-1", type: "success", message: "Copy Successful !" },
        }),
      ),
    );
    const toast = page.getByTestId("toasts").getByText("Copy Successful !");
    await expect(toast).toBeVisible();
    const box = await toast.boundingBox();
    const tabBar = await page.locator(".z-tabbar").boundingBox();
    expect(box).toBeTruthy();
    if (box) {
      expect(box.y).toBeGreaterThan(740 / 2);
      if (tabBar) expect(box.y + box.height).toBeLessThanOrEqual(tabBar.y + 0.5);
    }
    await expect(page.getByTestId("toasts")).toHaveAttribute("aria-live", "polite");
    await screen(page, "ui-js-toast", { fullPage: false });
    await expect(toast).toHaveCount(0, { timeout: 4_000 });
  });

  test("pages have translated titles", async ({ page }) => {
    await page.goto("/pages/betRecord/betRecord");
    await expect(page).toHaveTitle("Bet record · Colour Lottery");
    await page.goto(PROFILE_PATH);
    await expect(page).toHaveTitle("My profile · Colour Lottery");
    expect((await postJson(page.request, "/resources/lang", { lang: "fr-FR" })).status).toBe(200);
    await page.goto(ACCOUNT_PATH);
    await expect(page).toHaveTitle(/^[^·]+ · Colour Lottery$/);
    expect(await page.title()).not.toBe("Account · Colour Lottery");
    await postJson(page.request, "/resources/lang", { lang: "en-US" });
    await page.goto(`${GAME_PATH}?level=1&coin=CHIP`);
    await expect(page).toHaveTitle("Colour game · Colour Lottery");
  });

  test("the theme control is a labelled switch; the profile card has no extra top gap", async ({ page }) => {
    await page.goto(ACCOUNT_PATH);
    await hydrated(page);
    const toggle = page.getByRole("switch", { name: "Dark theme" });
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(toggle).toHaveText("Off");
    await toggle.click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("switch", { name: "Dark theme" })).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("switch", { name: "Dark theme" })).toHaveText("On");
    await screen(page, "ui-account-dark", { fullPage: false });
    await page.getByRole("switch", { name: "Dark theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
    await screen(page, "ui-account", { fullPage: false });

    await page.goto(PROFILE_PATH);
    const gap = await page.evaluate(() => {
      const input = document.querySelector('input[name="intent"][value="profile"]') as HTMLInputElement;
      const card = input.closest("form") as HTMLFormElement;
      const first = [...card.children].find((el) => el !== input) as HTMLElement;
      const padding = Number.parseFloat(getComputedStyle(card).paddingTop);
      return first.getBoundingClientRect().top - card.getBoundingClientRect().top - padding;
    });
    expect(Math.abs(gap)).toBeLessThan(1);
    await screen(page, "ui-profile", { fullPage: false });
  });

  test("an address that is no page says so and leads home, without offering to try again", async ({
    page,
  }) => {
    const res = await page.goto("/pages/nope/nope");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go home" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Try again" })).toHaveCount(0);
  });

  test("a bet that is not the player's shows a clear 404", async ({ page }) => {
    const res = await page.goto("/pages/betRecord/betDetails/betDetails?id=987654321");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Bet not found" })).toBeVisible();
    await expect(page.getByTestId("empty-state")).toContainText("This bet was not found.");
    await expect(page.getByRole("link", { name: "Back to bet record" })).toBeVisible();
    await expect(page).toHaveTitle("Bet details · Colour Lottery");
  });

  test("the result popup lines up the amounts of tags of different widths", async ({ page }) => {
    test.setTimeout(120_000);
    await openRound(page, `${GAME_PATH}?level=1&coin=POINT`, 4);
    const data = await gameJson(page.request, 1, "POINT");
    const round = data.round;
    expect(round).toBeTruthy();
    const base = data.baseAmounts[0];
    for (const [betName, multiple] of [
      ["Violet", "12"],
      ["7", "1"],
      ["Small", "150"],
    ] as const) {
      const placed = await postJson(page.request, GAME_PATH, {
        intent: "bet",
        gameSessionId: String(round?.id),
        betName,
        baseAmount: String(base),
        betMultiples: multiple,
        coin: "POINT",
        level: "1",
        idempotencyKey: crypto.randomUUID(),
      });
      expect(placed.body.code, JSON.stringify(placed.body)).toBe(200);
    }
    await page.reload();
    await hydrated(page);
    const popup = page.getByRole("dialog", { name: `Result of round ${round?.id}` });
    await expect(popup).toBeVisible({ timeout: 60_000 });
    const rows = popup.locator("ul > li");
    await expect(rows).toHaveCount(3);
    const edges = await rows.evaluateAll((items) =>
      items.map((li) => {
        const cells = [...li.children] as HTMLElement[];
        const amount = cells[cells.length - 1].getBoundingClientRect();
        return {
          tagLeft: cells[0].getBoundingClientRect().left,
          statusLeft: cells[1].getBoundingClientRect().left,
          amountRight: amount.right,
        };
      }),
    );
    for (const e of edges.slice(1)) {
      expect(Math.abs(e.amountRight - edges[0].amountRight)).toBeLessThan(0.5);
      expect(Math.abs(e.statusLeft - edges[0].statusLeft)).toBeLessThan(0.5);
      expect(Math.abs(e.tagLeft - edges[0].tagLeft)).toBeLessThan(0.5);
    }
    await screen(page, "ui-result-popup", { fullPage: false });
  });
});

test("a rich player's figures fit at 360 px in every language: balances, turnover, rooms, records", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A bet of ₹5,000 in room 1 (balances up to ₹10,000) gives a turnover, a record and a rebate.
  const player = await registerPlayerWithChips(page.request, "8000");
  await betInNextRound(page.request, { betName: "Red", baseAmount: "100", betMultiples: "50" });
  for (const [coin, amount] of [
    ["CHIP", "9876543.21"],
    ["GOLD", "98765432.10"],
    ["POINT", "98765432.10"],
  ])
    await operator(page.request, "/users/credit", { phone: player.phone, coin, amount });
  const records = await pageJson<{ rows: Array<{ id: string }> }>(page.request, PAGES.betRecord);
  const pages = [
    ...MONEY_PAGES,
    `${GAME_PATH}?level=3&coin=CHIP`,
    `${PAGES.betDetails}?id=${records.rows[0].id}`,
  ];
  const found = await fitInEveryLanguage(page, pages);
  await page.goto(PAGES.exchange);
  await screen(page, "ui-rich-exchange", { fullPage: false });
  expect(found).toEqual([]);
});

test("a 320 px phone fits the densest pages in every language, a rich player's included", async ({
  page,
}) => {
  test.setTimeout(240_000);
  // 320 × 640: "Violett" on the bet board, "Einsatzrabatt" over the team's rates, "Auszahlung"
  // beside "Umtausch" under a balance above every room, "Glücksrad" on a lobby tile each broke
  // in two there.
  await page.setViewportSize({ width: 320, height: 640 });
  const player = await registerPlayerWithChips(page.request, "98765432.10");
  for (const [coin, amount] of [
    ["GOLD", "1234567"],
    ["POINT", "7654321"],
  ])
    await operator(page.request, "/users/credit", { phone: player.phone, coin, amount });
  const found = await fitInEveryLanguage(page, [
    ...MONEY_PAGES.filter((path) => path !== PAGES.responsiblePlay && path !== PAGES.rules),
    `${GAME_PATH}?level=1&coin=CHIP`,
    PAGES.rechargeRecords,
    PAGES.withdrawalRecords,
  ]);
  await postJson(page.request, "/resources/lang", { lang: "de-DE" });
  await page.goto(`${GAME_PATH}?level=1&coin=CHIP`);
  await screen(page, "ui-320-game-de", { fullPage: false });
  expect(found).toEqual([]);
});

test("the bet record names each bet's room, and a gold or points amount its coin", async ({ page }) => {
  const player = await registerPlayer(page.request);
  for (const coin of ["CHIP", "GOLD"])
    await operator(page.request, "/users/credit", { phone: player.phone, coin, amount: "100" });
  await betInNextRound(
    page.request,
    { betName: "Green", baseAmount: "10", betMultiples: "1" },
    { coin: "GOLD" },
  );
  await betInNextRound(page.request, { betName: "Red", baseAmount: "10", betMultiples: "2" });
  await page.goto(PAGES.betRecord);
  const rows = page.locator("main ul > li");
  await expect(rows).toHaveCount(2);
  // Newest first: the chip bet, then the gold one.
  await expect(rows.nth(0)).toContainText("₹20.00");
  await expect(rows.nth(0)).toContainText(/Primary · \d/);
  await expect(rows.nth(1)).toContainText("10.00 Gold");
  await expect(rows.nth(1)).toContainText(/Primary · \d/);
  // Beside a long outcome ("Waiting for the draw", French "En attente du tirage") the round id
  // keeps one line, here and in the game's own list of the player's bets.
  const oneLine = (locator: Locator) =>
    locator.evaluateAll((spans) =>
      spans.every(
        (s) => s.getBoundingClientRect().height < 1.5 * Number.parseFloat(getComputedStyle(s).lineHeight),
      ),
    );
  await expect(rows.nth(0)).toContainText("Waiting for the draw");
  expect(await oneLine(page.getByTestId("bet-round"))).toBe(true);
  await screen(page, "ui-bet-record-rooms", { fullPage: false });
  await postJson(page.request, "/resources/lang", { lang: "fr-FR" });
  await page.goto(`${GAME_PATH}?level=1&coin=CHIP&tab=myRecords`);
  await expect(page.getByTestId("bet-round")).toHaveCount(1);
  expect(await oneLine(page.getByTestId("bet-round"))).toBe(true);
  await postJson(page.request, "/resources/lang", { lang: "en-US" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a balance above every room is told so once, with the ways back: withdraw or exchange", async ({
    page,
  }) => {
    // The largest room takes balances up to ₹10,000,000.
    await registerPlayerWithChips(page.request, "12000000");
    await page.goto(PAGES.gameList);
    const card = page.getByTestId("no-room-fits");
    await expect(card).toContainText(
      "Your balance is above every room here: the largest takes up to ₹10,000,000.00.",
    );
    await expect(card.getByRole("link", { name: "Withdrawal" })).toHaveAttribute("href", PAGES.withdrawal);
    await expect(card.getByRole("link", { name: "Exchange" })).toHaveAttribute("href", PAGES.exchange);
    await screen(page, "ui-no-room-fits", { fullPage: false });
    // A coin where a room fits says nothing of the kind.
    await page.goto(`${PAGES.gameList}?coin=GOLD`);
    await expect(page.getByTestId("room-1")).toBeVisible();
    await expect(page.getByTestId("no-room-fits")).toHaveCount(0);
  });
});

test("a player short of chips is offered the recharge: beside the game's balance and in the bet sheet", async ({
  page,
}) => {
  // A new player's first tap on a colour: the balance is ₹0.00, below the smallest bet (₹1).
  const player = await registerPlayer(page.request);
  const game = `${GAME_PATH}?level=1&coin=CHIP`;
  await openRound(page, game);
  await hydrated(page);
  await expect(page.getByTestId("game-top-up")).toHaveText("Recharge");
  await expect(page.getByTestId("game-top-up")).toHaveAttribute("href", PAGES.recharge);
  await page.getByRole("button", { name: "Bet on Green", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("sheet-problem")).toHaveText(
    "Your balance of ₹0.00 is less than the smallest bet, ₹1.00.",
  );
  await expect(dialog.getByRole("button", { name: "Confirm bet" })).toBeDisabled();
  await screen(page, "ui-bet-sheet-no-chips", { fullPage: false });
  const recharge = dialog.getByRole("link", { name: "Recharge" });
  await recharge.click();
  await page.waitForURL((url) => url.pathname === PAGES.recharge);

  // Enough for a small bet but not for this one: the smaller choice is suggested, and the recharge offered.
  await operator(page.request, "/users/credit", { phone: player.phone, coin: "CHIP", amount: "5" });
  await openRound(page, game);
  await hydrated(page);
  await page.getByRole("button", { name: "Bet on Green", exact: true }).click();
  await dialog.getByRole("radio", { name: "₹10.00", exact: true }).check({ force: true });
  await expect(dialog.getByTestId("sheet-problem")).toHaveText(
    "This is more than your balance of ₹5.00. Choose a smaller amount or multiple.",
  );
  await expect(dialog.getByTestId("sheet-top-up")).toHaveAttribute("href", PAGES.recharge);
  await dialog.getByRole("radio", { name: "₹1.00", exact: true }).check({ force: true });
  await expect(dialog.getByTestId("sheet-problem")).toHaveCount(0);
  await expect(dialog.getByTestId("sheet-top-up")).toHaveCount(0);

  // Gold is exchanged from chips; points come only from play, so their room offers nothing.
  await page.goto(`${GAME_PATH}?level=1&coin=GOLD`);
  await expect(page.getByTestId("game-top-up")).toHaveText("Exchange");
  await expect(page.getByTestId("game-top-up")).toHaveAttribute("href", PAGES.exchange);
  await page.goto(`${GAME_PATH}?level=1&coin=POINT`);
  await expect(page.getByTestId("balance")).toBeVisible();
  await expect(page.getByTestId("game-top-up")).toHaveCount(0);
});

test("the bet details keep each label's words whole beside the long commitment, in every language", async ({
  page,
}) => {
  await registerPlayerWithChips(page.request, "10");
  await betInNextRound(page.request, { betName: "Red", baseAmount: "1", betMultiples: "1" });
  const records = await pageJson<{ rows: Array<{ id: string }> }>(page.request, PAGES.betRecord);
  const broken: string[] = [];
  for (const lang of LANGUAGES) {
    await postJson(page.request, "/resources/lang", { lang });
    await page.goto(`${PAGES.betDetails}?id=${records.rows[0].id}`);
    await expect(page.getByTestId("bet-commitment")).toBeVisible();
    // A word of a label on two lines ("Comm" / "itment"): its range has two line boxes.
    const found = await page.locator("main dt").evaluateAll((labels) =>
      labels.flatMap((dt) => {
        const text = dt.textContent ?? "";
        const node = dt.firstChild;
        if (!node || node.nodeType !== Node.TEXT_NODE) return [];
        const out: string[] = [];
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index ?? 0);
          range.setEnd(node, (match.index ?? 0) + match[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) out.push(match[0]);
        }
        return out;
      }),
    );
    broken.push(...found.map((word) => `${lang}: ${word}`));
    if (lang === "en-US") await screen(page, "ui-bet-details-commitment", { fullPage: false });
  }
  await postJson(page.request, "/resources/lang", { lang: "en-US" });
  expect(broken).toEqual([]);
});

test("a bet not drawn yet says so once, with the draw to come, and its status once drawn", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await login(page, DEMO.phone, DEMO.password);
  // A round with time to spare, so that it is still undrawn while the page is read.
  let roundId = "";
  await expect
    .poll(
      async () => {
        const game = await gameJson(page.request, 2);
        if (!game.round || game.round.remaining.bet < 12) return false;
        const answer = await postJson(page.request, `${GAME_PATH}?level=2&coin=CHIP`, {
          intent: "bet",
          gameSessionId: game.round.id,
          betName: "Green",
          baseAmount: String(game.baseAmounts[0]),
          betMultiples: "1",
          coin: "CHIP",
          level: "2",
        });
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        roundId = game.round.id;
        return true;
      },
      { timeout: 45_000, intervals: [1000] },
    )
    .toBe(true);
  const records = await pageJson<{ rows: Array<{ id: string; gameSessionId: string }> }>(
    page.request,
    PAGES.betRecord,
  );
  const bet = records.rows.find((r) => String(r.gameSessionId) === roundId);
  if (!bet) throw new Error("the bet is not in the record");
  await page.goto(`${PAGES.betDetails}?id=${bet.id}`);
  const details = page.locator("main dl");
  // Before: "Waiting for the draw" as the result and again as the status, a win of ₹0.00 and
  // "Drawn at" a time still to come.
  await expect(details.getByText("Waiting for the draw")).toHaveCount(1);
  await expect(details.locator("dt", { hasText: /^Status$/ })).toHaveCount(0);
  await expect(details.locator("dt", { hasText: /^Win$/ })).toHaveCount(0);
  await expect(details.locator("dt", { hasText: /^Draw at$/ })).toHaveCount(1);
  await expect(details.locator("dt", { hasText: /^Drawn at$/ })).toHaveCount(0);
  await screen(page, "ui-bet-details-pending", { fullPage: false });

  await drawnDigit(page.request, roundId);
  await page.reload();
  await expect(details.locator("dt", { hasText: /^Status$/ })).toHaveCount(1);
  await expect(details.locator("dt", { hasText: /^Drawn at$/ })).toHaveCount(1);
  await expect(details.getByText("Waiting for the draw")).toHaveCount(0);
});
