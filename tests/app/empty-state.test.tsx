/** The one empty state: a title alone says it all, "No Data" stands only when nothing else does. */
import { renderToString } from "react-dom/server";
import { EmptyState } from "~/components/EmptyState";
import { TranslationsProvider } from "~/utils/i18n-react";
import { i18nData } from "~/utils/i18n.server";

async function render(props: Parameters<typeof EmptyState>[0]) {
  const i18n = await i18nData("en-US");
  return renderToString(
    <TranslationsProvider data={i18n}>
      <EmptyState {...props} />
    </TranslationsProvider>,
  );
}

describe("EmptyState", () => {
  test("a title alone is a heading under the bar's h1, with no 'No Data' under it", async () => {
    const html = await render({ title: "No bloggers yet" });
    expect(html).toMatch(/<h2[^>]*>No bloggers yet<\/h2>/);
    expect(html).not.toContain("<h1");
    expect(html).not.toContain("No Data");
  });

  test("a message stands under its title; with neither, 'No Data'", async () => {
    const both = await render({ title: "Bet not found", message: "This bet was not found." });
    expect(both).toMatch(/<h2[^>]*>Bet not found<\/h2><p[^>]*>This bet was not found\.<\/p>/);
    expect(await render({})).toMatch(/<p[^>]*>No Data<\/p>/);
  });
});
