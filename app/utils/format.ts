/**
 * The one formatter of money and dates (ui.md: "every amount is formatted one way"; "numbers and
 * dates in the player's locale"). Every page, message and popup goes through these two
 * functions, on the server (loaders, actions, rendering) and in the browser alike, so that a
 * hydrated page reads what the server wrote.
 *
 * - Money: two decimals, grouped in the player's language, the sign in front: ₹1,000.00 in
 *   English, ₹1.000,00 in German; the sign is the currency sign for CHIP and blank for GOLD and
 *   POINT (spec section 4).
 * - Dates: numeric date and 24-hour time with seconds, in the player's language and time zone
 *   (the zone comes from a cookie the page sets, else the configured default; see
 *   docs/decisions/009-one-formatter-for-money-and-dates.md).
 */
const FALLBACK_LOCALE = "en-US";
export const FALLBACK_TIME_ZONE = "Asia/Kolkata";

const NUMBER_OPTIONS = {
  money: { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  count: { maximumFractionDigits: 2 },
  usdt: { minimumFractionDigits: 2, maximumFractionDigits: 6 },
} as const satisfies Record<string, Intl.NumberFormatOptions>;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The number format of `kind` in `locale` (English for a locale this runtime does not know), made once. */
function numberFormat(kind: keyof typeof NUMBER_OPTIONS, locale: string): Intl.NumberFormat {
  const key = `${kind}|${locale}`;
  let format = numberFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, NUMBER_OPTIONS[kind]);
    } catch {
      format = new Intl.NumberFormat(FALLBACK_LOCALE, NUMBER_OPTIONS[kind]);
    }
    numberFormats.set(key, format);
  }
  return format;
}

/** 1000 → "₹1,000.00"; -5 → "-₹5.00"; a missing amount reads as 0. */
export function formatMoney(amount: number | null | undefined, sign = "", locale = FALLBACK_LOCALE): string {
  const value = typeof amount === "number" && Number.isFinite(amount) ? amount : 0;
  // The minus goes before the sign ("-₹5.00"); an amount that rounds to 0.00 has none.
  const minus = value <= -0.005 ? "-" : "";
  return `${minus}${sign}${numberFormat("money", locale).format(Math.abs(value))}`;
}

/** A count or a percentage in the player's locale: 10000 → "10,000", 12.345 → "12.35" (2 decimals at most). */
export function formatNumber(value: number, locale = FALLBACK_LOCALE): string {
  return numberFormat("count", locale).format(Number.isFinite(value) ? value : 0);
}

/** Languages that write a percentage with no space before the sign (54.55%). */
const TIGHT_PERCENT = /^(zh|ja|ko)\b/;

/**
 * A percentage as the player's language writes it, as the locales' own texts do: "54,55 %" in
 * German, French and English (the space unbreakable, so the sign never wraps alone), "54.55%" in
 * Chinese, Japanese and Korean.
 */
function formatPercent(value: number, locale = FALLBACK_LOCALE): string {
  return `${formatNumber(value, locale)}${TIGHT_PERCENT.test(locale) ? "" : "\u00a0"}%`;
}

/** 12.5 → "12.50 USDT"; up to six decimals when the amount has them (a chain's amounts do). */
export function formatUsdt(amount: number | null | undefined, locale = FALLBACK_LOCALE): string {
  const value = typeof amount === "number" && Number.isFinite(amount) ? amount : 0;
  return `${numberFormat("usdt", locale).format(value)} USDT`;
}

/** The sign in front of an amount of `coin`: the currency sign for CHIP, none for GOLD and POINT. */
export function coinSign(coin: string, currencySign: string): string {
  return coin === "CHIP" ? currencySign : "";
}

/** Whether `zone` is an IANA time zone this runtime knows ("Asia/Kolkata", "UTC"). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone.length === 0 || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat(FALLBACK_LOCALE, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function dateFormat(locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
      timeZone,
    };
    try {
      format = new Intl.DateTimeFormat(locale, options);
    } catch {
      // An unknown language or zone: English, and the default zone.
      format = new Intl.DateTimeFormat(FALLBACK_LOCALE, { ...options, timeZone: FALLBACK_TIME_ZONE });
    }
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * A moment (ms since the epoch, or an ISO string) as the player reads it: "11/23/2026, 17:22:05"
 * in en-US, "2026/11/23 17:22:05" in zh-CN. Empty for a missing value.
 */
export function formatDateTime(
  moment: number | string | null | undefined,
  locale = FALLBACK_LOCALE,
  timeZone = FALLBACK_TIME_ZONE,
): string {
  if (moment === null || moment === undefined || moment === "") return "";
  const ms =
    typeof moment === "number"
      ? moment
      : Number.isFinite(Number(moment))
        ? Number(moment)
        : Date.parse(moment);
  if (!Number.isFinite(ms)) return String(moment);
  return dateFormat(locale, timeZone).format(ms);
}

/** The player's formats: what useFormat() (browser and render) and formatsFor() (server) give. */
export interface Formats {
  locale: string;
  timeZone: string;
  /** An amount with the given sign (default: the currency sign). */
  money: (amount: number | null | undefined, sign?: string) => string;
  /** An amount of a coin: the currency sign for CHIP, none for GOLD and POINT. */
  coinMoney: (amount: number | null | undefined, coin: string) => string;
  dateTime: (moment: number | string | null | undefined) => string;
  /** An amount of USDT: "12.50 USDT". */
  usdt: (amount: number | null | undefined) => string;
  /** A count or a percentage's number: "10,000", "12.35". */
  number: (value: number) => string;
  /** A percentage with its sign: "12.35 %", "12.35%" in Korean. */
  percent: (value: number) => string;
}

export function makeFormats(locale: string, timeZone: string, currencySign: string): Formats {
  return {
    locale,
    timeZone,
    money: (amount, sign = currencySign) => formatMoney(amount, sign, locale),
    coinMoney: (amount, coin) => formatMoney(amount, coinSign(coin, currencySign), locale),
    dateTime: (moment) => formatDateTime(moment, locale, timeZone),
    usdt: (amount) => formatUsdt(amount, locale),
    number: (value) => formatNumber(value, locale),
    percent: (value) => formatPercent(value, locale),
  };
}

/** The calendar day `ms` falls on in `timeZone`, as YYYY-MM-DD (a date input's value). */
export function dayIn(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(ms);
}

/** Cookie that tells the server the player's time zone (set by TIME_ZONE_SCRIPT). */
export const TIME_ZONE_COOKIE = "tz";

/**
 * Inline script in <head>: stores the browser's time zone in a cookie when it is missing or
 * different, so that every page rendered after the first one (the login page, in practice) shows
 * times in the player's zone, on the server already: no time is re-rendered after hydration.
 */
export const TIME_ZONE_SCRIPT = `try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone,c="${TIME_ZONE_COOKIE}="+encodeURIComponent(z);if(z&&(";"+document.cookie.replace(/ /g,"")+";").indexOf(";"+c+";")<0)document.cookie=c+";path=/;max-age=31536000;samesite=lax"}catch(e){}`;
