import { type ReactNode, createContext, useContext, useMemo, useRef } from "react";
import { fallbackLanguage } from "./i18n";
import { type I18nData, type I18nRef, type TFunction, makeT } from "./translate";
import { translationsOf } from "./translations-ref";

/**
 * Translations in React without i18next in the browser. The root loader sends the language's
 * translations (app/utils/i18n.server.ts); root.tsx puts them in context with
 * <TranslationsProvider>; components call useTranslation(ns) as they did with react-i18next.
 * The server renders from the same loader data, so hydration sees the same text.
 */
const I18nContext = createContext<I18nData | null>(null);

/**
 * Used only when the root loader's data is missing (the root error boundary after the root loader
 * failed): entry.server provides the request language's translations, and TranslationsProvider
 * writes them into the page (window.__i18n) so the browser hydrates the same text. (On a page
 * load the root data carries the translations' address instead: translations-ref.ts.)
 */
const FallbackContext = createContext<I18nData | null>(null);
export const I18nFallbackProvider = FallbackContext.Provider;

declare global {
  interface Window {
    __i18n?: I18nData;
  }
}

/** The translations of FallbackContext, on the server and in the browser. */
export function useFallbackTranslations(): I18nData | null {
  const fromServer = useContext(FallbackContext);
  if (fromServer) return fromServer;
  return typeof window !== "undefined" ? (window.__i18n ?? null) : null;
}

const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The translations to provide: a page is sent its own namespaces (decision 052), and the ones
 * received before are kept (same language and version), so a page still shown while the next one
 * loads keeps its text. Equal content keeps the same object, so that readers do not re-render.
 */
function useKeptTranslations(chosen: I18nData | null): I18nData | null {
  const kept = useRef<I18nData | null>(null);
  const before = kept.current;
  let next = chosen;
  if (chosen && before && before.lng === chosen.lng && before.v === chosen.v) {
    const added = Object.keys(chosen.resources).filter((ns) => !(ns in before.resources));
    next = added.length ? { ...before, resources: { ...before.resources, ...chosen.resources } } : before;
  }
  kept.current = next;
  return next;
}

export function TranslationsProvider({
  data,
  nonce,
  children,
}: {
  data: I18nData | I18nRef | null | undefined;
  nonce?: string;
  children: ReactNode;
}) {
  const fallback = useFallbackTranslations();
  const value = useKeptTranslations(translationsOf(data) ?? fallback);
  return (
    <I18nContext.Provider value={value}>
      {!data && fallback ? (
        <script
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with "<" escaped.
          dangerouslySetInnerHTML={{ __html: `window.__i18n=${scriptJson(fallback)}` }}
        />
      ) : null}
      {children}
    </I18nContext.Provider>
  );
}

interface UseTranslation {
  t: TFunction;
  i18n: { language: string };
}

/** `t` for namespace `ns` (default "common"; "common" is also the fallback namespace). */
export function useTranslation(ns?: string): UseTranslation {
  const data = useContext(I18nContext);
  return useMemo(
    () => ({ t: makeT(data, ns), i18n: { language: data?.lng ?? fallbackLanguage } }),
    [data, ns],
  );
}
