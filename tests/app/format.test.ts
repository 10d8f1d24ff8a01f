/**
 * Issue 6 point 17: money is formatted one way everywhere (₹1,000.00; blank sign for GOLD and
 * POINT) and dates one way, in the player's language and time zone, through one formatter.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loader as rootLoader } from "~/root";
import { getEnv } from "~/utils/env.server";
import { coinSign, formatDateTime, formatMoney, formatUsdt, makeFormats } from "~/utils/format";
import { formatsFor, timeZoneOf } from "~/utils/format.server";
import { requestWithSession } from "./helpers";

const MOMENT = Date.UTC(2026, 10, 23, 6, 13, 57); // 2026-11-23 06:13:57 UTC

describe("money", () => {
  test("two decimals, grouped, the sign in front", () => {
    expect(formatMoney(1000, "₹")).toBe("₹1,000.00");
    expect(formatMoney(1, "₹")).toBe("₹1.00");
    expect(formatMoney(1.96, "₹")).toBe("₹1.96");
    expect(formatMoney(1234567.5, "")).toBe("1,234,567.50");
    expect(formatMoney(0.1 + 0.2, "₹")).toBe("₹0.30");
  });

  test("a minus goes before the sign; nothing rounds to -0.00; a missing amount is 0.00", () => {
    expect(formatMoney(-5, "₹")).toBe("-₹5.00");
    expect(formatMoney(-0.001, "₹")).toBe("₹0.00");
    expect(formatMoney(null, "₹")).toBe("₹0.00");
    expect(formatMoney(Number.NaN)).toBe("0.00");
  });

  test("grouping follows the player's language; an unknown language falls back to English", () => {
    expect(formatMoney(1000, "₹", "de-DE")).toBe("₹1.000,00");
    expect(formatMoney(1000, "₹", "zh-CN")).toBe("₹1,000.00");
    expect(formatMoney(1000, "₹", "not a locale!")).toBe("₹1,000.00");
  });

  test("the currency sign for CHIP, none for GOLD and POINT", () => {
    expect(coinSign("CHIP", "₹")).toBe("₹");
    expect(coinSign("GOLD", "₹")).toBe("");
    expect(coinSign("POINT", "₹")).toBe("");
    const f = makeFormats("en-US", "UTC", "$");
    expect(f.coinMoney(12.5, "CHIP")).toBe("$12.50");
    expect(f.coinMoney(12.5, "GOLD")).toBe("12.50");
    expect(f.money(3)).toBe("$3.00");
  });
});

describe("USDT", () => {
  test("two decimals at least, six at most, grouped in the player's language", () => {
    expect(formatUsdt(100)).toBe("100.00 USDT");
    expect(formatUsdt(1234.123456)).toBe("1,234.123456 USDT");
    expect(formatUsdt(0.1234567)).toBe("0.123457 USDT");
    expect(formatUsdt(1234.5, "de-DE")).toBe("1.234,50 USDT");
    expect(formatUsdt(null)).toBe("0.00 USDT");
  });
});

describe("dates", () => {
  test("numeric date and 24-hour time in the player's language and zone", () => {
    expect(formatDateTime(MOMENT, "en-US", "Asia/Kolkata")).toBe("11/23/2026, 11:43:57");
    expect(formatDateTime(MOMENT, "en-US", "America/New_York")).toBe("11/23/2026, 01:13:57");
    expect(formatDateTime(MOMENT, "zh-CN", "Asia/Kolkata")).toBe("2026/11/23 11:43:57");
    expect(formatDateTime(MOMENT, "de-DE", "UTC")).toBe("23.11.2026, 06:13:57");
    expect(formatDateTime(new Date(MOMENT).toISOString(), "en-US", "UTC")).toBe("11/23/2026, 06:13:57");
  });

  test("a missing moment is empty; an unknown zone falls back to the default", () => {
    expect(formatDateTime(null)).toBe("");
    expect(formatDateTime(MOMENT, "en-US", "Mars/Olympus")).toBe("11/23/2026, 11:43:57");
  });
});

describe("the player's time zone", () => {
  const withZone = (cookie: string) => new Request("http://app.test/", { headers: { cookie } });

  afterEach(() => {
    // biome-ignore lint/performance/noDelete: an unset variable, not the string "undefined"
    delete process.env.DEFAULT_TIME_ZONE;
  });

  test("comes from the tz cookie, else DEFAULT_TIME_ZONE (Asia/Kolkata)", () => {
    expect(timeZoneOf(withZone("a=1; tz=Europe%2FParis; b=2"))).toBe("Europe/Paris");
    expect(timeZoneOf(withZone("tz=America/New_York"))).toBe("America/New_York");
    expect(timeZoneOf(withZone(""))).toBe("Asia/Kolkata");
    expect(timeZoneOf(withZone("tz=Not%2FA_Zone"))).toBe("Asia/Kolkata");
    expect(timeZoneOf(withZone("tz=%E0%A4%A"))).toBe("Asia/Kolkata");
    process.env.DEFAULT_TIME_ZONE = "Europe/Berlin";
    expect(timeZoneOf(withZone(""))).toBe("Europe/Berlin");
  });

  test("a DEFAULT_TIME_ZONE that is not a zone is refused", () => {
    process.env.DEFAULT_TIME_ZONE = "Middle/Earth";
    expect(() => getEnv()).toThrow(/DEFAULT_TIME_ZONE/);
  });

  test("the root loader sends the zone; server messages use the session's language", async () => {
    const base = await requestWithSession("http://app.test/", { lang: "de-DE" });
    const request = new Request(base, {
      headers: { cookie: `${base.headers.get("cookie")}; tz=America%2FSao_Paulo` },
    });
    const res = (await rootLoader({ request, params: {}, context: {} })) as Response;
    expect((await res.json()).timeZone).toBe("America/Sao_Paulo");
    const f = await formatsFor(request);
    expect(f.money(1000)).toBe("₹1.000,00");
    expect(f.dateTime(MOMENT)).toBe("23.11.2026, 03:13:57");
  });
});

describe("percentages", () => {
  test("in the player's language: a space before % in German, French and English, none in Chinese, Japanese and Korean", () => {
    // As the locales' own texts write them (team.json "percent"), the space unbreakable.
    expect(makeFormats("de-DE", "UTC", "₹").percent(54.55)).toBe("54,55\u00a0%");
    expect(makeFormats("fr-FR", "UTC", "₹").percent(0.5)).toBe("0,5\u00a0%");
    expect(makeFormats("en-US", "UTC", "₹").percent(1234.5)).toBe("1,234.5\u00a0%");
    for (const lang of ["ko-KR", "ja-JP", "zh-CN"])
      expect(makeFormats(lang, "UTC", "₹").percent(54.55)).toBe("54.55%");
  });
});

describe("one formatter", () => {
  /** Every source file of the app, except the formatter itself. */
  function appFiles(dir = "app"): string[] {
    return readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return appFiles(path);
      return /\.(ts|tsx)$/.test(name) && !path.endsWith(join("utils", "format.ts")) ? [path] : [];
    });
  }

  test("no other file of the app formats money or dates on its own", () => {
    const own =
      /\.toFixed\(|Intl\.NumberFormat|Intl\.DateTimeFormat|toLocale(Date|Time)?String\(|toISOString\(/;
    const offenders = appFiles()
      .filter((file) => own.test(readFileSync(file, "utf8")))
      .map((file) => relative(".", file));
    expect(offenders).toEqual([]);
  });

  test("no page writes a percentage's sign after a number on its own (Korean writes 54.55%, German 54,55 %)", () => {
    const own = /\} ?%(?![\w{])|\)\} ?%(?![\w{])/;
    const offenders = appFiles()
      .filter((file) => /\.tsx$/.test(file))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => own.test(line) && !/width|height|style/.test(line))
          .map((line) => `${relative(".", file)}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });
});
