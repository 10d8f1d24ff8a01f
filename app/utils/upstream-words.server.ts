import english from "../../locales/en-US/upstream.json";
import { fallbackLanguage } from "./i18n";
import { i18n } from "./i18n.server";

/**
 * The upstream's refusals in the player's language. The core answers in English whatever the
 * Accept-Language (and a player who never chose a language is asked for in ja-JP, spec section 9,
 * while their pages are in en-US), so the BFF translates: each message the reference core can say
 * to a player is a key of the "upstream" namespace whose en-US text is the core's exact English,
 * with `{{name}}` for a variable part (seconds, an amount, a count). A message the BFF does not
 * know (another upstream's own words) passes through unchanged. Called once, where the upstream
 * client turns a refusal into an UpstreamError (app/utils/api), so every form, toast and JSON
 * answer gets it; code that branches on a refusal reads its code or reason, never this text.
 */
type Tree = { [key: string]: string | Tree };

interface Pattern {
  key: string;
  regex: RegExp;
}

function flatten(tree: Tree, prefix = ""): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [[path, value] as [string, string]] : flatten(value, path);
  });
}

/** "Please wait {{seconds}} s…" as /^Please wait (?<seconds>.+?) s…$/ (a name met again must match the same text). */
function patternOf(text: string): RegExp {
  const seen = new Set<string>();
  const source = text.split(/(\{\{\w+\}\})/).map((part) => {
    const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
    if (!name) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (seen.has(name)) return `\\k<${name}>`;
    seen.add(name);
    return `(?<${name}>.+?)`;
  });
  return new RegExp(`^${source.join("")}$`, "u");
}

const exact = new Map<string, string>();
const patterns: Pattern[] = [];
for (const [key, text] of flatten(english)) {
  if (text.includes("{{")) patterns.push({ key, regex: patternOf(text) });
  else exact.set(text, key);
}

/** The key and values of a message the upstream says in English, or null for one we do not know. */
export function upstreamMessageKey(message: string): { key: string; values: Record<string, string> } | null {
  const key = exact.get(message);
  if (key) return { key, values: {} };
  for (const pattern of patterns) {
    const match = pattern.regex.exec(message);
    if (match) return { key: pattern.key, values: { ...match.groups } };
  }
  return null;
}

/** `message` in the request's language when it is one of the core's; unchanged otherwise (or in en-US). */
export async function inPlayersLanguage(request: Request, message: string): Promise<string> {
  const known = upstreamMessageKey(message);
  if (!known || (await i18n.getLocale(request)) === fallbackLanguage) return message;
  const t = await i18n.getFixedT(request, "upstream");
  return t(known.key, known.values);
}
