import { coinAmount, coinUnits } from "~/components/assets/money";
import { makeFormats } from "~/utils/format";
import { i18nData } from "~/utils/i18n.server";
import { makeT } from "~/utils/translate";

/** The coins' names as the pages write them, from the real translations (locales/). */
async function writer(lng: "en-US" | "fr-FR" | "de-DE" | "ja-JP") {
  const t = makeT(await i18nData(lng, ["common", "assets"]), "assets");
  return { t, fmt: makeFormats(lng, "UTC", "₹") };
}

test("a count of a coin's units agrees with the count, in each language", async () => {
  const en = await writer("en-US");
  expect(coinUnits(en.fmt, en.t, 1, "CHIP")).toBe("1 Chip");
  expect(coinUnits(en.fmt, en.t, 100, "POINT")).toBe("100 Points");
  expect(coinUnits(en.fmt, en.t, 1000, "CHIP")).toBe("1,000 Chips");
  const fr = await writer("fr-FR");
  expect(coinUnits(fr.fmt, fr.t, 1, "CHIP")).toBe("1 Jeton");
  expect(coinUnits(fr.fmt, fr.t, 100, "CHIP")).toBe("100 Jetons");
  const de = await writer("de-DE");
  expect(coinUnits(de.fmt, de.t, 1, "POINT")).toBe("1 Punkt");
  const ja = await writer("ja-JP");
  expect(coinUnits(ja.fmt, ja.t, 1, "CHIP")).toBe("1 チップ");
});

test("an amount of gold or points is followed by the coin's one name, as on the balance card", async () => {
  const en = await writer("en-US");
  expect(coinAmount(en.fmt, en.t, 24, "POINT")).toBe(`24.00 ${en.t("common:coin.POINT")}`);
  expect(en.t("common:coin.POINT")).toBe("Points");
  expect(coinAmount(en.fmt, en.t, 25.5, "CHIP")).toBe("₹25.50");
});
