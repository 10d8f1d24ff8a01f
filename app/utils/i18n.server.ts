import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { BackendModule, ReadCallback } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, i18nConfig, isLang, supportedLanguages } from "./i18n";
import { getSession, langOf } from "./session.server";

/**
 * Translations are read from locales/<lng>/<ns>.json once per process and kept in memory, so a
 * request never touches the disk. A missing file is an empty namespace (the fallback fills in).
 */
const cache = new Map<string, Promise<Record<string, unknown>>>();
export const localesDir = () => resolve(process.env.LOCALES_DIR || "locales");

export function loadNamespace(lng: string, ns: string): Promise<Record<string, unknown>> {
  const key = `${lng}/${ns}`;
  let entry = cache.get(key);
  if (!entry) {
    entry = readFile(resolve(localesDir(), lng, `${ns}.json`), "utf8")
      .then((text) => JSON.parse(text) as Record<string, unknown>)
      .catch(() => ({}));
    cache.set(key, entry);
  }
  return entry;
}

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

export const i18n = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    order: ["custom"],
    // The language is the player's choice stored in the session (default en-US).
    async findLocale(request) {
      const session = await getSession(request);
      const lang = session.get("lang");
      return isLang(lang) ? lang : langOf(session);
    },
  },
  i18next: { ...i18nConfig },
  plugins: [memoryBackend],
});

export { memoryBackend };
