import { formatNumber } from "./format";

/**
 * The app's translator: one small function over the translation JSON, used the same way by the
 * server (loaders, actions, rendering) and the browser, so a hydrated page reads what the server
 * wrote. It does what the app needs of i18next: namespaces (a default one, a "ns:key" prefix and
 * "common" as the fallback namespace), nested keys ("a.b.c"), {{name}} interpolation, i18next's
 * {{name, number}} (the number in the language's digits: "0,5 %" in German), plurals from `count`
 * (key_zero, key_one, key_other... by Intl.PluralRules) and `defaultValue`.
 * The fallback language (en-US) is merged into each namespace on the server, so a key missing in
 * a translation shows in English, as before.
 */

export type Messages = { [key: string]: string | Messages };

/** Translations of one language: namespace -> tree, fallback language already merged in. */
export interface I18nData {
  lng: string;
  /** Changes when the content changes (cheap identity for memoisation). */
  v: string;
  resources: Record<string, Messages>;
}

/**
 * What a page load's root data carries instead of the translations (decision 060): where the
 * browser fetches them (a cacheable file, the same data); the server renders from the data.
 */
export interface I18nRef {
  lng: string;
  v: string;
  src: string;
}

export const hasResources = (data: I18nData | I18nRef): data is I18nData => "resources" in data;

type TOptions = { defaultValue?: string; count?: number } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const FALLBACK_NS = "common";
const has = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

function find(tree: Messages | undefined, key: string): string | undefined {
  if (!tree) return undefined;
  let node: string | Messages | undefined = tree;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || !has(node, part)) {
      node = undefined;
      break;
    }
    node = node[part];
  }
  if (typeof node === "string") return node;
  // A flat key that contains dots.
  const flat = has(tree, key) ? tree[key] : undefined;
  return typeof flat === "string" ? flat : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralOf(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(lng);
    } catch {
      rules = new Intl.PluralRules("en-US");
    }
    pluralRules.set(lng, rules);
  }
  return rules.select(count);
}

/**
 * A value formatted as its placeholder says: `number` in the language's digits (the app's one
 * number format, format.ts); any other value as it is. The server's i18next formats with it too
 * (i18n.server.ts), so a page and its loader's messages agree.
 */
export function formatValue(value: unknown, format: string | undefined, lng = "en-US"): string {
  if (format !== "number" || typeof value !== "number" || !Number.isFinite(value)) {
    return String(value);
  }
  return formatNumber(value, lng);
}

const PLACEHOLDER = /{{\s*([^{}\s,]+)\s*(?:,\s*(number)\s*)?}}/g;
/**
 * {{name}} takes options.name; {{name, number}} formats it as a number of `lng`; an absent value
 * leaves the placeholder, null gives "".
 */
export function interpolate(text: string, values?: Record<string, unknown>, lng = "en-US"): string {
  if (!values || !text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (match, name: string, format?: string) => {
    const value = values[name];
    if (value === undefined) return match;
    if (value === null) return "";
    return formatValue(value, format, lng);
  });
}

/** A t() bound to `data`'s language and to `ns` as the default namespace. */
export function makeT(data: I18nData | null | undefined, ns: string = FALLBACK_NS): TFunction {
  const resources = data?.resources ?? {};
  const lng = data?.lng ?? "en-US";
  return (fullKey, options) => {
    let key = fullKey;
    let first = ns;
    const colon = key.indexOf(":");
    if (colon > 0 && has(resources, key.slice(0, colon))) {
      first = key.slice(0, colon);
      key = key.slice(colon + 1);
    }
    const candidates = [key];
    const count = options?.count;
    if (typeof count === "number") {
      candidates.unshift(`${key}_${pluralOf(lng, count)}`);
      if (count === 0) candidates.unshift(`${key}_zero`);
    }
    for (const space of first === FALLBACK_NS ? [first] : [first, FALLBACK_NS]) {
      for (const candidate of candidates) {
        const found = find(resources[space], candidate);
        if (found !== undefined) return interpolate(found, options, lng);
      }
    }
    return interpolate(options?.defaultValue ?? key, options, lng);
  };
}
