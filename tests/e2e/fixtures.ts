import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type APIRequestContext, type Locator, type Page, expect, test } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";

/**
 * Helpers of the end-to-end specs, in one file: first the player and the pages, then the game. None of them is a Playwright fixture: each is a plain
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

/**
 * Asks for an SMS code in `scope` (a page, or one form of it) and types the one the app then logs
 * for `phone` into "SMS verification code".
 */
export async function sendAndFillSmsCode(scope: Page | Locator, phone: string): Promise<void> {
  const before = smsCodes(phone).length;
  await scope.getByRole("button", { name: "Send code" }).click();
  await scope.getByLabel("SMS verification code").fill(await readSmsCode(phone, { after: before }));
}

/** On the payment password page: the SMS code, the password twice, "Save". */
export async function savePaymentPassword(page: Page, phone: string, password: string): Promise<void> {
  await sendAndFillSmsCode(page, phone);
  await page.getByLabel("Payment password (6 digits)").fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Save" }).click();
}

export interface BankCard {
  bank: string;
  holder: string;
  number: string;
  ifsc: string;
}

/** In the bank card form (`scope`: its page, or the form): the card's fields and the payment password, "Save card". */
export async function saveBankCard(
  scope: Page | Locator,
  card: BankCard,
  paymentPassword: string,
): Promise<void> {
  await scope.getByLabel("Bank", { exact: true }).selectOption({ label: card.bank });
  await scope.getByLabel("Account holder").fill(card.holder);
  await scope.getByLabel("Account number").fill(card.number);
  await scope.getByLabel("IFSC").fill(card.ifsc);
  await scope.getByLabel("Payment password", { exact: true }).fill(paymentPassword);
  await scope.getByRole("button", { name: "Save card" }).click();
}

const OPERATOR = `Basic ${Buffer.from("operator:operator-dev-password").toString("base64")}`;

/** The embedded core's URL, from the app's log (its latest "core listening" line). */
export function coreUrl(): string {
  for (const line of readFileSync(APP_LOG, "utf8").split("\n").reverse()) {
    const match = line.match(/"url":"(http:\/\/[^"]+\/core)"[^\n]*core listening/);
    if (match) return match[1];
  }
  throw new Error(`No "core listening" line in ${APP_LOG}`);
}

/**
 * The dev operator's call on the core's operator API: a GET without `data`, else a POST of `data`
 * as JSON. Asserts the answer's code 200 and returns its result.
 */
export async function operator<T = Record<string, unknown>>(
  request: APIRequestContext,
  path: string,
  data?: Record<string, string | number>,
): Promise<T> {
  const response = await request.fetch(`${coreUrl()}/operator${path}`, {
    method: data ? "POST" : "GET",
    headers: { authorization: OPERATOR, "content-type": "application/json" },
    data: data ? JSON.stringify(data) : undefined,
  });
  const body = (await response.json()) as { code: number; message: string; result: T };
  expect(body.code, body.message).toBe(200);
  return body.result;
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

/** A new player (registerPlayer, signed in on `request`) whom the operator credits `chips` chips. */
export async function registerPlayerWithChips(request: APIRequestContext, chips: string): Promise<Player> {
  const player = await registerPlayer(request);
  await operator(request, "/users/credit", { phone: player.phone, coin: "CHIP", amount: chips });
  return player;
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

/**
 * Holds the page's scripts matching `pattern` (all of them by default) until the returned function
 * is called: a phone on a slow network, whose server HTML is usable before its code.
 */
export async function holdScripts(page: Page, pattern = /\/build\/.+\.js$/): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the page is hydrated and its effects ran (client handlers and listeners attached,
 * app/root.tsx marks it), so clicks take the JS path and client events are heard.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "1");
}

const AXE = resolve(process.cwd(), "node_modules/axe-core/axe.min.js");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[]; failureSummary?: string }>;
}

/**
 * Runs axe on the current page; answers the serious and critical violations, readable. axe-core
 * is injected as a script, which the app's nonce-based CSP blocks: the page's context must be made
 * with `bypassCSP: true`.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Colours are read once CSS transitions have ended: a button fading back from its pending state
  // (opacity 60 % while a form is sent, .btn's 150 ms transition) was read mid-fade as too faint
  // (2.64:1) in a fresh clone. A disabled control is exempt from contrast; its fade is not a state.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
  );
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

/** Opens `path` and expects axe to find no serious or critical violation there (see seriousViolations). */
export async function expectAccessible(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
  // Let toasts and transitions settle so axe sees the page as a player does.
  await page.waitForTimeout(300);
  const found = await seriousViolations(page);
  expect(found, `${path}:\n${found.join("\n")}`).toEqual([]);
}

/** expectAccessible for each page in the light theme, then in the dark one; leaves the light one set. */
export async function expectAccessibleInBothThemes(page: Page, paths: string[]): Promise<void> {
  for (const theme of ["light", "dark"]) {
    const res = await page.request.post("/resources/theme", {
      form: { theme },
      headers: { accept: "application/json" },
    });
    expect(res.status()).toBe(200);
    for (const path of paths) await test.step(`${theme} ${path}`, () => expectAccessible(page, path));
  }
  await page.request.post("/resources/theme", {
    form: { theme: "light" },
    headers: { accept: "application/json" },
  });
}

/**
 * Once the form kit has loaded the schemas of the form `form` (a selector; decision 036), `value`
 * typed in `field` shows `message` on the page on blur: checked in the browser.
 */
export async function expectCheckedOnBlur(field: Locator, form: string, value: string, message: string) {
  const page = field.page();
  await expect(page.locator(form)).toHaveAttribute("data-validation", "browser");
  await field.fill(value);
  await field.blur();
  await expect(page.getByText(message)).toBeVisible();
}

/**
 * The URLs of the POSTs the page sends from now on to a path starting with `path` (a validation
 * round trip would be one).
 */
export function postsSent(page: Page, path = "/"): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith(path))
      urls.push(request.url());
  });
  return urls;
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

/**
 * Recharges `amount` by cash as the player of `page`: the recharge form, the sandbox pay page
 * (showing that amount), "Pay", and back on the recharge records.
 */
export async function payCashInSandbox(page: Page, amount: string): Promise<void> {
  await page.goto(PAGES.recharge);
  await page.getByLabel("Amount").fill(amount);
  await page.getByLabel("UPI (sandbox)").check();
  await page.getByRole("button", { name: "Recharge now" }).click();
  await page.waitForURL(/\/pay\/sandbox\/R\d+/);
  await expect(page.getByTestId("pay-amount")).toHaveText(money(Number(amount), "CHIP"));
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.waitForURL((url) => url.pathname === PAGES.rechargeRecords);
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

// ---- The game ----

/**
 * The game page (game.spec.ts, game-nojs.spec.ts, and any spec that bets). The payout table here is written
 * from the rules as the issue states them, independently of core/src/game/payout.ts, so that a
 * wrong multiplier or rounding in the core shows up as a wrong balance.
 */

export const GAME_PATH = PAGES.game;
export const VERIFY_PATH = PAGES.verify;
export const RULES_PATH = PAGES.rules;
export type Coin = "CHIP" | "GOLD" | "POINT";

/** Colours of a digit: 0 red+violet, 5 green+violet, 1 3 7 9 green, 2 4 6 8 red. */
export function digitColours(digit: number): string[] {
  if (digit === 0) return ["Red", "Violet"];
  if (digit === 5) return ["Green", "Violet"];
  return [1, 3, 7, 9].includes(digit) ? ["Green"] : ["Red"];
}

/** The multiplier of a bet for a drawn digit, as a fraction "numerator / 10" (0 = lost). */
function multiplierTenths(betName: string, digit: number): number {
  const colours = digitColours(digit);
  switch (betName) {
    case "Red":
    case "Green":
      if (!colours.includes(betName)) return 0;
      return digit === 0 || digit === 5 ? 15 : 20;
    case "Violet":
      return colours.includes("Violet") ? 45 : 0;
    case "Big":
      return digit >= 5 ? 20 : 0;
    case "Small":
      return digit <= 4 ? 20 : 0;
    default:
      return /^\d$/.test(betName) && Number(betName) === digit ? 90 : 0;
  }
}

/**
 * What a bet of `stakeCents` wins, in cents: the stake less the 2 % fee, times the multiplier,
 * rounded down to the cent (integer arithmetic: stake × 98/100 × tenths/10, floored once).
 */
export function expectedWinCents(betName: string, digit: number, stakeCents: number): number {
  const tenths = multiplierTenths(betName, digit);
  if (tenths === 0) return 0;
  return Math.floor((stakeCents * 98 * tenths) / 1000);
}

export const toCents = (units: number) => Math.round(units * 100);

/** GET a page's loader data as JSON (the server's JSON mode), asserting a 200. */
export async function pageJson<T = Record<string, unknown>>(
  request: APIRequestContext,
  path: string,
): Promise<T> {
  const res = await request.get(path, { headers: JSON_HEADERS });
  expect(res.status(), `${path}: ${(await res.text()).slice(0, 300)}`).toBe(200);
  return (await res.json()) as T;
}

export interface GameJson {
  coin: Coin;
  balance: number;
  level: number;
  baseAmounts: number[];
  round: { id: string; remaining: { bet: number; round: number }; refreshAfter: number } | null;
  lastDrawnId: string | null;
  popup: {
    roundId: string;
    digit: number;
    records: Array<{ betName: string; totalBetAmount: number }>;
  } | null;
  formKey: string;
}

export function gameJson(request: APIRequestContext, level = 1, coin: Coin = "CHIP") {
  return pageJson<GameJson>(request, `${GAME_PATH}?level=${level}&coin=${coin}`);
}

/**
 * Places one bet through the game page's JSON mode (in the chip room 1 unless told another), in
 * the first round with at least 3 seconds of betting left (waiting up to a minute for one), and
 * expects it taken.
 */
export async function betInNextRound(
  request: APIRequestContext,
  bet: { betName: string; baseAmount: string; betMultiples: string },
  { level = 1, coin = "CHIP" }: { level?: number; coin?: Coin } = {},
): Promise<void> {
  let placed = false;
  for (let i = 0; i < 60 && !placed; i++) {
    const game = await gameJson(request, level, coin);
    if (game.round && game.round.remaining.bet >= 3) {
      const answer = await postJson(request, `${PAGES.game}?level=${level}&coin=${coin}`, {
        intent: "bet",
        gameSessionId: game.round.id,
        ...bet,
        coin,
        level: String(level),
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      placed = true;
    } else await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  expect(placed).toBe(true);
}

/**
 * The settled digit of a round, from the verify page (which recomputes it from the seed). Waits
 * until 20 s past the round's end (its draw, then the settling job), however long the round still
 * had to run when asked: a bet placed early in a round waits for the whole round.
 */
export async function drawnDigit(request: APIRequestContext, roundId: string): Promise<number> {
  let last = "";
  let deadline = Date.now() + 20_000;
  for (;;) {
    const res = await request.get(`${VERIFY_PATH}?sessionId=${roundId}`, { headers: JSON_HEADERS });
    const body = (await res.json()) as {
      verification: {
        publishedDigit: number | null;
        recomputedDigit: number | null;
        digitMatches: boolean | null;
      };
      round: { sessionEndTime: number } | null;
    };
    last = JSON.stringify(body);
    const v = body.verification;
    if (v && v.publishedDigit !== null) {
      expect(v.digitMatches, `verify ${roundId}: ${last}`).toBe(true);
      expect(v.recomputedDigit).toBe(v.publishedDigit);
      return v.publishedDigit;
    }
    if (body.round) deadline = Math.max(deadline, body.round.sessionEndTime + 20_000);
    if (Date.now() > deadline) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Round ${roundId} was not drawn: ${last}`);
}

/** Seconds a countdown element (<time dateTime="PT12S">) shows. */
export async function countdownSeconds(
  page: Page,
  testId: "bet-countdown" | "round-countdown",
): Promise<number> {
  const value = await page.getByTestId(testId).locator("time").getAttribute("datetime");
  const match = value?.match(/^PT(\d+)S$/);
  if (!match) throw new Error(`${testId} shows no PTnS datetime: ${value}`);
  return Number(match[1]);
}

/** The round id the page shows ("Round 2026112110100020" → "2026112110100020"). */
export async function shownRoundId(page: Page): Promise<string> {
  const text = (await page.getByTestId("round-id").textContent()) ?? "";
  const match = text.match(/(\d{6,})/);
  if (!match) throw new Error(`No round id in "${text}"`);
  return match[1];
}

export type CountdownSample = { at: number; roundId: string; bet: string; round: string };

/**
 * Records every change of the round id and of the two countdowns into window.__gameSamples
 * (a MutationObserver, so that even a 0 shown for a few milliseconds is seen).
 */
export async function recordCountdowns(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __gameSamples: CountdownSample[];
      __gameToasts: Array<{ at: number; text: string }>;
      __gameObserver?: MutationObserver;
    };
    w.__gameSamples = [];
    w.__gameToasts = [];
    const seenToasts = new Set<Element>();
    const read = () => {
      for (const el of document.querySelectorAll('[aria-live="polite"].pointer-events-none p')) {
        if (seenToasts.has(el)) continue;
        seenToasts.add(el);
        w.__gameToasts.push({ at: Date.now(), text: el.textContent ?? "" });
      }
      const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
      const sample = {
        at: Date.now(),
        roundId: (q("round-id")?.textContent ?? "").replace(/\D/g, ""),
        bet: q("bet-countdown")?.querySelector("time")?.getAttribute("datetime") ?? "",
        round: q("round-countdown")?.querySelector("time")?.getAttribute("datetime") ?? "",
      };
      const last = w.__gameSamples[w.__gameSamples.length - 1];
      if (
        !last ||
        last.roundId !== sample.roundId ||
        last.bet !== sample.bet ||
        last.round !== sample.round
      ) {
        w.__gameSamples.push(sample);
      }
    };
    read();
    w.__gameObserver?.disconnect();
    w.__gameObserver = new MutationObserver(read);
    w.__gameObserver.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

export function countdownSamples(page: Page): Promise<CountdownSample[]> {
  return page.evaluate(() => (window as unknown as { __gameSamples: CountdownSample[] }).__gameSamples);
}

/** Every toast shown since recordCountdowns(), oldest first (a toast shows for 2 s only). */
export function toastsSeen(page: Page): Promise<Array<{ at: number; text: string }>> {
  return page.evaluate(
    () => (window as unknown as { __gameToasts: Array<{ at: number; text: string }> }).__gameToasts,
  );
}

export const secondsOf = (duration: string) => Number(duration.match(/^PT(\d+)S$/)?.[1] ?? Number.NaN);

/**
 * How every page shows an amount in units in English (app/utils/format.ts, one way everywhere):
 * two decimals, grouped: 12 → "12.00", 1234.5 → "1,234.50". Written here independently.
 */
export function shown(units: number): string {
  const [int, dec] = Math.abs(units).toFixed(2).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${units < 0 ? "-" : ""}${grouped}.${dec}`;
}

/** Logs the demo player in, opens the chip room 1 and waits until the game page is hydrated. */
export async function openGame(page: Page): Promise<void> {
  await login(page, DEMO.phone, DEMO.password);
  await page.goto(`${GAME_PATH}?level=1&coin=CHIP`);
  await hydrated(page);
}

/** Opens `path` on a round that still takes bets for `seconds` s (waiting for the next round). */
export async function openRound(page: Page, path: string, seconds = 10) {
  for (let i = 0; i < 4; i++) {
    await page.goto(path);
    const bet = await countdownSeconds(page, "bet-countdown");
    if (bet >= seconds) return;
    const round = await countdownSeconds(page, "round-countdown");
    await page.waitForTimeout((round + 1.5) * 1000);
  }
  throw new Error(`No round with ${seconds} s of betting at ${path}`);
}

/** The m:ss a CSS countdown shows now: the cell of each digit column that sits in its window. */
export function shownCountdown(page: Page, testId: string): Promise<string> {
  return page.evaluate((id) => {
    const dd = document.querySelector(`[data-testid="${id}"]`) as HTMLElement;
    const run = dd.querySelector(".cd-run");
    if (!run) return dd.textContent ?? "";
    if (getComputedStyle(run).visibility === "hidden") return dd.querySelector(".cd-done")?.textContent ?? "";
    let text = "";
    for (const node of run.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
      if (!(node instanceof HTMLElement)) continue;
      const window = node.getBoundingClientRect();
      const cell = [...node.querySelectorAll(".cd-column > span")].find(
        (c) => Math.abs(c.getBoundingClientRect().top - window.top) < 2,
      );
      text += cell?.textContent ?? "?";
    }
    return text;
  }, testId);
}
export const secondsIn = (mss: string) => {
  const [m, s] = mss.split(":").map(Number);
  return m * 60 + s;
};
