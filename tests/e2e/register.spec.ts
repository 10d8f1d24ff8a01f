import { type APIRequestContext, type Page, expect, test } from "@playwright/test";
import {
  DEMO,
  LOGIN_PATH,
  accountJson,
  hydrated,
  postJson,
  readSmsCode,
  screen,
  smsCodes,
  uniquePhone,
} from "./fixtures";

/**
 * Registration through the real form, as a new player does it: the invitation code is optional
 * (left empty, no parent) and not case-sensitive (typed in lower case, the inviter is the parent).
 * Both once with JavaScript and once without.
 */

const CODE_SENT = "A code is on its way. If this number already has an account, we text you that instead.";

/** The demo player's id (the inviter of DEMO8888), read through its own signed-in context. */
async function demoId(request: APIRequestContext): Promise<number> {
  const signedIn = await postJson(request, LOGIN_PATH, {
    areaCode: DEMO.areaCode,
    phone: DEMO.phone,
    password: DEMO.password,
  });
  expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  return ((await accountJson(request)) as unknown as { id: number }).id;
}

/** Fills the register form (the code read from the core's log) and submits it. */
async function register(page: Page, phone: string, invitationCode: string) {
  const form = page.locator("form#register");
  // The length rule is said before a first try is refused for it.
  await expect(form.getByLabel("Password", { exact: true })).toHaveAccessibleDescription(
    "6 to 32 characters",
  );
  await form.getByLabel("Country code").selectOption("91");
  await form.getByLabel("Phone number").fill(phone);
  const before = smsCodes(phone).length;
  await form.getByRole("button", { name: "Send code" }).click();
  await expect(form.getByText(CODE_SENT)).toBeVisible();
  const code = await readSmsCode(phone, { after: before });
  await form.getByLabel("SMS verification code").fill(code);
  // "Send code" checked the phone only: the fields not reached yet show no error while the code is typed.
  await expect(form.getByLabel("SMS verification code")).toHaveValue(code);
  await expect(form.getByLabel("Password", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Confirm password")).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Please enter the login password")).toHaveCount(0);
  await form.getByLabel("Password", { exact: true }).fill("colour123");
  await form.getByLabel("Confirm password").fill("colour123");
  await form.getByLabel("Invitation code (optional)").fill(invitationCode);
  await form.getByLabel("I confirm that I am 18 years or older").check();
  await form.getByRole("button", { name: "Register", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/" || url.pathname === "/pages/home/home");
  await expect(page.getByText("Registration successful!")).toBeVisible();
}

test("with JavaScript: registers with the invitation code left empty, without a parent", async ({ page }) => {
  const phone = uniquePhone();
  await page.goto(`${LOGIN_PATH}?tab=register`);
  await hydrated(page);
  await register(page, phone, "");
  const user = (await accountJson(page.request)) as unknown as { phone: string; parentId: number | null };
  expect(user.phone).toBe(phone);
  expect(user.parentId).toBeNull();
  await screen(page, "register-01-empty-invitation-home");
});

test("with JavaScript: registers with the invitation code typed in lower case", async ({ page, request }) => {
  const inviter = await demoId(request);
  await page.goto(`${LOGIN_PATH}?tab=register`);
  await hydrated(page);
  await register(page, uniquePhone(), DEMO.invitation.toLowerCase());
  const user = (await accountJson(page.request)) as unknown as { parentId: number | null };
  expect(user.parentId).toBe(inviter);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("registers with a lower-case invitation code, and with none", async ({ page, request }) => {
    const inviter = await demoId(request);
    await page.goto(`${LOGIN_PATH}?tab=register`);
    await register(page, uniquePhone(), ` ${DEMO.invitation.toLowerCase()} `);
    expect(((await accountJson(page.request)) as unknown as { parentId: number | null }).parentId).toBe(
      inviter,
    );
    await screen(page, "register-02-nojs-lower-case-home");

    // Signed out again (a new visitor on this phone), the next one leaves the code empty.
    await page.context().clearCookies();
    await page.goto(`${LOGIN_PATH}?tab=register`);
    await register(page, uniquePhone(), "");
    expect(((await accountJson(page.request)) as unknown as { parentId: number | null }).parentId).toBeNull();
  });

  test("the code can be asked for again: the button is not left disabled, and an early press says how long to wait", async ({
    page,
  }) => {
    await page.goto(`${LOGIN_PATH}?tab=register`);
    const form = page.locator("form#register");
    const phone = uniquePhone();
    await form.getByLabel("Country code").selectOption("91");
    await form.getByLabel("Phone number").fill(phone);
    await form.getByRole("button", { name: "Send code" }).click();
    await expect(form.getByText(CODE_SENT)).toBeVisible();
    const sent = smsCodes(phone).length;
    // Nothing ticks without JavaScript: a disabled "Retry in 60 s" would stay so until a reload
    // (which would post the form again).
    const again = form.getByRole("button", { name: /Retry in \d+ s/ });
    await expect(again).toBeEnabled();
    await again.click();
    // Said under the code's field, beside the button (not at the foot of the form, out of sight).
    await expect(form.getByLabel("SMS verification code")).toHaveAccessibleDescription(
      /Please wait \d+ s before asking for a new code/,
    );
    await expect(form.getByLabel("Phone number")).toHaveValue(phone);
    expect(smsCodes(phone)).toHaveLength(sent);
  });
});
