import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type APIRequestContext, type Page, expect } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";

/**
 * Helpers shared by the end-to-end specs. None of them is a Playwright fixture: each is a plain
 * function taking a page or a request context, so any spec (or a script) can call them.
 */

/** Same directory as playwright.config.ts's E2E_DIR (same env var): the web server tees its log there. */
export const E2E_DIR = process.env.E2E_DIR ?? "data/e2e";
export const APP_LOG = resolve(process.cwd(), E2E_DIR, "app.log");
export const SCREENS_DIR = resolve(process.cwd(), "test-results/screens");

export const DEMO = {
  areaCode: "91",
  phone: "9000000001",
  password: "demo1234",
  invitation: "DEMO8888",
} as const;

export const LOGIN_PATH = PAGES.login;
export const ACCOUNT_PATH = "/pages/account/account";
export const PROFILE_PATH = "/pages/myProfile/myProfile";
export const NOTICE_PATH = "/pages/notice/notice";

const JSON_HEADERS = { accept: "application/json" };

/** Every SMS code the core's log provider wrote for `phone` (+areaCode), oldest first. */
export function smsCodes(phone: string, areaCode = "91"): string[] {
  if (!existsSync(APP_LOG)) return [];
  const needle = `SMS code for +${areaCode} ${phone}: `;
  const codes: string[] = [];
  for (const line of readFileSync(APP_LOG, "utf8").split("\n")) {
    if (!line.includes(needle)) continue;
    let msg = line;
    try {
      const parsed = JSON.parse(line) as { msg?: unknown };
      if (typeof parsed.msg === "string") msg = parsed.msg;
    } catch {
      // Not a JSON line: search the raw text.
    }
    const match = msg.match(/SMS code for \+(\d+) (\d+): (\d{6})/);
    if (match && match[1] === areaCode && match[2] === phone) codes.push(match[3]);
  }
  return codes;
}

/**
 * Polls data/e2e/app.log for the newest SMS code sent to `phone`. Pass `after` (the number of
 * codes seen before asking for a new one, from `smsCodes(phone).length`) to wait for a fresh one.
 */
export async function readSmsCode(
  phone: string,
  {
    areaCode = "91",
    after = 0,
    timeoutMs = 10_000,
  }: { areaCode?: string; after?: number; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const codes = smsCodes(phone, areaCode);
    if (codes.length > after) return codes[codes.length - 1];
    if (Date.now() > deadline) {
      throw new Error(`No SMS code for +${areaCode} ${phone} appeared in ${APP_LOG} within ${timeoutMs} ms`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

let phoneCounter = 0;
/** A 10-digit phone number no other test (nor an earlier run in the same database) used. */
export function uniquePhone(): string {
  phoneCounter += 1;
  const stamp = (Date.now() % 10_000_000).toString().padStart(7, "0");
  const tail = ((process.pid + phoneCounter * 7) % 100).toString().padStart(2, "0");
  return `7${stamp}${tail}`.slice(0, 10);
}

/** Logs in through the real login form and waits until the app left the login page. */
export async function login(page: Page, phone: string, password: string, areaCode = "91"): Promise<void> {
  await page.goto(LOGIN_PATH);
  const form = page.locator("form#login");
  await form.getByLabel("Country code").selectOption(areaCode);
  await form.getByLabel("Phone number").fill(phone);
  await form.getByLabel("Password", { exact: true }).fill(password);
  await form.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname !== LOGIN_PATH);
}

export interface Player {
  areaCode: string;
  phone: string;
  password: string;
}

/**
 * Registers a new player without a browser page, through the login route's JSON mode (the same
 * fields the register form posts): send code, read it from the log, register. The request
 * context keeps the session cookie, so with `page.request` the page is signed in afterwards.
 */
export async function registerPlayer(
  request: APIRequestContext,
  {
    phone = uniquePhone(),
    password = "secret123",
    invitationCode = DEMO.invitation,
    areaCode = "91",
  }: Partial<Player> & { invitationCode?: string } = {},
): Promise<Player> {
  const before = smsCodes(phone, areaCode).length;
  const sent = await request.post(LOGIN_PATH, {
    headers: JSON_HEADERS,
    form: { intent: "sendSms", purpose: "register", areaCode, phone },
  });
  expect(sent.status(), `send SMS: ${await sent.text()}`).toBe(200);
  const smsCode = await readSmsCode(phone, { areaCode, after: before });
  const registered = await request.post(LOGIN_PATH, {
    headers: JSON_HEADERS,
    form: {
      intent: "register",
      areaCode,
      phone,
      smsCode,
      password,
      confirmPassword: password,
      invitationCode,
      ageConfirmed: "on",
    },
  });
  expect(registered.status(), `register: ${await registered.text()}`).toBe(200);
  return { areaCode, phone, password };
}

export interface AccountUser {
  nickName: string | null;
  headUrl: string | null;
  phone: string;
  invitation: string;
  chip: number;
  gold: number;
  point: number;
  hasAssetPassword: boolean;
  customerServiceUrl: string | null;
}

/** GET /pages/account/account as JSON with the context's cookies. */
export async function accountJson(request: APIRequestContext): Promise<AccountUser> {
  const res = await request.get(ACCOUNT_PATH, { headers: JSON_HEADERS });
  expect(res.status(), `account JSON: ${(await res.text()).slice(0, 300)}`).toBe(200);
  return ((await res.json()) as { user: AccountUser }).user;
}

/** Waits until Remix hydrated the page (client handlers attached), so clicks take the JS path. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const w = window as unknown as { __remixRouter?: { state?: { initialized?: boolean } } };
    return Boolean(w.__remixRouter?.state?.initialized);
  });
}

/** POSTs form fields in JSON mode (Accept: application/json); answers status and parsed body. */
export async function postJson(
  request: APIRequestContext,
  path: string,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> & { ok?: boolean; message?: string } }> {
  const res = await request.post(path, { headers: JSON_HEADERS, form });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { raw: text.slice(0, 500) };
  }
  return { status: res.status(), body };
}

/** Screenshot (full page unless told otherwise) into test-results/screens/<name>.png. */
export async function screen(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  await page.screenshot({ path: resolve(SCREENS_DIR, `${name}.png`), fullPage });
}

/** How the Balances component shows an amount in en-US: ₹ for chip, none for gold and point. */
export function money(amount: number, coin: "CHIP" | "GOLD" | "POINT", sign = "₹"): string {
  const text = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amount,
  );
  return coin === "CHIP" ? `${sign}${text}` : text;
}

/** A valid 1x1 PNG (67 bytes). */
export const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
