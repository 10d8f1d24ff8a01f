import { DEMO_PLAYER } from "../support/app-server";
import { describeBuilt, useBuiltApp } from "../support/built-app";

/**
 * What a player sees on the phone, against the built app as a browser without JavaScript gets it
 * (and curl): an empty bet record says what will be there and how to get it, and a refused amount
 * or password is said under its field, marked invalid, not at the foot of the form.
 */

/** The input named `name` in the page's HTML, and the text of the elements it is described by. */
function fieldOf(html: string, name: string) {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
  const ids = /aria-describedby="([^"]*)"/.exec(input)?.[1].split(" ") ?? [];
  const described = ids
    .map((id) => new RegExp(`id="${id}"[^>]*>(.*?)</(ul|p|div)>`).exec(html)?.[1] ?? "")
    .join(" ")
    .replace(/<[^>]+>/g, "");
  return { invalid: /aria-invalid="true"/.test(input), described };
}

describeBuilt("what a player sees, in German, without JavaScript", () => {
  const { call } = useBuiltApp();

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
    // The game page's own "My bets" tab says the same.
    const game = await call("/pages/game/game?coin=CHIP&tab=myRecords", { json: false });
    expect(game.html).toContain("Noch keine Wetten. Ihre Wetten erscheinen hier nach jeder Runde.");
  });

  it("a stake under the plan's minimum is said under the amount", async () => {
    const page = await call("/pages/pledge/pledge");
    const plan = (page.body.plans as Array<{ id: number; minAmount: number }>)[0];
    const form = { configId: String(plan.id), amount: "1" };
    const html = (await call("/pages/pledge/pledge", { form, json: false })).html;
    expect(fieldOf(html, "amount")).toEqual({
      invalid: true,
      described: expect.stringContaining("Der Betrag muss mindestens ₹100,00 sein"),
    });
    const answer = await call("/pages/pledge/pledge", { form });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ amount: ["Der Betrag muss mindestens ₹100,00 sein"] });
  });

  it("an exchange over the balance is said under the amount", async () => {
    const form = { pair: "GOLD>CHIP", amount: "100000" };
    const html = (await call("/pages/exchange/exchange", { form, json: false })).html;
    const amount = fieldOf(html, "amount");
    expect(amount.invalid).toBe(true);
    expect(amount.described).toMatch(/Guthaben/);
    const answer = await call("/pages/exchange/exchange", { form });
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.body.errors as object)).toEqual(["amount"]);
  });

  it("a room without a round says so in German, not in the upstream's English", async () => {
    const page = await call("/pages/game/game?level=50&coin=CHIP", { json: false });
    expect(page.status).toBe(200);
    expect(page.html).toContain("Für diesen Raum ist gerade keine Runde eingerichtet.");
    expect(page.html).not.toContain("session configuration");
    const data = await call("/pages/game/game?level=50&coin=CHIP");
    expect(data.body.emptyMessage).toBe("Für diesen Raum ist gerade keine Runde eingerichtet.");
  });

  it("a label before its value is written as the language writes it (French: a space before the colon)", async () => {
    expect((await call("/resources/lang", { form: { lang: "fr-FR" } })).status).toBe(200);
    const pages: Array<[string, string]> = [
      ["/pages/account/account", "Code d’invitation\u00a0:"],
      ["/pages/myProfile/myProfile", "Téléphone\u00a0:"],
      ["/pages/game/game?level=1&coin=CHIP", "Solde\u00a0:"],
    ];
    for (const [path, label] of pages) {
      const page = await call(path, { json: false });
      expect(page.status, path).toBe(200);
      expect(page.html, path).toContain(label);
    }
    expect((await call("/resources/lang", { form: { lang: "de-DE" } })).status).toBe(200);
  });
});
