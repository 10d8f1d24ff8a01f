/**
 * Pure parts of the UI fixes: the countdown never goes up within a round, revalidation waits for
 * navigations and fetchers, the no-JS bet popup's values come from the query, page titles are
 * translated, and toasts sit at the bottom and fade out by CSS.
 */
import { readFileSync } from "node:fs";
import { renderToString } from "react-dom/server";
import { Toasts } from "~/components/Toasts";
import { betFormFromQuery } from "~/routes/pages.game.game/game-page.server";
import { canRevalidate, clockSkew, nextShown, remaining } from "~/utils/countdown";
import { TranslationsProvider } from "~/utils/i18n-react";
import { i18nData } from "~/utils/i18n.server";
import { APP_NAME, titleOf } from "~/utils/meta";

describe("countdown display", () => {
  const serverNow = 1_700_000_000_000;
  const clock = { serverNow, betEndTime: serverNow + 25_000, sessionEndTime: serverNow + 30_000 };

  test("a reload of the same round that reads more time does not move the seconds up", () => {
    // The phone's clock agrees with the server's; the first data gave the right offset (0).
    let shown = nextShown(
      { roundId: "7", left: { bet: 25, round: 30 } },
      "7",
      remaining(clock, serverNow + 6_100, 0),
    );
    expect(shown.left).toEqual({ bet: 19, round: 24 });
    // A revalidation of the same round read at +5.0 s, its offset estimated at +5.6 s (late):
    // on its own it would show 25 s again at +6.15 s.
    const reloaded = { ...clock, serverNow: serverNow + 5_000 };
    const lateSkew = clockSkew(reloaded.serverNow, serverNow + 5_600);
    const next = remaining(reloaded, serverNow + 6_150, lateSkew);
    expect(next.round).toBe(25);
    shown = nextShown(shown, "7", next);
    expect(shown.left).toEqual({ bet: 19, round: 24 });
    // And it keeps going down.
    shown = nextShown(shown, "7", remaining(reloaded, serverNow + 7_700, lateSkew));
    expect(shown.left.round).toBe(23);
  });

  test("a sequence of ticks with reloads never increases within a round", () => {
    let shown = { roundId: "1" as string | null, left: { bet: 55, round: 60 } };
    const values = [58, 57, 58, 56, 57, 55, 54];
    for (const round of values) {
      const before = shown.left.round;
      shown = nextShown(shown, "1", { bet: Math.max(0, round - 5), round });
      expect(shown.left.round).toBeLessThanOrEqual(before);
    }
    expect(shown.left.round).toBe(54);
  });

  test("a new round shows its own value, not the last round's 0:00", () => {
    const ended = { roundId: "1", left: { bet: 0, round: 0 } };
    expect(nextShown(ended, "2", { bet: 55, round: 60 })).toEqual({
      roundId: "2",
      left: { bet: 55, round: 60 },
    });
  });

  test("an unchanged display keeps its object (no re-render)", () => {
    const shown = { roundId: "1", left: { bet: 5, round: 10 } };
    expect(nextShown(shown, "1", { bet: 6, round: 11 })).toBe(shown);
  });
});

describe("revalidation", () => {
  test("only when no navigation, fetcher or revalidation is under way", () => {
    expect(canRevalidate("idle", [], "idle")).toBe(true);
    expect(canRevalidate("idle", ["idle", "idle"], "idle")).toBe(true);
    // The reload after a bet form post (it carries the one-time toast cookie).
    expect(canRevalidate("submitting", [], "idle")).toBe(false);
    expect(canRevalidate("loading", [], "idle")).toBe(false);
    // The result popup's acknowledgement through a fetcher.
    expect(canRevalidate("idle", ["submitting"], "idle")).toBe(false);
    expect(canRevalidate("idle", ["idle", "loading"], "idle")).toBe(false);
    expect(canRevalidate("idle", [], "loading")).toBe(false);
  });
});

describe("bet popup without JS", () => {
  const q = (s: string) => new URLSearchParams(s);
  const bases = [1, 10, 100];
  test("defaults: first base amount, multiple 1", () => {
    expect(betFormFromQuery(q("betName=Red"), bases)).toEqual({ baseAmount: 1, multiple: 1 });
  });
  test("the chosen base and the typed multiple give the rendered total", () => {
    expect(betFormFromQuery(q("betName=Red&baseAmount=10&betMultiples=2&step=0"), bases)).toEqual({
      baseAmount: 10,
      multiple: 2,
    });
  });
  test("− / + step from the typed multiple, within 0…10000", () => {
    expect(betFormFromQuery(q("baseAmount=10&betMultiples=2&step=1"), bases).multiple).toBe(3);
    expect(betFormFromQuery(q("baseAmount=10&betMultiples=2&step=-1"), bases).multiple).toBe(1);
    expect(betFormFromQuery(q("betMultiples=0&step=-1"), bases).multiple).toBe(0);
    expect(betFormFromQuery(q("betMultiples=10000&step=1"), bases).multiple).toBe(10_000);
  });
  test("a quick multiple replaces the typed one; junk is cleaned", () => {
    expect(betFormFromQuery(q("betMultiples=2&setMultiple=50"), bases).multiple).toBe(50);
    expect(betFormFromQuery(q("betMultiples=abc"), bases).multiple).toBe(0);
    expect(betFormFromQuery(q("baseAmount=7"), bases).baseAmount).toBe(1);
  });
});

describe("page titles", () => {
  test("translated page title, then the brand", async () => {
    const fr = await i18nData("fr-FR");
    const matches = [
      { id: "root", data: { i18n: fr } },
      { id: "routes/x", data: null },
    ];
    expect(titleOf(matches, "details.title", "game")).toMatch(/ · Colour Lottery$/);
    expect(titleOf(matches, "details.title", "game")).not.toMatch(/^Bet details/);
    const en = await i18nData("en-US");
    expect(titleOf([{ id: "root", data: { i18n: en } }], "records.betRecord", "game")).toBe(
      "Bet record · Colour Lottery",
    );
    expect(titleOf([{ id: "root", data: { i18n: en } }], "profile.title", "account")).toBe(
      "My profile · Colour Lottery",
    );
  });
  test("the brand alone without translations", () => {
    expect(titleOf([], "profile.title", "account")).toBe(APP_NAME);
  });
});

describe("toasts", () => {
  test("live region at the bottom, above the tab bar, fading out by CSS", async () => {
    const i18n = await i18nData("en-US");
    const html = renderToString(
      <TranslationsProvider data={i18n}>
        <Toasts toast={{ id: "t1", type: "success", message: "Bet placed successfully" }} />
      </TranslationsProvider>,
    );
    expect(html).toContain('aria-live="polite"');
    expect(html).toMatch(/class="toast-stack[^"]*z-toast/);
    expect(html).not.toMatch(/top-16/);
    expect(html).toMatch(/<p class="toast /);
    const css = readFileSync("app/tailwind.css", "utf8");
    expect(css).toMatch(/\.toast-stack\s*{\s*bottom: calc\(4\.5rem \+ env\(safe-area-inset-bottom/);
    // 1.5 s shown (spec toast default 1500 ms) + 0.3 s fade, ending hidden.
    expect(css).toMatch(/\.toast\s*{\s*animation: toast-life 1\.8s ease-in-out forwards;/);
    expect(css).toMatch(/83%\s*{\s*opacity: 1;[\s\S]*?100%\s*{\s*opacity: 0;\s*visibility: hidden;/);
  });
});
