import { getEnv } from "./env.server";
import { type Formats, TIME_ZONE_COOKIE, isTimeZone, makeFormats } from "./format";
import { getLocale } from "./i18n.server";

const ZONE_COOKIE = new RegExp(`(?:^|;\\s*)${TIME_ZONE_COOKIE}=([^;]*)`);

/** The player's time zone: the one the page's script stored in a cookie, else DEFAULT_TIME_ZONE. */
export function timeZoneOf(request: Request): string {
  const raw = request.headers.get("cookie")?.match(ZONE_COOKIE)?.[1];
  if (raw) {
    try {
      const zone = decodeURIComponent(raw);
      if (isTimeZone(zone)) return zone;
    } catch {
      // A malformed cookie: use the default.
    }
  }
  return getEnv().DEFAULT_TIME_ZONE;
}

/** The player's money and date formats, for loaders and actions (messages with amounts). */
export async function formatsFor(request: Request): Promise<Formats> {
  return makeFormats(await getLocale(request), timeZoneOf(request), getEnv().CURRENCY_SIGN);
}
