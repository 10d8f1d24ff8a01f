import { type BrowserContext, expect, test } from "@playwright/test";
import { createSealedCookie } from "../../app/utils/sealed-cookie.server";
import { ACCOUNT_PATH, DEMO, LOGIN_PATH, login } from "./fixtures";

/**
 * The session cookie as a person (or whoever copies it out of the browser) has it: sealed, so it
 * shows nothing; a changed one is a logged-out visitor; a sign-in left idle past its timeout sends
 * the player to the login page, which brings them back where they were.
 *
 * The test knows the server's secret (playwright.config.ts), so it can open the cookie as the
 * server does and write one with an older `seenAt`, as the browser would hold it 31 minutes later.
 */
const sealed = createSealedCookie("__session", { secrets: ["e2e-secret-not-for-production"] });

async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "__session");
  if (!cookie) throw new Error("no __session cookie");
  return cookie;
}

async function replaceSession(context: BrowserContext, value: string) {
  const cookie = await sessionCookie(context);
  await context.clearCookies({ name: "__session" });
  await context.addCookies([{ ...cookie, value }]);
}

test("the cookie a signed-in browser holds shows neither the token nor the session's fields", async ({
  page,
  context,
}) => {
  await login(page, DEMO.phone, DEMO.password);
  const { value, httpOnly, sameSite } = await sessionCookie(context);
  expect(httpOnly).toBe(true);
  expect(sameSite).toBe("Lax");
  expect(value).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
  const data = await sealed.parse(`__session=${value}`);
  expect(data.token).toMatch(/^[0-9a-f]{64}$/);
  const readings = [value, ...value.split(".")].flatMap((part) => [
    part,
    Buffer.from(part, "base64").toString("latin1"),
    Buffer.from(part, "base64url").toString("latin1"),
    Buffer.from(part, "base64url").toString("hex"),
  ]);
  for (const text of readings) {
    for (const secret of [data.token, "token", "deviceId", "seenAt", data.deviceId]) {
      expect(text).not.toContain(secret);
    }
  }
  // Nor does any page: the token is not in the HTML or the JSON of the account page.
  await page.goto(ACCOUNT_PATH);
  expect(await page.content()).not.toContain(data.token);
  const json = await page.request.get(ACCOUNT_PATH, { headers: { accept: "application/json" } });
  expect(await json.text()).not.toContain(data.token);
});

test("a changed cookie is a logged-out visitor, never an error page", async ({ page, context }) => {
  await login(page, DEMO.phone, DEMO.password);
  const { value } = await sessionCookie(context);
  const body = value.slice(3);
  const middle = Math.floor(body.length / 2);
  const flipped = body.slice(0, middle) + (body[middle] === "A" ? "B" : "A") + body.slice(middle + 1);
  await replaceSession(context, `v1.${flipped}`);
  const response = await page.goto(ACCOUNT_PATH);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(
    (url) => url.pathname === LOGIN_PATH && url.searchParams.get("redirectTo") === ACCOUNT_PATH,
  );
  await expect(page.locator("form#login")).toBeVisible();
});

test("after 30 minutes without a request the player logs in again and comes back to the page", async ({
  page,
  context,
}) => {
  await login(page, DEMO.phone, DEMO.password);
  await page.goto(`${ACCOUNT_PATH}?from=idle`);
  await expect(page).toHaveURL((url) => url.pathname === ACCOUNT_PATH);

  const data = await sealed.parse(`__session=${(await sessionCookie(context)).value}`);
  const idle = { ...data, seenAt: Date.now() - 31 * 60_000, loginAt: Date.now() - 2 * 60 * 60_000 };
  const setCookie = await sealed.serialize(idle);
  await replaceSession(context, setCookie.split(";")[0].slice("__session=".length));

  await page.goto(`${ACCOUNT_PATH}?from=idle`);
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === LOGIN_PATH && url.searchParams.get("redirectTo") === `${ACCOUNT_PATH}?from=idle`,
  );
  // The cookie the browser holds now has no token left in it; the device id stayed.
  const after = await sealed.parse(`__session=${(await sessionCookie(context)).value}`);
  expect(after.token).toBeUndefined();
  expect(after.deviceId).toBe(data.deviceId);

  const form = page.locator("form#login");
  await form.getByLabel("Phone number").fill(DEMO.phone);
  await form.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await form.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL((url) => url.pathname === ACCOUNT_PATH && url.search === "?from=idle");
});
