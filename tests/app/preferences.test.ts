import { describe, expect, it } from "vitest";
import { action as langAction } from "~/routes/resources.lang";
import { action as themeAction } from "~/routes/resources.theme";
import { requestWithSession, sessionFromResponse } from "./helpers";

type Action = (args: Parameters<typeof langAction>[0]) => Promise<unknown>;
/** Posts `form` to a preference's action as a player whose session holds French and dark. */
async function post(action: Action, path: string, form: Record<string, string>, accept = "text/html") {
  const request = await requestWithSession(
    `http://app.test${path}`,
    { lang: "fr-FR", theme: "dark" },
    {
      method: "POST",
      body: new URLSearchParams(form),
      headers: { "content-type": "application/x-www-form-urlencoded", accept },
    },
  );
  return (await action({ request, params: {}, context: {} })) as Response;
}

describe("the language and theme preferences", () => {
  it("store a supported value and go back where the player was", async () => {
    const lang = await post(langAction, "/resources/lang", { lang: "de-DE", redirectTo: "/pages/game/game" });
    expect(lang.status).toBe(302);
    expect(lang.headers.get("location")).toBe("/pages/game/game");
    expect((await sessionFromResponse(lang)).get("lang")).toBe("de-DE");

    const theme = await post(themeAction, "/resources/theme", { theme: "light" }, "application/json");
    expect(await theme.json()).toEqual({ ok: true, theme: "light" });
    expect((await sessionFromResponse(theme)).get("theme")).toBe("light");
  });

  it("refuse an unknown or missing value with 400 and a message, and change nothing", async () => {
    const cases: Array<[Action, string, Record<string, string>, string]> = [
      [langAction, "/resources/lang", { lang: "xx-XX" }, "Unsupported language"],
      [langAction, "/resources/lang", {}, "Unsupported language"],
      [themeAction, "/resources/theme", { theme: "blue" }, "Unsupported theme"],
      [themeAction, "/resources/theme", { theme: "Dark" }, "Unsupported theme"],
      [themeAction, "/resources/theme", {}, "Unsupported theme"],
    ];
    for (const [action, path, form, message] of cases) {
      for (const accept of ["text/html", "application/json"]) {
        const res = await post(action, path, form, accept);
        expect(res.status, `${path} ${JSON.stringify(form)} ${accept}`).toBe(400);
        expect(await res.json()).toEqual({ ok: false, message });
        expect(res.headers.getSetCookie()).toEqual([]);
      }
    }
  });
});
