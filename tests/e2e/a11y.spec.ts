import { resolve } from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import { ACCOUNT_PATH, DEMO, LOGIN_PATH, NOTICE_PATH, PROFILE_PATH, hydrated, login } from "./fixtures";

/** axe-core is injected as a script; the app's nonce-based CSP would block it, so bypass CSP here. */
test.use({ bypassCSP: true });

const AXE = resolve(process.cwd(), "node_modules/axe-core/axe.min.js");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/** Runs axe on the current page; answers the serious and critical violations, readable. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const { violations, passes } = await page.evaluate(async () => {
    type Axe = {
      run: (ctx: Document, opts: object) => Promise<{ violations: unknown[]; passes: unknown[] }>;
    };
    const result = await (window as unknown as { axe: Axe }).axe.run(document, {});
    return { violations: result.violations, passes: result.passes.length };
  });
  // axe really ran and checked something.
  expect(passes).toBeGreaterThan(10);
  return (violations as AxeViolation[])
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 5)
          .map(
            (n) =>
              `${n.target.join(" ")}${n.failureSummary ? ` (${n.failureSummary.replace(/\s+/g, " ")})` : ""}`,
          )
          .join("; ")}`,
    );
}

/** The wallet pages of the assets domain (exchange, staking, asset records). */
const WALLET_PAGES = [PAGES.exchange, PAGES.pledge, PAGES.assetRecords];

async function check(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
  // Let toasts and transitions settle so axe sees the page as a player does.
  await page.waitForTimeout(300);
  const found = await seriousViolations(page);
  expect(found, `${path}:\n${found.join("\n")}`).toEqual([]);
}

/** Checks each page in the light theme, then in the dark one, and leaves the light one set. */
async function checkInBothThemes(page: Page, paths: string[]) {
  for (const theme of ["light", "dark"]) {
    const res = await page.request.post("/resources/theme", {
      form: { theme },
      headers: { accept: "application/json" },
    });
    expect(res.status()).toBe(200);
    for (const path of paths) await test.step(`${theme} ${path}`, () => check(page, path));
  }
  await page.request.post("/resources/theme", {
    form: { theme: "light" },
    headers: { accept: "application/json" },
  });
}

test("login page (log in, register, forgot) has no serious or critical violations", async ({ page }) => {
  await check(page, LOGIN_PATH);
  await check(page, `${LOGIN_PATH}?tab=register`);
  await check(page, `${LOGIN_PATH}?tab=forgot`);
});

test("login form with errors shown has no serious or critical violations", async ({ page }) => {
  await page.goto(LOGIN_PATH);
  await hydrated(page);
  await page.locator("form#login").getByRole("button", { name: "Log in" }).click();
  await expect(page.getByText("Please enter your phone number")).toBeVisible();
  const found = await seriousViolations(page);
  expect(found, found.join("\n")).toEqual([]);
});

test("signed-in pages have no serious or critical violations", async ({ page }) => {
  await login(page, DEMO.phone, DEMO.password);
  for (const path of ["/", ACCOUNT_PATH, PROFILE_PATH, NOTICE_PATH, ...WALLET_PAGES]) {
    await test.step(path, () => check(page, path));
  }
  await test.step("notice detail", async () => {
    await page.goto(NOTICE_PATH);
    const href = await page.getByRole("main").getByRole("link").first().getAttribute("href");
    expect(href).toBeTruthy();
    await check(page, href ?? NOTICE_PATH);
  });
});

test("signed-in pages in the dark theme have no serious or critical violations", async ({ page }) => {
  await login(page, DEMO.phone, DEMO.password);
  const res = await page.request.post("/resources/theme", {
    form: { theme: "dark", redirectTo: ACCOUNT_PATH },
    headers: { accept: "application/json" },
  });
  expect(res.status()).toBe(200);
  for (const path of ["/", ACCOUNT_PATH, PROFILE_PATH, NOTICE_PATH, ...WALLET_PAGES]) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await check(page, path);
    });
  }
});

test("game pages, the bet sheet, verify and the empty states have no serious or critical violations, light and dark", async ({
  page,
}) => {
  await login(page, DEMO.phone, DEMO.password);
  const game = "/pages/game/game?level=1&coin=CHIP";
  const { round } = (await (
    await page.request.get(game, { headers: { accept: "application/json" } })
  ).json()) as {
    round: { id: string };
  };
  const paths = [
    "/pages/game/gameList?coin=CHIP",
    game,
    `${game}&betName=Red`,
    `${game}&tab=trend`,
    "/pages/game/rules",
    `/pages/game/verify?sessionId=${round.id}`,
    "/pages/game/verify",
    "/pages/betRecord/betRecord",
    "/pages/betRecord/betDetails/betDetails",
    "/pages/notice/noticeDetail/noticeDetail",
  ];
  await checkInBothThemes(page, paths);
});

test("team, rewards, jackpot, bloggers, fairness and protection pages have no serious or critical violations, light and dark", async ({
  page,
}) => {
  await login(page, DEMO.phone, DEMO.password);
  const paths = [
    PAGES.team,
    `${PAGES.team}?level=2`,
    PAGES.claimBonus,
    PAGES.jackpot,
    PAGES.yesterdayJackpot,
    PAGES.blogger,
    PAGES.followRecords,
    PAGES.fairness,
    PAGES.responsiblePlay,
  ];
  await checkInBothThemes(page, paths);
});
