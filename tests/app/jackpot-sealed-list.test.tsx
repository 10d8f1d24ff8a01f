/**
 * The yesterday page's words on the day's ticket list: sealed (decision 078) or read at the draw,
 * and, for a day drawn on an operator's acceptance of its sealed list (decision 080), a note that
 * says so, so that players learn it from the page and not only the operator from their audit;
 * and the next draw's card, which says when a draw is held rather than waiting for its round.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { PendingDraw, SealedList } from "~/routes/pages.jackpot.yesterdayJackpot.yesterdayJackpot/SealedList";
import type { Lang } from "~/utils/i18n";
import { TranslationsProvider } from "~/utils/i18n-react";
import { i18nData } from "~/utils/i18n.server";

/** A part of the page as the server draws it, in `language`. */
async function drawn(part: ReactElement, language: Lang = "en-US") {
  const i18n = await i18nData(language, ["common", "social"]);
  return renderToString(<TranslationsProvider data={i18n}>{part}</TranslationsProvider>);
}

const render = (props: Parameters<typeof SealedList>[0], language?: Lang) =>
  drawn(<SealedList {...props} />, language);

const sealed = { hash: "ab".repeat(32), committedAt: "1 Jun 2026, 18:30" };

describe("the yesterday page's sealed list", () => {
  test("a sealed day drawn as usual: when and the hash's start, no acceptance note", async () => {
    const html = await render({ sealed, acceptedAt: null });
    expect(html).toContain("Ticket list sealed at 1 Jun 2026, 18:30 · hash abababababab…");
    expect(html).not.toContain('data-testid="sealed-accepted"');
  });

  test("a day drawn on the operator's acceptance says so, with when", async () => {
    const html = await render({ sealed, acceptedAt: "2 Jun 2026, 09:15" });
    expect(html).toContain('data-testid="sealed-accepted"');
    expect(html).toContain(
      "The day&#x27;s settled bets changed after its ticket list was sealed, so its draw waited. On 2 Jun 2026, 09:15 the operator accepted the sealed list and the day was drawn from it",
    );
    const german = await render({ sealed, acceptedAt: "2. Juni 2026, 09:15" }, "de-DE");
    expect(german).toContain("Am 2. Juni 2026, 09:15 hat der Betreiber die versiegelte Liste angenommen");
  });

  test("a day committed before lists were sealed says its list was read at the draw", async () => {
    const html = await render({ sealed: null, acceptedAt: null });
    expect(html).toContain("its list was read at the draw");
  });
});

const renderPending = (props: Parameters<typeof PendingDraw>[0], language?: Lang) =>
  drawn(<PendingDraw {...props} />, language);

describe("the yesterday page's next draw", () => {
  const pending = {
    endedAt: "1 Jun 2026, 18:30",
    sealedAt: "1 Jun 2026, 18:31",
    hash: "cd".repeat(32),
    beaconRound: 812,
  };

  test("waiting for its beacon round: says which, no hold", async () => {
    const html = await renderPending({ ...pending, heldSince: null });
    expect(html).toContain("cd".repeat(32));
    expect(html).toContain("The draw waits for beacon round 812");
    expect(html).not.toContain('data-testid="pending-held"');
  });

  test("held since a recount found the day's bets changed: says so, not that it waits for the round", async () => {
    const html = await renderPending({ ...pending, heldSince: "1 Jun 2026, 18:33" });
    expect(html).toContain('data-testid="pending-held"');
    expect(html).toContain(
      "This draw has been on hold since 1 Jun 2026, 18:33: the day&#x27;s settled bets changed after its list was sealed. Once the operator has found out why, the day is drawn from this sealed list, with beacon round 812.",
    );
    expect(html).not.toContain("The draw waits for beacon round");
    const french = await renderPending({ ...pending, heldSince: "1 juin 2026, 18:33" }, "fr-FR");
    expect(french).toContain("Ce tirage est suspendu depuis le 1 juin 2026, 18:33");
  });
});
