import { getFixedT, i18nData } from "~/utils/i18n.server";
import { interpolate, makeT } from "~/utils/translate";

const data = {
  lng: "en-US",
  v: "test",
  resources: {
    common: { ok: "OK", nested: { deep: "Deep {{name}}" }, "flat.key": "Flat" },
    game: { bets_one: "{{count}} bet", bets_other: "{{count}} bets", round: "Round {{id}}" },
  },
};

describe("the translator components use on both sides", () => {
  const t = makeT(data, "game");
  test("default namespace, ns: prefix and the common fallback", () => {
    expect(t("round", { id: 7 })).toBe("Round 7");
    expect(t("common:ok")).toBe("OK");
    expect(t("ok")).toBe("OK");
  });
  test("finds nested and flat dotted keys", () => {
    expect(t("nested.deep", { name: "sea" })).toBe("Deep sea");
    expect(t("flat.key")).toBe("Flat");
  });
  test("chooses the plural form from count", () => {
    expect(t("bets", { count: 1 })).toBe("1 bet");
    expect(t("bets", { count: 3 })).toBe("3 bets");
  });
  test("a missing key shows its default value, or the key", () => {
    expect(t("missing", { defaultValue: "Fallback" })).toBe("Fallback");
    expect(t("missing")).toBe("missing");
  });
  test("{{name, number}} writes the number in the language's digits", () => {
    const de = makeT(
      { ...data, lng: "de-DE", resources: { game: { fee: "Gebühr {{rate, number}} %" } } },
      "game",
    );
    expect(de("fee", { rate: 0.5 })).toBe("Gebühr 0,5 %");
    expect(de("fee", { rate: 1250.25 })).toBe("Gebühr 1.250,25 %");
    expect(interpolate("{{rate, number}} %", { rate: 12.5 }, "en-US")).toBe("12.5 %");
    expect(interpolate("{{rate, number}} %", { rate: "n/a" }, "fr-FR")).toBe("n/a %");
    // A string is already written for the player: "1.000" stays as it is, never read as 1.
    expect(interpolate("{{n, number}}", { n: "1.000" }, "de-DE")).toBe("1.000");
    expect(interpolate("{{n, number}}", { n: 10000 }, "de-DE")).toBe("10.000");
  });
  test("interpolation leaves unknown placeholders and never evaluates anything", () => {
    expect(interpolate("{{a}} and {{b}}", { a: "<b>x</b>" })).toBe("<b>x</b> and {{b}}");
  });
});

describe("remix-i18next on the server and the component translator agree", () => {
  test.each(["en-US", "zh-CN", "ja-JP", "fr-FR", "de-DE", "ko-KR"])("%s", async (lng) => {
    const serverT = await getFixedT(lng, "account");
    const componentT = makeT(await i18nData(lng as "en-US"), "account");
    for (const key of [
      "login.submit",
      "account.title",
      "common:toast.loggedOut",
      "validation.passwordsMismatch",
    ]) {
      expect(serverT(key)).toBe(componentT(key));
      expect(serverT(key)).not.toBe(key);
    }
    expect(serverT("login.smsWait", { seconds: 42 })).toContain("42");
    // A percentage: i18next's own number format on the server, the same digits in components.
    const serverAssets = await getFixedT(lng, "assets");
    const componentAssets = makeT(await i18nData(lng as "en-US"), "assets");
    const rate = serverAssets("pledge.dailyRate", { rate: 0.5 });
    expect(rate).toBe(componentAssets("pledge.dailyRate", { rate: 0.5 }));
    expect(rate).toContain(lng === "de-DE" || lng === "fr-FR" ? "0,5" : "0.5");
  });
});
