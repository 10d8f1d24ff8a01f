import { expect, test } from "@playwright/test";
import { LOGIN_PATH, login, readSmsCode, registerPlayer, screen, smsCodes } from "./fixtures";

/**
 * "Forgot password" on a device the player signed in on: the code it was sent still resets the
 * password when a stranger asks for a code for the same phone in the meantime (decision 079; the
 * stranger's request used to replace it).
 */
test("the owner's reset code still works after a stranger asked for one", async ({ page, playwright }) => {
  test.setTimeout(150_000);
  // Registered (which signs in) in this browser context: its device is trusted for the phone.
  const player = await registerPlayer(page.request);
  const registered = Date.now();
  const out = await page.request.post(`${LOGIN_PATH}?intent=logout`);
  expect(out.ok()).toBe(true);

  await page.goto(`${LOGIN_PATH}?tab=forgot`);
  const form = page.locator("form#forgot");
  await form.getByLabel("Phone number").fill(player.phone);
  const before = smsCodes(player.phone).length;
  await form.getByRole("button", { name: "Send code" }).click();
  const mine = await readSmsCode(player.phone, { after: before });

  // A stranger (another device, no cookie) asks for a reset code for the same phone, once the
  // minute since the registration's code (a stranger's request too) is over.
  await page.waitForTimeout(Math.max(0, registered + 61_000 - Date.now()));
  const stranger = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const asked = await stranger.post(LOGIN_PATH, {
    headers: { accept: "application/json" },
    form: { intent: "sendSms", purpose: "forgot", areaCode: "91", phone: player.phone },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const theirs = await readSmsCode(player.phone, { after: before + 1 });
  await stranger.dispose();
  expect(smsCodes(player.phone)).toHaveLength(before + 2);

  const filled = page.locator("form#forgot");
  await expect(filled.getByLabel("Phone number")).toHaveValue(player.phone);
  await filled.getByLabel("SMS verification code").fill(mine);
  await filled.getByLabel("New password").fill("renewed123");
  await filled.getByLabel("Confirm password").fill("renewed123");
  await filled.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Your password has been reset. Please log in.")).toBeVisible();
  await screen(page, "reset-code-after-stranger");

  // The stranger's code was spent with it: no second reset.
  const again = await page.request.post(LOGIN_PATH, {
    headers: { accept: "application/json" },
    form: {
      intent: "forgot",
      areaCode: "91",
      phone: player.phone,
      smsCode: theirs,
      password: "hijacked123",
      confirmPassword: "hijacked123",
    },
  });
  expect(again.status(), await again.text()).toBe(400);
  await login(page, player.phone, "renewed123");
});
