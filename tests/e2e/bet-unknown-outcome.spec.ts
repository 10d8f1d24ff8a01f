import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Locator, type Page, expect, test } from "@playwright/test";
import { ROOT, type RunningApp, freePort, startApp, stopApp } from "../support/app-server";
import { startFaultProxy } from "../support/fault-proxy";
import { DEMO, GAME_PATH, LOGIN_PATH, countdownSeconds, screen, shown, toCents } from "./fixtures";

/**
 * A bet whose answer is lost after the core took it, as the player sees it at 360x740: the app
 * runs against its own core behind a fault proxy whose socket takes the bet to the core and then
 * dies. The bet sheet stays open with the choice and says the outcome is unknown; confirming
 * again places nothing more. With and without JavaScript.
 */

const UNKNOWN =
  "We could not confirm your bet: the server did not answer. Check My records before betting again. " +
  "Confirming again with this form is safe: it never places the same bet twice.";
const isBetting = (path: string) => path.endsWith("/luckyLottery/betting");

let core: ChildProcess;
let coreDir: string;
let proxy: Awaited<ReturnType<typeof startFaultProxy>>;
let app: RunningApp;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  coreDir = mkdtempSync(join(tmpdir(), "unknown-outcome-core-"));
  const port = await freePort();
  core = spawn(process.execPath, ["build/core/index.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "development",
      CORE_PORT: String(port),
      CORE_HOST: "127.0.0.1",
      DATA_DIR: join(coreDir, "db"),
      UPLOAD_DIR: join(coreDir, "uploads"),
      LOG_LEVEL: "warn",
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 300; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (ready?.ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  proxy = await startFaultProxy(`http://127.0.0.1:${port}/core`);
  app = await startApp({ env: { UPSTREAM_URL: proxy.base, LOG_LEVEL: "warn" } });
});

test.afterAll(async () => {
  await stopApp(app);
  await proxy?.close();
  core?.kill("SIGTERM");
  if (coreDir) rmSync(coreDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${app.base}${LOGIN_PATH}`);
  const form = page.locator("form#login");
  await form.getByLabel("Phone number").fill(DEMO.phone);
  await form.getByLabel("Password", { exact: true }).fill(DEMO.password);
  await form.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL((url) => url.pathname !== LOGIN_PATH);
}

async function goldBalance(page: Page): Promise<number> {
  const res = await page.request.get(`${app.base}/pages/account/account`, {
    headers: { accept: "application/json" },
  });
  return toCents(((await res.json()) as { user: { gold: number } }).user.gold);
}

/** The GOLD room 1 with at least 15 s of betting left (waits for the next round otherwise). */
async function openGoldRoom(page: Page, query = "") {
  const url = `${app.base}${GAME_PATH}?level=1&coin=GOLD${query}`;
  await page.goto(url);
  const left = await countdownSeconds(page, "bet-countdown");
  if (left < 15) {
    // Off the page while waiting: without JavaScript its refresh at the round's end (a meta
    // refresh) could fire during the next goto and interrupt it.
    await page.goto("about:blank");
    await page.waitForTimeout((left + 6) * 1000);
    await page.goto(url);
  }
}

/** Chooses 10.00 × `multiple` in the open bet sheet; answers the sheet's idempotency key. */
async function chooseTen(dialog: Locator, multiple: string): Promise<string> {
  // GOLD amounts show without a sign (one formatter: 10.00).
  await dialog.getByRole("radio", { name: "10.00", exact: true }).check({ force: true });
  await dialog.getByLabel("Multiple", { exact: true }).fill(multiple);
  return dialog.locator('input[name="idempotencyKey"]').inputValue();
}

/** The sheet says the outcome is unknown and still holds the choice and the same key. */
async function expectKeptUnknown(dialog: Locator, multiple: string, key: string) {
  await expect(dialog.getByRole("alert")).toHaveText(UNKNOWN);
  await expect(dialog.getByRole("radio", { name: "10.00", exact: true })).toBeChecked();
  await expect(dialog.getByLabel("Multiple", { exact: true })).toHaveValue(multiple);
  expect(await dialog.locator('input[name="idempotencyKey"]').inputValue()).toBe(key);
}

/** Confirms the sheet again, the proxy passing everything now: the bet is placed. */
async function confirmAgain(page: Page, dialog: Locator) {
  proxy.set("pass");
  await dialog.getByRole("button", { name: "Confirm bet" }).click();
  await expect(page.getByText("Bet placed successfully")).toBeVisible();
}

test("with JavaScript: the sheet stays open, says the outcome is unknown, and a retry places it once", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await openGoldRoom(page);
  const before = await goldBalance(page);

  await page.getByRole("button", { name: "Bet on Green", exact: true }).click();
  const dialog = page.getByRole("dialog");
  const key = await chooseTen(dialog, "2");

  proxy.set("lose-reply", isBetting);
  await dialog.getByRole("button", { name: "Confirm bet" }).click();
  await expectKeptUnknown(dialog, "2", key);
  await screen(page, "unknown-outcome-01-js", { fullPage: false });
  // The core did take it.
  expect(await goldBalance(page)).toBe(before - toCents(20));

  await confirmAgain(page, dialog);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  expect(await goldBalance(page)).toBe(before - toCents(20));
  await expect(page.getByTestId("balance")).toHaveText(shown((before - toCents(20)) / 100));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page comes back with the sheet, the message and the same key; confirming again places it once", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page);
    await openGoldRoom(page, "&betName=Violet");
    const before = await goldBalance(page);
    const dialog = page.getByRole("dialog");
    const key = await chooseTen(dialog, "3");

    proxy.set("lose-reply", isBetting);
    const [answer] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      dialog.getByRole("button", { name: "Confirm bet" }).click(),
    ]);
    expect(answer.status()).toBe(502);
    await expectKeptUnknown(dialog, "3", key);
    await screen(page, "unknown-outcome-02-nojs", { fullPage: false });
    expect(await goldBalance(page)).toBe(before - toCents(30));

    await confirmAgain(page, dialog);
    expect(await goldBalance(page)).toBe(before - toCents(30));
  });
});
