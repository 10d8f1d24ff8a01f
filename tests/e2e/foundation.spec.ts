import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type Page, expect, test } from "@playwright/test";
import {
  ACCOUNT_PATH,
  DEMO,
  LOGIN_PATH,
  NOTICE_PATH,
  PROFILE_PATH,
  TINY_PNG,
  accountJson,
  hydrated,
  login,
  money,
  readSmsCode,
  screen,
  smsCodes,
  uniquePhone,
} from "./fixtures";

test.use({ viewport: { width: 360, height: 740 }, javaScriptEnabled: true });

/** The zh-CN text of a key of locales/zh-CN/<ns>.json (the lead fills the non-English locales). */
function zh(ns: string, key: string): string {
  const file = resolve(process.cwd(), "locales/zh-CN", `${ns}.json`);
  if (!existsSync(file)) throw new Error(`${file} is missing: the zh-CN translation cannot be checked`);
  let value: unknown = JSON.parse(readFileSync(file, "utf8"));
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  if (typeof value !== "string") throw new Error(`locales/zh-CN/${ns}.json has no "${key}"`);
  return value;
}

async function expectBalances(page: Page, chip: number, gold: number, point: number) {
  await expect(page.getByTestId("balance-chip")).toHaveText(money(chip, "CHIP"));
  await expect(page.getByTestId("balance-gold")).toHaveText(money(gold, "GOLD"));
  await expect(page.getByTestId("balance-point")).toHaveText(money(point, "POINT"));
}

async function logOutFromAccount(page: Page) {
  await page.goto(ACCOUNT_PATH);
  await hydrated(page);
  await page.getByRole("button", { name: "Log out" }).click();
  await page.waitForURL((url) => url.pathname === LOGIN_PATH);
  await expect(page.getByText("Logged Out Successfully!")).toBeVisible();
}

test("a new player registers, logs in again, edits the profile, changes settings, reads a notice", async ({
  page,
  context,
}) => {
  const phone = uniquePhone();
  const password = "colour123";

  await test.step("registers with invitation code DEMO8888", async () => {
    await page.goto(`${LOGIN_PATH}?tab=register`);
    await hydrated(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Register");
    const form = page.locator("form#register");
    await form.getByLabel("Country code").selectOption("91");
    await form.getByLabel("Phone number").fill(phone);
    const before = smsCodes(phone).length;
    await form.getByRole("button", { name: "Send code" }).click();
    // The same words whether or not the number has an account (no user enumeration).
    await expect(
      form.getByText(
        "A code is on its way. If this number already has an account, we text you that instead.",
      ),
    ).toBeVisible();
    await expect(form.getByRole("button", { name: /Retry in \d+ s/ })).toBeDisabled();
    const code = await readSmsCode(phone, { after: before });
    await form.getByLabel("SMS verification code").fill(code);
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByLabel("Confirm password").fill(password);
    await form.getByLabel("Invitation code (optional)").fill("DEMO8888");
    await form.getByLabel("I confirm that I am 18 years or older").check();
    await screen(page, "01-register-filled");
    await form.getByRole("button", { name: "Register", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/pages/home/home");
    await expect(page.getByText("Registration successful!")).toBeVisible();
    await expectBalances(page, 0, 0, 0);
    await screen(page, "02-home-new-player");
  });

  await test.step("logs out and logs in again through the real form", async () => {
    await logOutFromAccount(page);
    await screen(page, "03-logged-out");
    await login(page, phone, password);
    await expect(page.getByText("Logged in successfully")).toBeVisible();
    await expectBalances(page, 0, 0, 0);
    await expect(page.getByText(phone).first()).toBeVisible();
    await page.goto(ACCOUNT_PATH);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
    await expectBalances(page, 0, 0, 0);
    await screen(page, "04-account-new-player");
    // Scrolled to the end, the last controls are not hidden behind the fixed tab bar.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await screen(page, "04b-account-bottom", { fullPage: false });
    const version = page.getByText(/^Version /);
    const tabBar = page.getByRole("navigation", { name: "Main" });
    const [versionBox, tabBox] = [await version.boundingBox(), await tabBar.boundingBox()];
    expect(versionBox && tabBox && versionBox.y + versionBox.height <= tabBox.y).toBe(true);
  });

  await test.step("changes the nickname", async () => {
    await page.goto(PROFILE_PATH);
    await hydrated(page);
    const nick = `Player ${phone.slice(-4)}`;
    await page.getByLabel("Nickname").fill(nick);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Submission successful!")).toBeVisible();
    expect((await accountJson(page.request)).nickName).toBe(nick);
    await page.goto("/");
    await expect(page.getByText(nick)).toBeVisible();
  });

  await test.step("uploads an avatar", async () => {
    await page.goto(PROFILE_PATH);
    await hydrated(page);
    await page
      .getByLabel("Avatar")
      .setInputFiles({ name: "avatar.png", mimeType: "image/png", buffer: TINY_PNG });
    // The chosen file's name, under the page's own (translated) picture button.
    await expect(page.getByText("avatar.png")).toBeVisible();
    await page.getByRole("button", { name: "Upload avatar" }).click();
    await expect(page.getByText("Submission successful!")).toBeVisible();
    const { headUrl } = await accountJson(page.request);
    expect(headUrl).toBeTruthy();
    // The avatar is shown (and loads) on the profile page and in the user navbar.
    const img = page.locator(`main img[src="${headUrl}"]`);
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await screen(page, "05-profile-after-upload");
    await page.goto("/");
    await expect(page.locator(`header img[src="${headUrl}"]`)).toBeVisible();
  });

  await test.step("switches the language to zh-CN and back", async () => {
    await page.goto(ACCOUNT_PATH);
    await hydrated(page);
    await page.getByLabel("Language").selectOption("zh-CN");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await screen(page, "06-account-zh-CN");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(zh("account", "account.title"));
    await expect(page.getByRole("button", { name: zh("account", "account.logout") })).toBeVisible();
    // A page is sent its own translations (decision 052): a navigation in the browser to a page of
    // another namespace (the rooms, "game") brings that page's, and its title reads in zh-CN.
    await page.getByRole("link", { name: zh("common", "tab.points") }).click();
    await page.waitForURL(/\/pages\/game\/gameList/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(zh("game", "gameList.title"));
    await expect(page).toHaveTitle(new RegExp(`^${zh("game", "gameList.title")} · `));
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(zh("account", "account.title"));
    await page.locator('select[name="lang"]').selectOption("en-US");
    await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Account");
  });

  await test.step("switches the theme to dark and back", async () => {
    await page.goto(ACCOUNT_PATH);
    await hydrated(page);
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
    const darkTheme = page.getByRole("switch", { name: "Dark theme" });
    await expect(darkTheme).toHaveAttribute("aria-checked", "false");
    await darkTheme.click();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/\bdark\b/);
    await screen(page, "07-account-dark");
    await page.goto("/");
    await screen(page, "08-home-dark");
    await page.goto(ACCOUNT_PATH);
    await hydrated(page);
    await expect(page.getByRole("switch", { name: "Dark theme" })).toHaveAttribute("aria-checked", "true");
    await page.getByRole("switch", { name: "Dark theme" }).click();
    await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
  });

  await test.step("reads a notice: detail page, then marked read in the list", async () => {
    await page.goto(NOTICE_PATH);
    await hydrated(page);
    const first = page.getByRole("main").getByRole("listitem").first();
    await expect(first.getByRole("img", { name: "Unread" })).toBeVisible();
    const title = (await first.locator("span.truncate").innerText()).trim();
    await screen(page, "09-notices-unread");
    // The router fetches the page's data (no side effect, decision 073); the page, once shown,
    // marks the notice read with a POST.
    const marked = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/pages/notice/noticeDetail/noticeDetail"),
    );
    await first.getByRole("link").click();
    await page.waitForURL(/\/pages\/notice\/noticeDetail\/noticeDetail\?id=\d+/);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(title);
    expect((await marked).ok()).toBe(true);
    await screen(page, "10-notice-detail");
    // Marking it read leaves no second entry in the history: Back leads to the list.
    await page.waitForLoadState("networkidle");
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${NOTICE_PATH}$`));
    await page.goto(NOTICE_PATH);
    const same = page.getByRole("main").getByRole("listitem").filter({ hasText: title });
    await expect(same).toHaveCount(1);
    await expect(same.getByRole("img", { name: "Unread" })).toHaveCount(0);
    // The others stay unread.
    await expect(page.getByRole("main").getByRole("img", { name: "Unread" }).first()).toBeVisible();
    await screen(page, "11-notices-after-read");
  });

  await test.step("copies the invitation code", async () => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/");
    await hydrated(page);
    const { invitation } = await accountJson(page.request);
    await expect(page.getByText(invitation, { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Copy invitation code" }).click();
    await expect(page.getByText("Copy Successful !")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invitation);
    await screen(page, "12-home-copied");
  });

  await test.step("customer service without an address says so", async () => {
    await page.goto(ACCOUNT_PATH);
    await hydrated(page);
    await page.getByRole("button", { name: "Customer service" }).click();
    await expect(page.getByText("Customer service address not set")).toBeVisible();
  });

  await test.step("logs out", async () => {
    await logOutFromAccount(page);
    await screen(page, "13-login-after-logout");
    // Signed out for real: a signed-in page sends back to the login page.
    await page.goto(ACCOUNT_PATH);
    await page.waitForURL((url) => url.pathname === LOGIN_PATH);
  });
});

test("the demo player sees the balances the account JSON has", async ({ page }) => {
  await login(page, DEMO.phone, DEMO.password);
  const user = await accountJson(page.request);
  expect(user.invitation).toBe(DEMO.invitation);
  expect(user.chip + user.gold + user.point).toBeGreaterThan(0);
  await page.goto("/");
  await expectBalances(page, user.chip, user.gold, user.point);
  await screen(page, "20-home-demo");
  await page.goto(ACCOUNT_PATH);
  await expectBalances(page, user.chip, user.gold, user.point);
  await screen(page, "21-account-demo");
});
