import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * A page is called one thing: the account menu's entry for a page is that page's title (found by
 * a phone audit: in German "Verantwortungsvolles Spielen" opened "Spielerschutz", "Umtausch"
 * opened "Tauschen"; in Korean 환전 opened 교환), and the balance card's Recharge names the page it
 * opens where the language has one word for both (German "Einzahlen" opened "Aufladen").
 */
const LANGUAGES = ["en-US", "zh-CN", "ja-JP", "fr-FR", "de-DE", "ko-KR"];

function text(lng: string, ns: string, key: string): string {
  let node: unknown = JSON.parse(readFileSync(join(process.cwd(), "locales", lng, `${ns}.json`), "utf8"));
  for (const part of key.split(".")) node = (node as Record<string, unknown>)[part];
  if (typeof node !== "string") throw new Error(`${lng} ${ns}:${key} is not a text`);
  return node;
}

/** Each account menu entry (account:account.links.*) and its page's title, as the page shows it. */
const TITLES: Record<string, [string, string]> = {
  assetRecords: ["assets", "records.title"],
  recharge: ["recharge", "title"],
  withdrawal: ["withdraw", "title"],
  bankCard: ["withdraw", "bank.title"],
  exchange: ["assets", "exchange.title"],
  betRecord: ["game", "records.betRecord"],
  followRecords: ["social", "followRecords.title"],
  myProfile: ["account", "profile.title"],
  notice: ["account", "notice.title"],
  team: ["team", "team.title"],
  blogger: ["social", "blogger.title"],
  pledge: ["assets", "pledge.title"],
  responsiblePlay: ["limits", "title"],
};

test.each(LANGUAGES)("%s: each account menu entry is its page's title", (lng) => {
  const differ = Object.entries(TITLES)
    .map(([link, [ns, key]]) => [link, text(lng, "account", `account.links.${link}`), text(lng, ns, key)])
    .filter(([, menu, title]) => menu !== title);
  expect(differ).toEqual([]);
});

test.each(["de-DE", "ja-JP"])(
  "%s: the balance card's Recharge and the withdrawal page's link name the recharge page",
  (lng) => {
    const title = text(lng, "recharge", "title");
    expect(text(lng, "assets", "wallet.recharge")).toBe(title);
    expect(text(lng, "withdraw", "recharge")).toBe(title);
  },
);
