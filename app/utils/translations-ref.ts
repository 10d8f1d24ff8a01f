import { type I18nData, type I18nRef, hasResources } from "./translate";

/**
 * The translations a root loader's `i18n` stands for (decision 060): the data itself, or, for
 * the address a page load carries, the data it names: on the server the root loader's own copy
 * (remembered here by address: a few per language), in the browser what the start-up script
 * fetched (window.__i18n). Null when neither is at hand.
 */
const remembered = new Map<string, I18nData>();

/** Server: the data behind `ref`, for the page's render and meta functions (titles). */
export function rememberTranslations(ref: I18nRef, data: I18nData): I18nRef {
  if (!remembered.has(ref.src)) remembered.set(ref.src, data);
  return ref;
}

export function translationsOf(sent: I18nData | I18nRef | null | undefined): I18nData | null {
  if (!sent) return null;
  if (hasResources(sent)) return sent;
  const kept = remembered.get(sent.src);
  if (kept) return kept;
  const fetched = typeof window !== "undefined" ? window.__i18n : undefined;
  return fetched && fetched.lng === sent.lng && fetched.v === sent.v ? fetched : null;
}
