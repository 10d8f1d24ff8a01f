import { type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";
import { DEMO, hydrated, login, postJson, screen } from "./fixtures";

/**
 * The account page's menu reads like the apps players already use (ui.md): short titled sections
 * of rows, each row with its icon. It was one list of 16 text rows, longer than two screens at
 * 360 × 740. Each row keeps its name (the icon is hidden from assistive technology) and its page.
 */
const SECTIONS: Array<[string, Array<[string, string]>]> = [
  [
    "Wallet",
    [
      ["Asset records", PAGES.assetRecords],
      ["Recharge", PAGES.recharge],
      ["Withdrawal", PAGES.withdrawal],
      ["Bank cards", PAGES.bankCard],
      ["Exchange", PAGES.exchange],
      ["Staking", PAGES.pledge],
    ],
  ],
  [
    "Play",
    [
      ["Bet record", PAGES.betRecord],
      ["Follow records", PAGES.followRecords],
      ["Responsible play", PAGES.responsiblePlay],
    ],
  ],
  [
    "Community",
    [
      ["Team", PAGES.team],
      ["Bloggers", PAGES.blogger],
      ["Notices", PAGES.notice],
    ],
  ],
  [
    "Profile and security",
    [
      ["My profile", PAGES.myProfile],
      ["Login password", PAGES.loginPassword],
      ["Payment password", PAGES.paymentPassword],
    ],
  ],
];

async function expectSections(page: Page) {
  const menu = page.getByRole("navigation", { name: "Account menu" });
  for (const [title, rows] of SECTIONS) {
    const section = menu.getByRole("region", { name: title, exact: true });
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(title);
    const links = section.getByRole("link");
    await expect(links).toHaveCount(rows.length);
    for (const [i, [name, href]] of rows.entries()) {
      await expect(links.nth(i)).toHaveAccessibleName(name);
      await expect(links.nth(i)).toHaveAttribute("href", href);
      await expect(links.nth(i).locator('svg[aria-hidden="true"]')).toHaveCount(2); // icon and arrow
    }
  }
  const help = menu.getByRole("region", { name: "Help", exact: true });
  await expect(help.getByRole("button")).toHaveAccessibleName("Customer service");
  await expect(help.getByRole("button").locator('svg[aria-hidden="true"]')).toHaveCount(2);
}

test("the account menu is in titled sections, each row with its icon, with and without JavaScript", async ({
  browser,
}) => {
  for (const javaScriptEnabled of [true, false]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await login(page, DEMO.phone, DEMO.password);
    await page.goto(PAGES.account);
    if (javaScriptEnabled) await hydrated(page);
    await expectSections(page);
    await context.close();
  }
});

test("the menu's icons follow the theme, and at 200 % text each row's one-word name stays whole", async ({
  page,
}) => {
  await login(page, DEMO.phone, DEMO.password);
  const iconColour = () =>
    page
      .getByRole("navigation", { name: "Account menu" })
      .getByRole("link", { name: "Recharge", exact: true })
      .locator("svg")
      .first()
      .evaluate((svg) => getComputedStyle(svg).color);
  await page.goto(PAGES.account);
  const light = await iconColour();
  expect((await postJson(page.request, "/resources/theme", { theme: "dark" })).status).toBe(200);
  await page.goto(PAGES.account);
  expect(await iconColour()).not.toBe(light);
  await screen(page, "account-menu-dark");
  await postJson(page.request, "/resources/theme", { theme: "light" });

  await page.goto(PAGES.account);
  await hydrated(page);
  await page.evaluate(() => {
    document.documentElement.style.fontSize = "200%";
  });
  // A one-word name on two lines is broken inside the word ("Withdr|awal"): the icon, the arrow and
  // the row's padding are in px so that the name keeps its room.
  const broken = await page.getByRole("navigation", { name: "Account menu" }).evaluate((nav) =>
    [...nav.querySelectorAll<HTMLElement>("a > span:not(:has(svg)), button > span:not(:has(svg))")]
      .filter((span) => !span.textContent?.includes(" "))
      .filter(
        (span) =>
          span.getBoundingClientRect().height > 1.8 * Number.parseFloat(getComputedStyle(span).fontSize),
      )
      .map((span) => span.textContent),
  );
  expect(broken).toEqual([]);
});
