// Drives the exchange preview and confirm, a stake, and screenshots each step (JS on and off).
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [base = "http://127.0.0.1:3331", out = "/tmp/assets-screens"] = process.argv.slice(2);
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
  ],
});
for (const js of [true, false]) {
  const tag = js ? "js" : "nojs";
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled: js });
  const page = await context.newPage();
  await page.request.post(`${base}/pages/login/login`, {
    headers: { accept: "application/json" },
    form: { intent: "login", areaCode: "91", phone: "9000000001", password: "demo1234" },
  });
  await page.goto(`${base}/pages/exchange/exchange`);
  await page.getByLabel("Amount").fill("abc");
  await page.getByRole("button", { name: "Preview" }).click();
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${tag}-exchange-bad.png`, fullPage: true });
  await page.getByLabel("Amount").fill("12.34");
  await page.waitForTimeout(200);
  await page.screenshot({ path: `${out}/${tag}-exchange-typed.png`, fullPage: true });
  await page.getByRole("button", { name: "Preview" }).click();
  await page.getByTestId("exchange-preview").waitFor();
  await page.screenshot({ path: `${out}/${tag}-exchange-preview.png`, fullPage: true });
  await page.getByRole("button", { name: "Confirm exchange" }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${tag}-exchange-done.png`, fullPage: true });
  await page.goto(`${base}/pages/pledge/pledge`);
  await page.getByLabel("Amount").fill("150");
  await page.waitForTimeout(200);
  await page.getByRole("button", { name: "Stake now" }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${tag}-pledge-done.png`, fullPage: true });
  await page.goto(`${base}/pages/assetRecords/assetRecords`);
  await page.screenshot({ path: `${out}/${tag}-records-after.png`, fullPage: true });
  await context.close();
}
await browser.close();
