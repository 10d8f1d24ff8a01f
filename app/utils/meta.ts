/**
 * Page titles: "<page title> · Colour Lottery", translated from the root loader's translations
 * (they hold the page's namespaces, decision 052), so meta functions need no loader changes.
 */
import type { MetaFunction } from "@remix-run/node";
import { type I18nData, makeT } from "./translate";

/** The brand name: the same in every language. */
export const APP_NAME = "Colour Lottery";

type MetaMatch = { id: string; data?: unknown };

/** The document title for the translation `key` of namespace `ns` (just the brand when unknown). */
export function titleOf(matches: MetaMatch[], key: string, ns = "common"): string {
  const root = matches.find((m) => m.id === "root")?.data as { i18n?: I18nData } | undefined;
  if (!root?.i18n) return APP_NAME;
  const page = makeT(root.i18n, ns)(key, { defaultValue: "" });
  return page && page !== APP_NAME ? `${page} · ${APP_NAME}` : APP_NAME;
}

/** A route's meta function giving it the translated title `key` (namespace `ns`). */
export function pageTitle(key: string, ns = "common"): MetaFunction {
  return ({ matches }) => [{ title: titleOf(matches, key, ns) }];
}
