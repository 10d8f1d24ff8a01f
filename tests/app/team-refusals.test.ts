/**
 * A refused team claim reads in the player's language, whatever the refusal: a recharge task the
 * operator switched off (or never made) and a rebate that is not the player's, as the team page's
 * and the claim page's forms send them, against a real reference core.
 */
import { describe, expect, it } from "vitest";
import { action as claimAction } from "~/routes/pages.team.claimBonus.claimBonus/route";
import { action as teamAction } from "~/routes/pages.team.team/route";
import { useCoreWithPlayer } from "./game/core-with-player";
import { requestWithSession } from "./helpers";

const player = useCoreWithPlayer(0);
const APP = "http://app.test";

async function send(
  action: typeof teamAction,
  path: string,
  form: Record<string, string>,
  lang: "de-DE" | "ko-KR",
) {
  const request = await requestWithSession(
    `${APP}${path}`,
    { token: player.token, lang },
    {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    },
  );
  const response = (await action({ request, params: {}, context: {} })) as Response;
  return { status: response.status, body: (await response.json()) as { ok: boolean; message: string } };
}

describe("team claims refused by the core", () => {
  it("a task that does not exist (switched off while the page was open) is said in German and Korean", async () => {
    const de = await send(teamAction, "/pages/team/team", { intent: "gift", taskId: "999" }, "de-DE");
    expect(de.body).toEqual({ ok: false, message: "Diese Aufgabe gibt es nicht." });
    expect(de.status).toBe(404);
    const ko = await send(teamAction, "/pages/team/team", { intent: "gift", taskId: "999" }, "ko-KR");
    expect(ko.body.message).not.toMatch(/[A-Za-z]{3}/);
  });

  it("a rebate that is not the player's is said in German and Korean", async () => {
    const form = { intent: "claim", rebateId: "987654" };
    const de = await send(claimAction, "/pages/team/claimBonus/claimBonus", form, "de-DE");
    expect(de.body).toEqual({ ok: false, message: "Diesen Rabatt gibt es nicht." });
    expect(de.status).toBe(404);
    const ko = await send(claimAction, "/pages/team/claimBonus/claimBonus", form, "ko-KR");
    expect(ko.body.message).not.toMatch(/[A-Za-z]{3}/);
  });
});
