import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

// Every visible string lives in locales/<lng>/<namespace>.json; en-US is the reference.
const LOCALES_DIR = join(process.cwd(), "locales");
const LANGUAGES = ["en-US", "zh-CN", "ja-JP", "fr-FR", "de-DE", "ko-KR"];
const NAMESPACES = readdirSync(join(LOCALES_DIR, "en-US")).filter((f) => f.endsWith(".json"));

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

function load(lng: string, ns: string): Map<string, string> {
  return flatten(JSON.parse(readFileSync(join(LOCALES_DIR, lng, ns), "utf8")));
}

/** Each {{name}} or {{name, format}} of a text, as "name" or "name, format". */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g)]
    .map((m) => (m[2] ? `${m[1]}, ${m[2]}` : m[1]))
    .sort();

test("there is at least one namespace", () => {
  expect(NAMESPACES.length).toBeGreaterThan(0);
});

test.each(LANGUAGES)(
  "%s writes every percentage in its own digits ({{x, number}} %: 0,5 % in German)",
  (lng) => {
    const raw: string[] = [];
    for (const ns of NAMESPACES) {
      for (const [key, text] of load(lng, ns)) {
        if (/\{\{\s*\w+\s*\}\}\s?%/u.test(text) || /\{\{\s*\w+\s*\}\}\u00a0%/u.test(text))
          raw.push(`${ns}: ${key}`);
      }
    }
    expect(raw).toEqual([]);
  },
);

// German addresses the player as "Sie" throughout, as banks and shops do; one "du" among them reads
// as a different app. The informal pronouns, verb forms and imperatives the texts would use are
// refused (imperatives that are also nouns, like "Spiele", games, cannot be told apart and are left).
test("de-DE addresses the player formally (Sie), never with du", () => {
  const pronoun = /(?<!\p{L})(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)(?!\p{L})/iu;
  const verb =
    /(?<!\p{L})(hast|bist|kannst|musst|möchtest|willst|erhältst|Gib|Wähle|Prüfe|Zahle|Lege|Setze|Mach|mach)(?!\p{L})/u;
  const found: string[] = [];
  for (const ns of NAMESPACES) {
    for (const [key, text] of load("de-DE", ns)) {
      const m = pronoun.exec(text) ?? verb.exec(text);
      if (m) found.push(`${ns}: ${key} (${m[1]})`);
    }
  }
  expect(found).toEqual([]);
});

describe.each(LANGUAGES.filter((l) => l !== "en-US"))("locale %s", (lng) => {
  test.each(NAMESPACES)("%s has every key of en-US, translated, with the same placeholders", (ns) => {
    const reference = load("en-US", ns);
    const translated = load(lng, ns);
    const missing = [...reference.keys()].filter((k) => !translated.has(k));
    expect(missing, `missing in ${lng}/${ns}`).toEqual([]);
    const extra = [...translated.keys()].filter((k) => !reference.has(k));
    expect(extra, `unknown keys in ${lng}/${ns}`).toEqual([]);
    for (const [key, text] of translated) {
      expect(text.trim(), `${lng}/${ns}: ${key} is empty`).not.toBe("");
      expect(placeholders(text), `${lng}/${ns}: ${key} placeholders`).toEqual(
        placeholders(reference.get(key)!),
      );
    }
  });
});

// A line must not break between a number and its percent sign, nor, in French, before the
// two-part punctuation French spaces (: ; ! ? ») or after «: those spaces are non-breaking
// (no-break space before a colon, narrow no-break space elsewhere, as French typesetting does).
test.each(LANGUAGES)("%s never breaks a line before a percent sign", (lng) => {
  const breakable: string[] = [];
  for (const ns of NAMESPACES) {
    for (const [key, text] of load(lng, ns)) if (/ %/.test(text)) breakable.push(`${ns}: ${key}`);
  }
  expect(breakable).toEqual([]);
});

// English, French and German set a no-break space between a number and its percent sign, as the
// rest of their texts do ("After the 2 % service fee."): en-US's withdrawal fee read "Fee (2%)"
// beside it. Chinese, Japanese and Korean write the sign against the number.
test.each(["en-US", "fr-FR", "de-DE"])("%s puts a no-break space between a number and %", (lng) => {
  const tight: string[] = [];
  for (const ns of NAMESPACES) {
    for (const [key, text] of load(lng, ns)) if (/(\}\}|\d)%/.test(text)) tight.push(`${ns}: ${key}`);
  }
  expect(tight).toEqual([]);
});

test("fr-FR never breaks a line before : ; ! ? » or after «", () => {
  const breakable: string[] = [];
  for (const ns of NAMESPACES) {
    for (const [key, text] of load("fr-FR", ns)) {
      if (/ [:;!?»]|« /.test(text)) breakable.push(`${ns}: ${key}`);
    }
  }
  expect(breakable).toEqual([]);
});
