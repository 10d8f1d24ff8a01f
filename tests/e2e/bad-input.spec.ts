import { type APIRequestContext, type BrowserContext, type Page, expect, test } from "@playwright/test";
import {
  ACCOUNT_PATH,
  DEMO,
  LOGIN_PATH,
  PROFILE_PATH,
  TINY_PNG,
  accountJson,
  hydrated,
  postJson,
  registerPlayer,
} from "./fixtures";

/**
 * Bad input to every form: empty, far too long, wrong types, markup. Each must answer a clear
 * message (in the page, and as JSON with a 4xx) and change nothing.
 */

const LONG = "a".repeat(10_000);
const LONG_DIGITS = "9".repeat(10_000);
const SCRIPT = "<script>alert(1)</script>";
const LOGIN_PASSWORD_PATH = "/pages/loginPassword/loginPassword";
const PAYMENT_PASSWORD_PATH = "/pages/paymentPassword/paymentPassword";

/** Fails the test if any script we typed ever runs (alert → dialog). */
function noDialogs(page: Page) {
  page.on("dialog", async (dialog) => {
    await dialog.dismiss();
    throw new Error(`A dialog opened: "${dialog.message()}" (injected markup ran)`);
  });
}

/** Opens `path` hydrated, failing the test if any script typed there runs. */
async function openWatched(page: Page, path: string) {
  noDialogs(page);
  await page.goto(path);
  await hydrated(page);
}

/** Opens `path` as openWatched does; answers its `form#id`. */
async function openForm(page: Page, path: string, id: string) {
  await openWatched(page, path);
  return page.locator(`form#${id}`);
}

/** Opens `path` as openWatched does and presses Save with nothing filled in; answers the Save button. */
async function saveEmpty(page: Page, path: string) {
  await openWatched(page, path);
  const save = page.getByRole("button", { name: "Save" });
  await save.click();
  return save;
}

/** A form posted as JSON, the field it must be refused on, and the message that field must show. */
type Refusal = [form: Record<string, string>, field: string, message: string | RegExp];

/**
 * Each form of `refusals` posted to `path` gets the JSON answer of a refused form: a 4xx, ok
 * false, and the expected readable message on its field.
 */
async function expectRefused(request: APIRequestContext, path: string, refusals: Refusal[]) {
  for (const [form, field, message] of refusals) {
    const { status, body } = await postJson(request, path, form);
    const label = `${path} ${JSON.stringify(form).slice(0, 120)} → ${status} ${JSON.stringify(body).slice(0, 300)}`;
    expect(status, label).toBeGreaterThanOrEqual(400);
    expect(status, label).toBeLessThan(500);
    expect(body.ok, label).toBe(false);
    const errors = (body.errors ?? {}) as Record<string, string[]>;
    const list = errors[field] ?? [];
    expect(
      list.some((m) => (typeof message === "string" ? m === message : message.test(m))),
      label,
    ).toBe(true);
    // Never an untranslated key, never a stack trace.
    for (const m of Object.values(errors).flat()) {
      expect(m, label).not.toMatch(/^validation\./);
      expect(m, label).not.toMatch(/\bat .+\.js:\d+/);
    }
  }
}

/** The account JSON answers 401 (signed out) for this context. */
async function expectSignedOut(request: APIRequestContext) {
  const res = await request.get(ACCOUNT_PATH, { headers: { accept: "application/json" } });
  expect(res.status()).toBe(401);
}

test.describe("login form", () => {
  test("shows clear messages in the page and signs nobody in", async ({ page }) => {
    const form = await openForm(page, LOGIN_PATH, "login");
    const submit = form.getByRole("button", { name: "Log in" });

    await submit.click();
    await expect(form.getByText("Please enter your phone number")).toBeVisible();
    await expect(form.getByText("Please enter the login password")).toBeVisible();

    await form.getByLabel("Phone number").fill("abcdefghij");
    await form.getByLabel("Password", { exact: true }).fill("whatever1");
    await submit.click();
    await expect(form.getByText("Enter a valid phone number (5 to 15 digits)")).toBeVisible();

    await form.getByLabel("Phone number").fill(LONG_DIGITS);
    await submit.click();
    await expect(form.getByText("Enter a valid phone number (5 to 15 digits)")).toBeVisible();

    await form.getByLabel("Phone number").fill(SCRIPT);
    await submit.click();
    await expect(form.getByText("Enter a valid phone number (5 to 15 digits)")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(LOGIN_PATH);
    await expectSignedOut(page.request);
  });

  test("the server refuses the same input as JSON", async ({ request }) => {
    const base = { intent: "login", areaCode: "91", phone: "8000000000", password: "secret123" };
    await expectRefused(request, LOGIN_PATH, [
      [{ intent: "login" }, "phone", "Please enter your phone number"],
      [{ ...base, phone: "" }, "phone", "Please enter your phone number"],
      [{ ...base, password: "" }, "password", /password/i],
      [{ ...base, phone: "abcdefghij" }, "phone", "Enter a valid phone number (5 to 15 digits)"],
      [{ ...base, phone: LONG_DIGITS }, "phone", "Enter a valid phone number (5 to 15 digits)"],
      [{ ...base, phone: SCRIPT }, "phone", /valid phone number/],
      [{ ...base, areaCode: "abc" }, "areaCode", "Choose a valid country code"],
      // A 10,000-character password is refused before it reaches the upstream, with a message
      // written for people (not zod's default "String must contain at most 128 character(s)").
      [{ ...base, password: LONG }, "password", /^(?!String must).*password/i],
    ]);
    await expectSignedOut(request);
  });
});

test.describe("register form", () => {
  test("shows clear messages in the page and registers nobody", async ({ page }) => {
    const form = await openForm(page, `${LOGIN_PATH}?tab=register`, "register");
    const submit = form.getByRole("button", { name: "Register", exact: true });

    await submit.click();
    await expect(form.getByText("Please enter your phone number")).toBeVisible();
    await expect(form.getByText("Please enter the SMS verification code")).toBeVisible();
    await expect(form.getByText("You must confirm that you are 18 or older")).toBeVisible();

    await form.getByLabel("Phone number").fill("phone-number");
    await form.getByLabel("SMS verification code").fill("abcdef");
    await form.getByLabel("Password", { exact: true }).fill(LONG);
    await form.getByLabel("Confirm password").fill("different");
    await form.getByLabel("Invitation code (optional)").fill(SCRIPT);
    await submit.click();
    await expect(form.getByText("Enter a valid phone number (5 to 15 digits)")).toBeVisible();
    await expect(form.getByText("The SMS verification code is 6 digits")).toBeVisible();
    await expect(form.getByText("The password must be 6 to 32 characters")).toBeVisible();
    await expect(form.getByText("The two passwords do not match")).toBeVisible();
    await expect(form.getByText("The invitation code is not valid")).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(LOGIN_PATH);
    await expectSignedOut(page.request);
  });

  test("the server refuses the same input as JSON", async ({ request }) => {
    const base = {
      intent: "register",
      areaCode: "91",
      phone: "8000000001",
      smsCode: "123456",
      password: "secret123",
      confirmPassword: "secret123",
      invitationCode: DEMO.invitation,
      ageConfirmed: "on",
    };
    await expectRefused(request, LOGIN_PATH, [
      [{ intent: "register" }, "phone", "Please enter your phone number"],
      [{ ...base, phone: "abc" }, "phone", /valid phone number/],
      [{ ...base, smsCode: "abcdef" }, "smsCode", /6 digits/],
      [{ ...base, smsCode: LONG_DIGITS }, "smsCode", /6 digits/],
      [
        { ...base, password: LONG, confirmPassword: LONG },
        "password",
        "The password must be 6 to 32 characters",
      ],
      [{ ...base, confirmPassword: "secret124" }, "confirmPassword", "The two passwords do not match"],
      [{ ...base, invitationCode: SCRIPT }, "invitationCode", "The invitation code is not valid"],
      [{ ...base, ageConfirmed: "" }, "ageConfirmed", "You must confirm that you are 18 or older"],
    ]);
    // Well-formed but never sent: the upstream refuses the code with a readable message.
    const { status, body } = await postJson(request, LOGIN_PATH, base);
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.ok).toBe(false);
    expect(String(body.message)).toMatch(/code/i);
    // SMS request with bad phones: refused before any code is sent.
    await expectRefused(request, LOGIN_PATH, [
      [{ intent: "sendSms", areaCode: "91", phone: SCRIPT }, "phone", /valid phone number/],
      [{ intent: "sendSms", areaCode: "91", phone: "" }, "phone", /phone/],
    ]);
    await expectSignedOut(request);
  });
});

test.describe("forgot password form", () => {
  test("shows clear messages and leaves the password as it was", async ({ page, request }) => {
    const form = await openForm(page, `${LOGIN_PATH}?tab=forgot`, "forgot");
    const submit = form.getByRole("button", { name: "Reset password" });
    await submit.click();
    await expect(form.getByText("Please enter your phone number")).toBeVisible();
    await expect(form.getByText("Please enter the SMS verification code")).toBeVisible();
    await form.getByLabel("Phone number").fill(DEMO.phone);
    await form.getByLabel("SMS verification code").fill("12ab56");
    await form.getByLabel("New password").fill("x");
    await form.getByLabel("Confirm password").fill("y");
    await submit.click();
    await expect(form.getByText("The SMS verification code is 6 digits")).toBeVisible();
    await expect(form.getByText("The password must be 6 to 32 characters")).toBeVisible();
    await expect(form.getByText("The two passwords do not match")).toBeVisible();

    const base = {
      intent: "forgot",
      areaCode: "91",
      phone: DEMO.phone,
      smsCode: "123456",
      password: "hacked123",
      confirmPassword: "hacked123",
    };
    await expectRefused(request, LOGIN_PATH, [
      [{ intent: "forgot" }, "phone", "Please enter your phone number"],
      [{ ...base, phone: LONG_DIGITS }, "phone", /valid phone number/],
      [{ ...base, smsCode: SCRIPT }, "smsCode", /6 digits/],
      [{ ...base, password: LONG, confirmPassword: LONG }, "password", /6 to 32 characters/],
    ]);
    // A well-formed but wrong code: refused by the upstream, the password stays.
    const wrong = await postJson(request, LOGIN_PATH, base);
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(String(wrong.body.message)).toMatch(/code/i);
    const login = await postJson(request, LOGIN_PATH, {
      intent: "login",
      areaCode: DEMO.areaCode,
      phone: DEMO.phone,
      password: DEMO.password,
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    expect(login.body.ok).toBe(true);
  });
});

test.describe("signed-in forms", () => {
  let cookies: Awaited<ReturnType<BrowserContext["cookies"]>> = [];
  let player = { phone: "", password: "" };

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    player = await registerPlayer(context.request);
    cookies = await context.cookies();
    await context.close();
  });

  test.beforeEach(async ({ context }) => {
    await context.addCookies(cookies);
  });

  test("nickname: empty, too long, markup — refused with a message, nothing saved", async ({ page }) => {
    const before = await accountJson(page.request);
    await openWatched(page, PROFILE_PATH);
    const nick = page.getByLabel("Nickname");
    const save = page.getByRole("button", { name: "Save" });

    await nick.fill("");
    await save.click();
    await expect(page.getByText("Please enter a nickname")).toBeVisible();

    await nick.fill("   ");
    await save.click();
    await expect(page.getByText("Please enter a nickname")).toBeVisible();

    // The input stops at 20 characters (maxlength); markup is refused.
    await nick.fill(SCRIPT);
    await save.click();
    await expect(page.getByText("The nickname contains characters that are not allowed")).toBeVisible();
    expect(await page.locator("script", { hasText: "alert(1)" }).count()).toBe(0);

    const after = await accountJson(page.request);
    expect(after.nickName).toBe(before.nickName);

    await expectRefused(page.request, PROFILE_PATH, [
      [{ intent: "profile", nickName: "" }, "nickName", /nickname/i],
      [{ intent: "profile", nickName: LONG }, "nickName", "The nickname can have at most 20 characters"],
      [
        { intent: "profile", nickName: SCRIPT },
        "nickName",
        "The nickname contains characters that are not allowed",
      ],
      [
        { intent: "profile", nickName: "<b>x</b>" },
        "nickName",
        "The nickname contains characters that are not allowed",
      ],
      [{ intent: "profile", nickName: "ok", sex: "7" }, "sex", /.+/],
    ]);
    expect((await accountJson(page.request)).nickName).toBe(before.nickName);
  });

  test("nickname: quotes and ampersands are saved and shown as text", async ({ page }) => {
    const tricky = `Tom & "J" 'x'`;
    await openWatched(page, PROFILE_PATH);
    await page.getByLabel("Nickname").fill(tricky);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Submission successful!")).toBeVisible();
    expect((await accountJson(page.request)).nickName).toBe(tricky);
    await page.goto("/");
    await expect(page.getByText(tricky, { exact: true })).toBeVisible();
  });

  test("avatar: no file, not an image, too large — refused, nothing saved", async ({ page }) => {
    const before = await accountJson(page.request);
    await page.goto(PROFILE_PATH);
    await hydrated(page);
    const upload = page.getByRole("button", { name: "Upload avatar" });
    await upload.click();
    await expect(page.getByText("Please choose an image to upload")).toBeVisible();
    await page
      .getByLabel("Avatar")
      .setInputFiles({ name: "evil.html", mimeType: "text/html", buffer: Buffer.from(SCRIPT) });
    await upload.click();
    await expect(page.getByText("Please choose a JPEG, PNG, WebP or GIF image")).toBeVisible();

    // The server checks the same, whatever the browser did.
    const json = { accept: "application/json" };
    const notImage = await page.request.post(PROFILE_PATH, {
      headers: json,
      multipart: { file: { name: "evil.html", mimeType: "text/html", buffer: Buffer.from(SCRIPT) } },
    });
    expect(notImage.status()).toBe(400);
    expect((await notImage.json()).message).toBe("Please choose a JPEG, PNG, WebP or GIF image");
    const empty = await page.request.post(PROFILE_PATH, {
      headers: json,
      multipart: { file: { name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) } },
    });
    expect(empty.status()).toBe(400);
    expect((await empty.json()).message).toBe("Please choose an image to upload");
    // Claims to be a PNG but is not one: the upstream refuses it with a message.
    const fake = await page.request.post(PROFILE_PATH, {
      headers: json,
      multipart: {
        file: { name: "fake.png", mimeType: "image/png", buffer: Buffer.from("not a png at all") },
      },
    });
    expect(fake.status(), await fake.text()).toBeGreaterThanOrEqual(400);
    expect(fake.status()).toBeLessThan(500);
    expect(String((await fake.json()).message)).toMatch(/image/i);
    // Over 5 MB: 413 with a message, and the connection stays usable for the next request (the
    // server must not leave the unread rest of the body on a kept-alive connection).
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(6 * 1024 * 1024)]);
    const tooLarge = await page.request.post(PROFILE_PATH, {
      headers: json,
      multipart: { file: { name: "big.png", mimeType: "image/png", buffer: big } },
    });
    expect(tooLarge.status()).toBe(413);
    expect((await tooLarge.json()).message).toBe("The image is too large");
    const next = await page.request.get(ACCOUNT_PATH, { headers: json, timeout: 10_000 });
    expect(next.status()).toBe(200);
    expect((await accountJson(page.request)).headUrl).toBe(before.headUrl);
  });

  test("login password: empty, letters, too long, mismatch — refused, password unchanged", async ({
    page,
    playwright,
  }) => {
    const save = await saveEmpty(page, LOGIN_PASSWORD_PATH);
    await expect(page.getByText("Please enter the SMS verification code")).toBeVisible();
    await expect(page.getByText("Please enter the login password")).toBeVisible();
    await page.getByLabel("SMS verification code").fill("abcdef");
    await page.getByLabel("New password").fill(LONG);
    await page.getByLabel("Confirm password").fill(SCRIPT);
    await save.click();
    await expect(page.getByText("The SMS verification code is 6 digits")).toBeVisible();
    await expect(page.getByText("The password must be 6 to 32 characters")).toBeVisible();
    await expect(page.getByText("The two passwords do not match")).toBeVisible();

    const base = { intent: "save", smsCode: "123456", password: "newpass1", confirmPassword: "newpass1" };
    await expectRefused(page.request, LOGIN_PASSWORD_PATH, [
      [{ intent: "save" }, "smsCode", /SMS verification code/],
      [{ ...base, smsCode: "abc" }, "smsCode", /6 digits/],
      [{ ...base, password: LONG, confirmPassword: LONG }, "password", /6 to 32 characters/],
      [{ ...base, confirmPassword: SCRIPT }, "confirmPassword", "The two passwords do not match"],
    ]);
    const wrong = await postJson(page.request, LOGIN_PASSWORD_PATH, base);
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(String(wrong.body.message)).toMatch(/code/i);

    // The old password still works, the new one does not.
    const fresh = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
    const ok = await postJson(fresh, LOGIN_PATH, {
      intent: "login",
      areaCode: "91",
      phone: player.phone,
      password: player.password,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    await fresh.dispose();
  });

  test("payment password: empty, letters, too long, mismatch — refused, nothing set", async ({ page }) => {
    const save = await saveEmpty(page, PAYMENT_PASSWORD_PATH);
    await expect(page.getByText("Please enter the SMS verification code")).toBeVisible();
    await page.getByLabel("Payment password (6 digits)").fill("abcdef");
    await page.getByLabel("Confirm password").fill("abcdef");
    await save.click();
    await expect(page.getByText("The payment password is 6 digits")).toBeVisible();

    const base = { intent: "save", smsCode: "123456", assetPassword: "123456", confirmPassword: "123456" };
    await expectRefused(page.request, PAYMENT_PASSWORD_PATH, [
      [{ intent: "save" }, "assetPassword", /payment password|transaction password/i],
      [
        { ...base, assetPassword: "abcdef", confirmPassword: "abcdef" },
        "assetPassword",
        "The payment password is 6 digits",
      ],
      [
        { ...base, assetPassword: LONG_DIGITS, confirmPassword: LONG_DIGITS },
        "assetPassword",
        "The payment password is 6 digits",
      ],
      [
        { ...base, assetPassword: SCRIPT, confirmPassword: SCRIPT },
        "assetPassword",
        "The payment password is 6 digits",
      ],
      [{ ...base, confirmPassword: "654321" }, "confirmPassword", "The two passwords do not match"],
      // The empty form's confirm message must be about the payment password, not the login one.
      [{ ...base, confirmPassword: "" }, "confirmPassword", /^(?!.*login).*$/i],
    ]);
    const wrong = await postJson(page.request, PAYMENT_PASSWORD_PATH, base);
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(400);
    expect(String(wrong.body.message)).toMatch(/code/i);
    expect((await accountJson(page.request)).hasAssetPassword).toBe(false);
  });
});

test.describe("without JavaScript the server shows the messages", () => {
  test.use({ javaScriptEnabled: false });

  test("login with nothing filled in", async ({ page }) => {
    await page.goto(LOGIN_PATH);
    await page.locator("form#login").getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Please enter your phone number")).toBeVisible();
    await expect(page.getByText("Please enter the login password")).toBeVisible();
    await expectSignedOut(page.request);
  });

  test("nickname with a script tag is refused and shown escaped", async ({ page, request }) => {
    const player = await registerPlayer(request);
    await page.goto(LOGIN_PATH);
    const form = page.locator("form#login");
    await form.getByLabel("Phone number").fill(player.phone);
    await form.getByLabel("Password", { exact: true }).fill(player.password);
    await form.getByRole("button", { name: "Log in" }).click();
    await page.waitForURL((url) => url.pathname !== LOGIN_PATH);
    await page.goto(PROFILE_PATH);
    await page.getByLabel("Nickname").fill(SCRIPT);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The nickname contains characters that are not allowed")).toBeVisible();
    expect(await page.locator("script", { hasText: "alert(1)" }).count()).toBe(0);
    expect((await accountJson(page.request)).nickName).toBeNull();
  });
});
