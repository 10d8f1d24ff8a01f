import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { BackendModule, ReadCallback } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { type Lang, fallbackLanguage, isLang, namespaces, supportedLanguages } from "./i18n";
import { getSession, langOf } from "./session.server";
import { type I18nData, type I18nRef, type Messages, type TFunction, formatValue, makeT } from "./translate";

/**
 * Translations are read from locales/<lng>/<ns>.json once per process and kept in memory, so a
 * request never touches the disk. A missing file is an empty namespace (the fallback fills in).
 */
const cache = new Map<string, Promise<Messages>>();
const localesDir = () => resolve(process.env.LOCALES_DIR || "locales");

function loadNamespace(lng: string, ns: string): Promise<Messages> {
  const key = `${lng}/${ns}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = readFile(resolve(localesDir(), lng, `${ns}.json`), "utf8")
      .then((text) => JSON.parse(text) as Messages)
      .catch(() => ({}));
    cache.set(key, entry);
  }
  return entry;
}

/** `over` on top of `base`, recursively (a translation on top of the fallback language). */
function merge(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const under = out[key];
    out[key] =
      typeof value === "object" && value !== null && typeof under === "object" ? merge(under, value) : value;
  }
  return out;
}

const dataCache = new Map<string, Promise<I18nData>>();

/** Every namespace of `lng`, the fallback language merged in; `v` names this content. */
function allOf(lng: Lang): Promise<I18nData> {
  let entry = dataCache.get(lng);
  if (!entry) {
    entry = Promise.all(
      namespaces.map(async (ns) => {
        const [base, own] = await Promise.all([
          loadNamespace(fallbackLanguage, ns),
          lng === fallbackLanguage ? Promise.resolve({}) : loadNamespace(lng, ns),
        ]);
        return [ns, merge(base, own)] as const;
      }),
    ).then((pairs) => {
      const resources = Object.fromEntries(pairs);
      const v = createHash("sha1").update(JSON.stringify(resources)).digest("base64url").slice(0, 10);
      return { lng, v, resources };
    });
    dataCache.set(lng, entry);
  }
  return entry;
}

const pickCache = new Map<string, Promise<I18nData>>();

/**
 * What the root loader sends: `lng`'s translations, the fallback language merged in, of the
 * namespaces `only` names ("common" always) or of every namespace. A page gets the namespaces its
 * routes declare (decision 052); the browser keeps what it has been sent (i18n-react.tsx).
 */
export function i18nData(lng: Lang, only?: readonly string[]): Promise<I18nData> {
  if (!only) return allOf(lng);
  const wanted = ["common", ...only.filter((ns) => ns !== "common")];
  const key = `${lng}|${wanted.join(",")}`;
  let entry = pickCache.get(key);
  if (!entry) {
    entry = allOf(lng).then(({ v, resources }) => ({
      lng,
      v,
      resources: Object.fromEntries(wanted.filter((ns) => ns in resources).map((ns) => [ns, resources[ns]])),
    }));
    pickCache.set(key, entry);
  }
  return entry;
}

/**
 * Where the browser fetches `data` (decision 060): /i18n/<lng>/<ns>.<ns>.<v>.json, served by
 * routes/i18n.$lng.$file.ts. The version in the name lets the file be kept for good.
 */
export function translationsRef(data: I18nData): I18nRef {
  const file = `${Object.keys(data.resources).join(".")}.${data.v}.json`;
  return { lng: data.lng, v: data.v, src: `/i18n/${data.lng}/${file}` };
}

/** The namespaces and version a translations file's name asks for, or null for a name we never give. */
export function parseTranslationsFile(file: string): { namespaces: string[]; v: string } | null {
  const match = /^([a-z]+(?:\.[a-z]+)*)\.([\w-]{1,32})\.json$/.exec(file);
  if (!match) return null;
  const asked = match[1].split(".");
  if (asked[0] !== "common" || !asked.every((ns) => (namespaces as readonly string[]).includes(ns)))
    return null;
  return { namespaces: asked, v: match[2] };
}

/** i18next reads namespaces from the same in-memory cache: no disk access per request. */
const memoryBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    loadNamespace(language, namespace).then(
      (data) => callback(null, data),
      (error) => callback(error, false),
    );
  },
};

/**
 * remix-i18next on the server: it detects the player's language (the one stored in the session,
 * default en-US) and gives loaders and actions a fixed t(). Components translate with the small
 * translator in translate.ts over the same resources (i18nData), so the browser needs no i18next
 * (decision 008).
 */
const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    order: ["custom"],
    async findLocale(request) {
      return langOf(await getSession(request));
    },
  },
  i18next: {
    supportedLngs: [...supportedLanguages],
    fallbackLng: fallbackLanguage,
    defaultNS: "common",
    fallbackNS: "common",
    ns: [...namespaces],
    // {{x, number}} through the app's one number format, as components write it (translate.ts).
    interpolation: { escapeValue: false, format: formatValue },
  },
  plugins: [memoryBackend],
});

/** The player's language: the one stored in the session (default en-US). */
export async function getLocale(request: Request): Promise<Lang> {
  const lng = await remixI18n.getLocale(request);
  return isLang(lng) ? lng : fallbackLanguage;
}

/**
 * The t() of each language and namespace, made once per process: remix-i18next makes a new
 * i18next instance on every getFixedT (its init alone was 2 % of a game page's CPU under load),
 * while the translations it reads never change while the process runs.
 */
const fixedTs = new Map<string, Promise<TFunction>>();

/**
 * Server-side t() for a request (its session's language) or a language, with `ns` as the default
 * namespace ("common" is always the fallback).
 */
export async function getFixedT(
  requestOrLocale: Request | string,
  ns: string | readonly string[] = "common",
): Promise<TFunction> {
  const asked = typeof requestOrLocale === "string" ? requestOrLocale : await getLocale(requestOrLocale);
  const lng = isLang(asked) ? asked : fallbackLanguage;
  const namespace = typeof ns === "string" ? ns : (ns[0] ?? "common");
  const key = `${lng}|${namespace}`;
  let fixed = fixedTs.get(key);
  if (!fixed) {
    fixed = remixI18n
      .getFixedT(lng, namespace)
      .then((t) => (message, options) => String(t(message, options)));
    fixed.catch(() => fixedTs.delete(key));
    fixedTs.set(key, fixed);
  }
  return fixed;
}

export const i18n = { getLocale, getFixedT };
