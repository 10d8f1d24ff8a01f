/**
 * The six languages of the product (spec section 9): the app's translations, and the languages
 * the core answers operator texts in (a notice's translations). No zod, for the browser.
 */
export const LANGUAGES = ["en-US", "zh-CN", "ja-JP", "fr-FR", "de-DE", "ko-KR"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The language an `accept-language` header asks for, when it is one of ours: the first tag,
 * exactly ("fr-FR") or by its language alone ("fr", "fr-CA" → fr-FR); otherwise undefined.
 */
export function languageOf(header: string | null | undefined): Language | undefined {
  const tag = header?.split(",")[0]?.split(";")[0]?.trim().toLowerCase();
  if (!tag) return undefined;
  const exact = LANGUAGES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const primary = tag.split("-")[0];
  return LANGUAGES.find((l) => l.slice(0, 2).toLowerCase() === primary);
}
