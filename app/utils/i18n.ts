import { LANGUAGES, type Language } from "#contract/languages";

/** i18n settings shared by the server and the browser (no secrets, no server imports). */
export const supportedLanguages = LANGUAGES;
export type Lang = Language;
export const fallbackLanguage: Lang = "en-US";
export const namespaces = [
  "common",
  "account",
  "game",
  "withdraw",
  "recharge",
  "assets",
  "team",
  "limits",
  "social",
] as const;

export const languageNames: Record<Lang, string> = {
  "en-US": "English",
  "zh-CN": "简体中文",
  "ja-JP": "日本語",
  "fr-FR": "Français",
  "de-DE": "Deutsch",
  "ko-KR": "한국어",
};

export function isLang(value: unknown): value is Lang {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

/** Right-to-left languages; none of ours today, kept so `dir` is computed, not assumed. */
export function dirOf(lang: string): "ltr" | "rtl" {
  return /^(ar|he|fa|ur)\b/.test(lang) ? "rtl" : "ltr";
}
