import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { COLOUR_BETS, SIZE_BETS } from "~/components/game/bets";
import { GAME_TABS } from "~/components/game/format";
import { BET_REFUSALS } from "#contract/game";

/**
 * Every literal t("…") key of the game pages, and every key built from a list, is in en-US: in
 * game.json, or in common.json when it says so ("common:coin.CHIP").
 */
const en = (ns: string) => JSON.parse(readFileSync(`locales/en-US/${ns}.json`, "utf8"));
const namespaces: Record<string, unknown> = { game: en("game"), common: en("common") };
const lookUp = (ns: string, key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], namespaces[ns]);
/** A key, or a plural one called by its base name with a count ("x_one" and "x_other" for "x"). */
const has = (fullKey: string) => {
  const [ns, key] = fullKey.includes(":") ? fullKey.split(":") : ["game", fullKey];
  const plain = lookUp(ns, key);
  if (plain !== undefined) return plain;
  return typeof lookUp(ns, `${key}_one`) === "string" ? lookUp(ns, `${key}_other`) : undefined;
};

const files = [
  ...readdirSync("app/components/game").map((f) => join("app/components/game", f)),
  // Game and bet-record pages, files or route folders with their parts.
  ...readdirSync("app/routes", { recursive: true, encoding: "utf8" })
    .filter((f) => /^pages\.(game|betRecord)\./.test(f))
    .map((f) => join("app/routes", f)),
].filter((f) => /\.tsx?$/.test(f));

test("every literal t() key of the game pages exists in en-US", () => {
  const missing: string[] = [];
  for (const file of files) {
    for (const m of readFileSync(file, "utf8").matchAll(/\bt\("((?:common:)?[A-Za-z0-9_.]+)"/g)) {
      if (typeof has(m[1]) !== "string") missing.push(`${file}: ${m[1]}`);
    }
  }
  expect(missing).toEqual([]);
});

test("every key built from a list (bet names, coins, tabs, refusals) exists in en-US", () => {
  const keys = [
    ...[...COLOUR_BETS, ...SIZE_BETS].map((n) => `betName.${n}`),
    ...["CHIP", "GOLD", "POINT"].map((c) => `common:coin.${c}`),
    ...GAME_TABS.map((tab) => `tabs.${tab}`),
    ...["won", "lost", "pending", "mine", "wins"].map((s) => `records.${s}`),
    ...[
      "chooseBet",
      "invalidAmount",
      "invalidMultiple",
      "multipleAtLeastOne",
      "invalidTotal",
      "totalMismatch",
      "invalidKey",
      "invalidRound",
    ].map((e) => `errors.${e}`),
    // Every reason the upstream gives for a refused bet has the player's words.
    ...BET_REFUSALS.map((reason) => `refusal.${reason}`),
    ...["Primary", "Intermediate", "Advanced"].map((room) => `rooms.${room}`),
    "gameTitles.Colour Lottery",
  ];
  expect(keys.filter((k) => typeof has(k) !== "string")).toEqual([]);
});

test("the bet schema's messages are all translatable", () => {
  const schema = readFileSync("app/components/game/bet-schema.ts", "utf8");
  const messages = [...schema.matchAll(/"([a-zA-Z]+)"\)/g)]
    .map((m) => m[1])
    .filter((m) => /^[a-z][A-Za-z]+$/.test(m));
  expect(messages.filter((m) => typeof has(`errors.${m}`) !== "string" && m !== "bet")).toEqual([]);
});
