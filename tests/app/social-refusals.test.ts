/**
 * A blogger form refused by player protection (a copy during a time-out goes through the bet
 * path, which refuses it with the break's detail) says so in the player's language, as every
 * other page does (app/utils/limit-refusal.server.ts), not in the upstream's English.
 */
import { expect, it } from "vitest";
import { bloggerAction } from "~/components/social/blogger-action.server";
import { copyBloggerBet } from "~/utils/api/bloggers.server";
import { envelope, fakeUpstreamForFile } from "./fake-upstream";
import { requestWithSession } from "./helpers";

const fake = await fakeUpstreamForFile();

it("a copy refused during a time-out answers the break's words in German", async () => {
  const until = Date.UTC(2026, 10, 28, 12, 30);
  fake.setHandler((_seen, res) =>
    envelope(res, 403, "You are in a time-out until 2026-11-28T12:30:00.000Z", {
      reason: "EXCLUDED",
      block: "TIMEOUT",
      until,
    }),
  );
  const request = await requestWithSession(
    "http://localhost/pages/bloggerDetails/bloggerDetails?id=4",
    { token: "t", lang: "de-DE" },
    {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: "intent=copy&betId=9",
    },
  );
  const response = await bloggerAction(request, "/pages/bloggerDetails/bloggerDetails?id=4", async () => {
    await copyBloggerBet(request, 4, 9);
    return { key: "copy.done" };
  });
  expect(response.status).toBe(400);
  const body = (await response.json()) as { message: string };
  expect(body.message).toMatch(/^Sie haben eine Auszeit bis 28\.11\.2026, 18:00(:00)?: Sie können auszahlen/);
});

/** A blogger form sent in German to an upstream that refuses it as the core does. */
async function refusedInGerman(form: string, status: number, message: string, detail: unknown) {
  fake.setHandler((_seen, res) => envelope(res, status, message, detail));
  const request = await requestWithSession(
    "http://localhost/pages/bloggerDetails/bloggerDetails?id=4",
    { token: "t", lang: "de-DE" },
    {
      method: "POST",
      headers: { accept: "application/json", "content-type": "application/x-www-form-urlencoded" },
      body: form,
    },
  );
  const response = await bloggerAction(request, "/pages/bloggerDetails/bloggerDetails?id=4", async () => {
    await copyBloggerBet(request, 4, 9);
    return { key: "detail.copied" };
  });
  expect(response.status).toBe(400);
  return ((await response.json()) as { message: string }).message;
}

it("every refusal of the blogger forms the core gives is said in the player's language", async () => {
  // Each as core/src/bloggers and the bet path answer it (message and result).
  expect(
    await refusedInGerman("intent=apply", 400, "A turnover of at least 1000 is needed to apply", {
      reason: "TURNOVER",
      amount: 1000,
      turnover: 640,
    }),
  ).toBe("Für eine Bewerbung brauchen Sie einen Gesamtumsatz von mindestens ₹1.000,00 (bisher ₹640,00).");
  expect(await refusedInGerman("intent=apply", 400, "You are already a blogger", { reason: "ALREADY" })).toBe(
    "Sie sind bereits Blogger.",
  );
  expect(
    await refusedInGerman("intent=follow", 404, "This player is not a blogger", { reason: "NOT_BLOGGER" }),
  ).toBe("Diese Person ist kein Blogger oder nicht mehr.");
  expect(await refusedInGerman("intent=follow", 400, "You cannot follow yourself", { reason: "SELF" })).toBe(
    "Sie können sich nicht selbst folgen.",
  );
  expect(
    await refusedInGerman("intent=copy&betId=9", 400, "You cannot copy your own bet", { reason: "SELF" }),
  ).toBe("Sie können Ihre eigenen Einsätze nicht kopieren.");
  expect(
    await refusedInGerman("intent=copy&betId=9", 404, "This bet does not exist", { reason: "NO_BET" }),
  ).toBe("Diesen Einsatz gibt es nicht mehr.");
  // A copy is a bet: the bet path's refusals read as on the game page.
  expect(
    await refusedInGerman("intent=copy&betId=9", 400, "Betting is closed for this round", {
      reason: "CLOSED",
    }),
  ).toBe("Für diese Runde sind keine Einsätze mehr möglich");
  expect(
    await refusedInGerman("intent=copy&betId=9", 400, "Insufficient balance", {
      reason: "INSUFFICIENT",
      amount: 30,
      balance: 12.5,
    }),
  ).toBe("Guthaben reicht nicht: Dieser Einsatz kostet ₹30,00, Ihr Guthaben beträgt ₹12,50.");
});
