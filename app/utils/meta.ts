/**
 * Page titles: "<page title> · Colour Lottery", translated from the root loader's translations
 * (they hold the page's namespaces, decision 052; on a page load, the data their address names,
 * decision 060), so meta functions need no loader changes.
 */
import type { MetaFunction } from "@remix-run/node";
import { type I18nData, type I18nRef, makeT } from "./translate";
import { translationsOf } from "./translations-ref";

/** The brand name: the same in every language. */
export const APP_NAME = "Colour Lottery";

type MetaMatch = { id: string; data?: unknown };

/** The document title for the translation `key` of namespace `ns` (just the brand when unknown). */
export function titleOf(matches: MetaMatch[], key: string, ns = "common"): string {
  const root = matches.find((m) => m.id === "root")?.data as { i18n?: I18nData | I18nRef } | undefined;
  const translations = translationsOf(root?.i18n);
  if (!translations) return APP_NAME;
  const page = makeT(translations, ns)(key, { defaultValue: "" });
  return page && page !== APP_NAME ? `${page} · ${APP_NAME}` : APP_NAME;
}

/** A route's meta function giving it the translated title `key` (namespace `ns`). */
export function pageTitle(key: string, ns = "common"): MetaFunction {
  return ({ matches }) => [{ title: titleOf(matches, key, ns) }];
}
