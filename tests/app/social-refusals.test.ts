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
