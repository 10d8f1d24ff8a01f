/**
 * The one check for a redirect target that comes from input (`redirectTo` of the login page and
 * the preference forms): only a path of this app is followed, anything else becomes `fallback`.
 *
 * Browsers are lenient where a server is strict: they drop tabs and newlines anywhere in a URL
 * (`/\t/evil.example` becomes `//evil.example`, another origin), read `\` as `/`, and a value may
 * be percent-encoded once or twice before it reaches us. So a target is refused when, raw or after
 * any number of decodings, it holds a control character, whitespace or a backslash, or starts
 * with `//`; and what is left must resolve to our own origin.
 *
 * A target is written into a Location header, which takes only bytes: a character beyond ASCII
 * (`/。x`, typed or decoded from a link) made the response fail with a 500, so the login that
 * followed it failed too. What is followed has every such character percent-encoded, as the
 * browser would have sent it.
 */

const APP_ORIGIN = "http://x";
const UNSAFE_CHARACTER = /[\s\\\p{Cc}]/u;
const MAX_DECODINGS = 4;

/** Every spelling of `to` a browser or a later decoding could see: raw, then decoded until stable. */
function spellings(to: string): string[] | null {
  const all = [to];
  let current = to;
  for (let i = 0; i < MAX_DECODINGS; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) return all;
    all.push(decoded);
    current = decoded;
  }
  // Still changing after several decodings: nobody spells a real path that way.
  return null;
}

export function isAppPath(to: string): boolean {
  const forms = spellings(to);
  if (!forms) return false;
  for (const form of forms) {
    if (UNSAFE_CHARACTER.test(form)) return false;
    if (form.startsWith("//")) return false;
  }
  if (!to.startsWith("/")) return false;
  try {
    return new URL(to, APP_ORIGIN).origin === APP_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * `to` with every character beyond ASCII percent-encoded (UTF-8): fit for a Location header. Null
 * when it holds half a surrogate pair, which has no UTF-8 (encodeURIComponent throws).
 */
function asciiOnly(to: string): string | null {
  try {
    return to.replace(/[\u0080-\uffff]+/g, (run) => encodeURIComponent(run));
  } catch {
    return null;
  }
}

/** `to` when it is a path of this app (beyond ASCII percent-encoded), else `fallback`. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return (typeof to === "string" && isAppPath(to) && asciiOnly(to)) || fallback;
}

/**
 * Where the login page should come back to after signing in: the request's own path and query,
 * without the data request's parameters; "/" when that path itself is not one to follow.
 */
export function safeRedirectTo(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  return safeRedirect(`${url.pathname}${url.search}`, "/");
}
