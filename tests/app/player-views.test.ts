import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILT, DEMO_PLAYER, type RunningApp, formCaller, startApp, stopApp } from "../support/app-server";

/**
 * What a player sees on the phone, against the built app as a browser without JavaScript gets it
 * (and curl): an empty bet record says what will be there and how to get it.
 */

if (!BUILT) console.warn("tests/app/player-views.test.ts SKIPPED: run `npm run build` first.");

describe.skipIf(!BUILT)("what a player sees, in German, without JavaScript", () => {
  let app: RunningApp | undefined;
  beforeAll(async () => {
    app = await startApp();
  }, 120_000);
  afterAll(async () => {
    await stopApp(app);
  }, 30_000);
  const call = formCaller(() => app);

  it("signs in and speaks German", async () => {
    expect((await call("/pages/login/login", { form: DEMO_PLAYER })).status).toBe(200);
    expect((await call("/resources/lang", { form: { lang: "de-DE" } })).status).toBe(200);
  });

  it("an empty bet record says what shows there and offers a round, not 'Keine Daten'", async () => {
    const mine = await call("/pages/betRecord/betRecord", { json: false });
    expect(mine.status).toBe(200);
    expect(mine.html).toContain('data-testid="empty-state"');
    expect(mine.html).toContain("Noch keine Wetten. Ihre Wetten erscheinen hier nach jeder Runde.");
    expect(mine.html).toMatch(/<a[^>]*href="\/pages\/game\/gameList"[^>]*>Eine Runde spielen<\/a>/);
    expect(mine.html).not.toContain("Keine Daten");
    const wins = await call("/pages/betRecord/betRecord?tab=wins", { json: false });
    expect(wins.html).toContain("Noch keine Gewinne.");
    expect(wins.html).not.toContain("Keine Daten");
  });
});
