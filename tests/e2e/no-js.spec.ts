import { expect, test } from "@playwright/test";
import {
  ACCOUNT_PATH,
  LOGIN_PATH,
  PROFILE_PATH,
  TINY_PNG,
  accountJson,
  login,
  registerPlayer,
  screen,
} from "./fixtures";

/** Everything here works as plain HTML forms: the server renders each resulting page. */
test.use({ javaScriptEnabled: false });

test("without JavaScript: log in, change the nickname, log out", async ({ page, request }) => {
  // Registered through a separate request context, so the page starts signed out.
  const player = await registerPlayer(request);

  await test.step("logs in through the form", async () => {
    await login(page, player.phone, player.password);
    expect(new URL(page.url()).pathname).toBe("/");
    await expect(page.getByText("Logged in successfully")).toBeVisible();
    await expect(page.getByText(player.phone).first()).toBeVisible();
    await expect(page.getByTestId("balance-chip")).toHaveText("₹0.00");
    await screen(page, "30-nojs-home");
  });

  await test.step("changes the nickname", async () => {
    await page.goto(PROFILE_PATH);
    const nick = `NoJS ${player.phone.slice(-4)}`;
    await page.getByLabel("Nickname").fill(nick);
    await page.getByRole("button", { name: "Save" }).click();
    await page.waitForURL((url) => url.pathname === PROFILE_PATH);
    await expect(page.getByText("Submission successful!")).toBeVisible();
    await expect(page.getByLabel("Nickname")).toHaveValue(nick);
    expect((await accountJson(page.request)).nickName).toBe(nick);
    await page.goto(ACCOUNT_PATH);
    await expect(page.getByText(nick)).toBeVisible();
    await screen(page, "31-nojs-account");
  });

  await test.step("uploads an avatar with the page's own picture button", async () => {
    await page.goto(PROFILE_PATH);
    // The browser's file button would speak the browser's language: the page's own says what is chosen.
    await expect(page.getByText("No picture chosen")).toBeVisible();
    await expect(page.getByText("Choose a picture")).toBeVisible();
    await page
      .getByLabel("Avatar")
      .setInputFiles({ name: "avatar.png", mimeType: "image/png", buffer: TINY_PNG });
    await expect(page.getByText("Picture chosen", { exact: true })).toBeVisible();
    await expect(page.getByText("No picture chosen")).toBeHidden();
    await screen(page, "31b-nojs-avatar-chosen");
    await page.getByRole("button", { name: "Upload avatar" }).click();
    await page.waitForURL((url) => url.pathname === PROFILE_PATH);
    await expect(page.getByText("Submission successful!")).toBeVisible();
    expect((await accountJson(page.request)).headUrl).toBeTruthy();
  });

  await test.step("logs out", async () => {
    await page.goto(ACCOUNT_PATH);
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL((url) => url.pathname === LOGIN_PATH);
    await expect(page.getByText("Logged Out Successfully!")).toBeVisible();
    await screen(page, "32-nojs-logged-out");
    await page.goto(ACCOUNT_PATH);
    await page.waitForURL((url) => url.pathname === LOGIN_PATH);
  });
});
