// Screenshots of the wallet pages at 360x740 (light, dark, German, without JS) for review.
// Usage: node scripts/dev/assets-screens.mjs http://127.0.0.1:3331 out-dir [phone password]
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [
  base = "http://127.0.0.1:3331",
  out = "/tmp/assets-screens",
  phone = "9000000001",
  password = "demo1234",
] = process.argv.slice(2);
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
const variants = (process.env.VARIANTS ?? "light,dark,de,nojs").split(",");
const pages = (
  process.env.PAGES ?? "home/home,account/account,exchange/exchange,pledge/pledge,assetRecords/assetRecords"
).split(",");
for (const variant of variants) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 1,
    javaScriptEnabled: variant !== "nojs",
  });
  const page = await context.newPage();
  await page.goto(`${base}/pages/login/login`);
  await page.request.post(`${base}/pages/login/login`, {
    headers: { accept: "application/json" },
    form: { intent: "login", areaCode: "91", phone, password },
  });
  if (variant === "dark")
    await page.request.post(`${base}/resources/theme`, {
      form: { theme: "dark", redirectTo: "/" },
      maxRedirects: 0,
    });
  const lang = { de: "de-DE", ja: "ja-JP", zh: "zh-CN", ko: "ko-KR", fr: "fr-FR" }[variant];
  if (lang)
    await page.request.post(`${base}/resources/lang`, { form: { lang, redirectTo: "/" }, maxRedirects: 0 });
  for (const p of pages) {
    await page.goto(`${base}/pages/${p}`);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/${variant}-${p.split("/")[0]}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
