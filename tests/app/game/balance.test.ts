/**
 * The game page and the room list read the balance with getBalance (ours: one indexed read on
 * the core) instead of getUserInfo, whose bet and ledger totals they never show; an upstream
 * without getBalance still gives the balance through getUserInfo (docs/upstream-api.md).
 */
import { afterAll, describe, expect, it } from "vitest";
import { UpstreamError } from "~/utils/api/errors.server";
import { getBalances } from "~/utils/api/user.server";
import { USER_INFO as WHOLE_USER_INFO, envelope, startFakeUpstream } from "../fake-upstream";
import { requestWithSession } from "../helpers";

type Fake = Awaited<ReturnType<typeof startFakeUpstream>>;
const fakes: Fake[] = [];
const saved = process.env.UPSTREAM_URL;

async function upstreamAnswering(handler: Parameters<Fake["setHandler"]>[0]): Promise<Fake> {
  const fake = await startFakeUpstream();
  fake.setHandler(handler);
  fakes.push(fake);
  process.env.UPSTREAM_URL = fake.base;
  return fake;
}
const paths = (fake: Fake) => fake.requests.map((r) => r.url.pathname.replace("/core/app/user/", ""));
const request = () =>
  requestWithSession("http://app.test/pages/game/game", { token: "tok-1", lang: "en-US", deviceId: "d" });
const BALANCE = { chip: 12.5, gold: 3, point: 0 };
/** A whole getUserInfo answer (spec section 3), as an upstream without getBalance gives it. */
const USER_INFO = { ...WHOLE_USER_INFO, ...BALANCE };

afterAll(async () => {
  process.env.UPSTREAM_URL = saved;
  for (const fake of fakes) await fake.close();
});

describe("the player's balance", () => {
  it("is read with getBalance alone", async () => {
    const fake = await upstreamAnswering((seen, res) =>
      seen.url.pathname.endsWith("/getBalance")
        ? envelope(res, 200, "ok", BALANCE)
        : envelope(res, 500, "not expected", null),
    );
    expect(await getBalances(await request())).toEqual(BALANCE);
    expect(await getBalances(await request())).toEqual(BALANCE);
    expect(paths(fake)).toEqual(["getBalance", "getBalance"]);
  });

  it("comes from getUserInfo on an upstream without getBalance, which is then asked no more", async () => {
    for (const missing of [
      // Our core's answer to an unknown path, and a plain HTTP 404 page.
      (res: Parameters<typeof envelope>[0]) => envelope(res, 404, "Not found", null, 404),
      (res: Parameters<typeof envelope>[0]) => res.writeHead(404).end("<h1>Not Found</h1>"),
    ]) {
      const fake = await upstreamAnswering((seen, res) =>
        seen.url.pathname.endsWith("/getBalance") ? missing(res) : envelope(res, 200, "ok", USER_INFO),
      );
      expect(await getBalances(await request())).toEqual(BALANCE);
      expect(await getBalances(await request())).toEqual(BALANCE);
      expect(paths(fake)).toEqual(["getBalance", "getUserInfo", "getUserInfo"]);
    }
  });

  it("fails as any call fails when getBalance fails otherwise (no fallback that hides an outage)", async () => {
    const fake = await upstreamAnswering((_seen, res) => envelope(res, 500, "Server error", null));
    const error = await getBalances(await request()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe(500);
    expect(paths(fake)).toEqual(["getBalance"]);
  });
});
