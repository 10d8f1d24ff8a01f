import { type AddressInfo, createServer as createNetServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { uploadFile, upstream, upstreamEnvelope } from "~/utils/api/client.server";
import { UpstreamError, outcomeUnknown, statusOf } from "~/utils/api/errors.server";
import { findUserMsgList } from "~/utils/api/messages.server";
import { trackPageView } from "~/utils/api/track.server";
import { scrambleResponse, unscramble } from "#contract/codec";
import { Code } from "#contract/codes";
import { envelope, startFakeUpstream } from "./fake-upstream";
import { requestWithSession, sessionFromResponse, toastOf } from "./helpers";

let fake: Awaited<ReturnType<typeof startFakeUpstream>>;
const saved = { ...process.env };

beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.setHandler((_s, res) => envelope(res, 200, "success", null));
  process.env.UPSTREAM_URL = fake.base;
  process.env.UPSTREAM_ENCRYPT = saved.UPSTREAM_ENCRYPT ?? "0";
});

const userRequest = (extra: Record<string, string> = {}) =>
  requestWithSession(
    "http://app.test/pages/account/account",
    { token: "tok-123", lang: "fr-FR", deviceId: "dev-1" },
    { headers: { "x-request-id": "req-1", "x-forwarded-for": "203.0.113.7", ...extra } },
  );

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe("upstream client", () => {
  beforeAll(() => {
    process.env.UPSTREAM_URL = fake.base;
  });

  it("sends every header of the contract", async () => {
    fake.setHandler((_s, res) => envelope(res, 200, "ok", { a: 1 }));
    const result = await upstream(await userRequest(), "/app/user/getUserInfo", {
      schema: z.object({ a: z.number() }),
      idempotencyKey: "idem-9",
    });
    expect(result).toEqual({ a: 1 });
    const seen = fake.requests[0];
    expect(seen.url.pathname).toBe("/core/app/user/getUserInfo");
    expect(seen.headers.authorization).toBe("tok-123");
    expect(seen.headers["access-token"]).toBe("tok-123");
    expect(seen.headers["accept-language"]).toBe("fr-FR");
    expect(seen.headers.encrypt).toBe("0");
    expect(seen.headers["x-request-id"]).toBe("req-1");
    expect(seen.headers["x-forwarded-for"]).toBe("203.0.113.7");
    expect(seen.headers["x-device-id"]).toBe("dev-1");
    expect(seen.headers["idempotency-key"]).toBe("idem-9");
  });

  it("sends ja-JP and no token headers for a visitor without a language", async () => {
    await upstream(new Request("http://app.test/"), "/app/config/getSysCfgValue", { schema: z.null() });
    const seen = fake.requests[0];
    expect(seen.headers["accept-language"]).toBe("ja-JP");
    expect(seen.headers.authorization).toBeUndefined();
    expect(seen.headers["access-token"]).toBeUndefined();
    expect(seen.headers["x-request-id"]).toMatch(/.+/);
  });

  it("asks for notices in the page's language: en-US for a player who never chose one, not the header's ja-JP", async () => {
    const page = { content: [], totalElements: 0, pageNo: 1, pageSize: 20 };
    fake.setHandler((_s, res) => envelope(res, 200, "success", page));
    const noChoice = await requestWithSession("http://app.test/pages/notice/notice", { token: "tok-1" });
    await findUserMsgList(noChoice, 1);
    await upstream(noChoice, "/app/user/getUserInfo", { schema: z.unknown() });
    await findUserMsgList(await userRequest(), 1);
    expect(fake.requests.map((r) => r.headers["accept-language"])).toEqual(["en-US", "ja-JP", "fr-FR"]);
  });

  it("puts GET parameters in the query and drops undefined ones", async () => {
    await upstream(await userRequest(), "app/game/luckyLottery/getSession", {
      params: { level: 2, coin: "CHIP", skip: undefined, flag: true },
      schema: z.null(),
    });
    const seen = fake.requests[0];
    expect(seen.method).toBe("GET");
    expect(Object.fromEntries(seen.url.searchParams)).toEqual({ level: "2", coin: "CHIP", flag: "true" });
    expect(seen.body.length).toBe(0);
  });

  it("form-encodes POST bodies", async () => {
    await upstream(await userRequest(), "/app/auth/login", {
      method: "POST",
      params: { areaCode: "91", phone: "900", password: "a b&c=d" },
      schema: z.null(),
    });
    const seen = fake.requests[0];
    expect(seen.method).toBe("POST");
    expect(seen.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(seen.body.toString()))).toEqual({
      areaCode: "91",
      phone: "900",
      password: "a b&c=d",
    });
    expect(seen.url.search).toBe("");
  });

  it("parses a JSON envelope sent as a JSON string", async () => {
    fake.setHandler((_s, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(JSON.stringify({ code: 200, message: "ok", result: [1, 2] })));
    });
    expect(await upstream(null, "/x", { schema: z.array(z.number()) })).toEqual([1, 2]);
  });

  it("scrambles the request and unscrambles the answer when encryption is on", async () => {
    process.env.UPSTREAM_ENCRYPT = "1";
    fake.setHandler((seen, res) => {
      const form = new URLSearchParams(seen.body.toString());
      const inner = Object.fromEntries(new URLSearchParams(unscramble(form.get("data") ?? "")));
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(scrambleResponse(JSON.stringify({ code: 200, message: "ok", result: { echo: inner } })));
    });
    const result = await upstream(await userRequest(), "/app/user/modifyUserBaseInfo", {
      method: "POST",
      params: { nickName: "Zoë & co", sex: 1 },
      schema: z.object({ echo: z.record(z.string()) }),
    });
    expect(result.echo).toEqual({ nickName: "Zoë & co", sex: "1" });
    const seen = fake.requests[0];
    expect(seen.headers.encrypt).toBe("1");
    expect([...new URLSearchParams(seen.body.toString()).keys()]).toEqual(["data"]);
  });

  it("scrambles GET parameters into a single data query field", async () => {
    process.env.UPSTREAM_ENCRYPT = "1";
    fake.setHandler((_s, res) => envelope(res, 200, "ok", null));
    await upstream(await userRequest(), "/app/x", { params: { coin: "GOLD" }, schema: z.null() });
    const seen = fake.requests[0];
    expect([...seen.url.searchParams.keys()]).toEqual(["data"]);
    expect(unscramble(seen.url.searchParams.get("data") ?? "")).toBe("coin=GOLD");
  });

  it("times out with code 5", async () => {
    fake.setHandler(() => {
      // Never answers.
    });
    const error = await rejection(upstream(null, "/slow", { schema: z.null(), timeoutMs: 150 }));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe(Code.TRANSPORT_TIMEOUT);
    expect((error as UpstreamError).message).toBe("Request timed out");
  });

  it("reports a network failure with code 5", async () => {
    process.env.UPSTREAM_URL = "http://127.0.0.1:9/core";
    const error = await rejection(upstream(null, "/x", { schema: z.null() }));
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).code).toBe(5);
    expect((error as UpstreamError).message).toBe("Network error");
  });

  it("tells 'nothing sent', 'sent but no answer' and 'timed out' apart by a field, and maps each once", async () => {
    // Nothing listens: nothing was sent.
    process.env.UPSTREAM_URL = "http://127.0.0.1:9/core";
    const unreachable = (await rejection(
      upstream(null, "/app/x", { method: "POST", params: { a: 1 }, schema: z.null() }),
    )) as UpstreamError;
    expect(unreachable).toMatchObject({ code: Code.TRANSPORT_NETWORK, failure: "unreachable" });
    expect(outcomeUnknown(unreachable)).toBe(false);
    expect(statusOf(unreachable)).toBe(503);

    // A real socket that reads the whole request, then dies without a byte of answer.
    const seen: string[] = [];
    const dying = createNetServer((socket) => {
      let data = "";
      socket.on("data", (chunk) => {
        data += chunk.toString();
        if (data.includes("\r\n\r\n") && data.endsWith("a=1")) {
          seen.push(data);
          socket.destroy();
        }
      });
    });
    await new Promise<void>((r) => dying.listen(0, "127.0.0.1", r));
    process.env.UPSTREAM_URL = `http://127.0.0.1:${(dying.address() as AddressInfo).port}/core`;
    try {
      const lost = (await rejection(
        upstream(null, "/app/x", { method: "POST", params: { a: 1 }, schema: z.null() }),
      )) as UpstreamError;
      expect(seen).toHaveLength(1);
      expect(lost).toMatchObject({ code: Code.TRANSPORT_NETWORK, failure: "no-reply" });
      expect(outcomeUnknown(lost)).toBe(true);
      expect(statusOf(lost)).toBe(502);
    } finally {
      await new Promise<void>((r) => dying.close(() => r()));
    }

    process.env.UPSTREAM_URL = fake.base;
    fake.setHandler(() => {});
    const late = (await rejection(
      upstream(null, "/x", { schema: z.null(), timeoutMs: 100 }),
    )) as UpstreamError;
    expect(late).toMatchObject({ code: Code.TRANSPORT_TIMEOUT, failure: "timeout" });
    expect(outcomeUnknown(late)).toBe(true);
    expect(statusOf(late)).toBe(504);

    fake.setHandler((_s, res) => envelope(res, 409, "Taken", null));
    const refused = (await rejection(upstream(null, "/x", { schema: z.null() }))) as UpstreamError;
    expect(refused).toMatchObject({ code: 409, failure: "refused" });
    expect(outcomeUnknown(refused)).toBe(false);
    expect(statusOf(refused)).toBe(409);
  });

  it("reports an abort by the caller with code 600003", async () => {
    fake.setHandler(() => {});
    const controller = new AbortController();
    const request = new Request("http://app.test/", { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await rejection(upstream(request, "/x", { schema: z.null(), timeoutMs: 5000 }));
    expect((error as UpstreamError).code).toBe(Code.TRANSPORT_ABORT);
  });

  it("turns an HTTP 500 without an envelope into a clear error", async () => {
    fake.setHandler((_s, res) => {
      res.writeHead(500, { "content-type": "text/html" });
      res.end("<h1>Internal Server Error</h1>");
    });
    const error = (await rejection(upstream(null, "/x", { schema: z.null() }))) as UpstreamError;
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.code).toBe(Code.BAD_RESPONSE);
    expect(error.status).toBe(500);
    expect(error.message).toContain("HTTP 500");
  });

  it("turns a garbage body into a clear error", async () => {
    fake.setHandler((_s, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{not json");
    });
    const error = (await rejection(upstream(null, "/x", { schema: z.null() }))) as UpstreamError;
    expect(error.code).toBe(Code.BAD_RESPONSE);
    expect(error.message).toMatch(/unreadable/);
  });

  it("rejects a result that does not match the schema", async () => {
    fake.setHandler((_s, res) => envelope(res, 200, "ok", { chip: "lots" }));
    const error = (await rejection(
      upstream(null, "/x", { schema: z.object({ chip: z.number() }) }),
    )) as UpstreamError;
    expect(error.code).toBe(Code.BAD_RESPONSE);
  });

  it("throws UpstreamError(code, message) for other codes; upstreamEnvelope returns them", async () => {
    fake.setHandler((_s, res) => envelope(res, 400, "Insufficient balance", null));
    const error = (await rejection(upstream(null, "/bet", { schema: z.null() }))) as UpstreamError;
    expect(error.code).toBe(400);
    expect(error.message).toBe("Insufficient balance");
    const env = await upstreamEnvelope(null, "/bet", { schema: z.object({ id: z.number() }) });
    expect(env).toMatchObject({ code: 400, message: "Insufficient balance", result: null });
  });

  for (const code of [401, 50001]) {
    it(`code ${code} redirects to login, ends the session and flashes the message`, async () => {
      fake.setHandler((_s, res) => envelope(res, code, "Token expired", null));
      const thrown = await rejection(
        upstream(await userRequest(), "/app/user/getUserInfo", { schema: z.null() }),
      );
      expect(thrown).toBeInstanceOf(Response);
      const response = thrown as Response;
      expect(response.status).toBe(302);
      // After signing in again the player is back on the page that was asked for.
      expect(response.headers.get("location")).toBe(
        "/pages/login/login?redirectTo=%2Fpages%2Faccount%2Faccount",
      );
      const session = await sessionFromResponse(response);
      expect(session.get("token")).toBeUndefined();
      expect(session.get("lang")).toBe("fr-FR");
      expect((await toastOf(response))?.message).toBe("Token expired");
    });
  }

  it("uploads multipart with field 'file' and no encryption", async () => {
    process.env.UPSTREAM_ENCRYPT = "1";
    fake.setHandler((_s, res) => envelope(res, 200, "ok", "/core/files/abc.webp"));
    const file = new File([new Uint8Array([1, 2, 3])], "me.png", { type: "image/png" });
    const url = await uploadFile(await userRequest(), file, { schema: z.string() });
    expect(url).toBe("/core/files/abc.webp");
    const seen = fake.requests[0];
    expect(seen.url.pathname).toBe("/core/file/upload");
    expect(seen.headers.encrypt).toBe("0");
    expect(seen.headers.authorization).toBe("tok-123");
    expect(seen.headers["content-type"]).toContain("multipart/form-data");
    expect(seen.body.toString("latin1")).toContain('name="file"; filename="me.png"');
  });

  it("reports upload transport failures as 602001 and server refusals with their text", async () => {
    process.env.UPSTREAM_URL = "http://127.0.0.1:9/core";
    const file = new File(["x"], "a.png", { type: "image/png" });
    const error = (await rejection(
      uploadFile(await userRequest(), file, { schema: z.string() }),
    )) as UpstreamError;
    expect(error.code).toBe(Code.TRANSPORT_UPLOAD);
    process.env.UPSTREAM_URL = fake.base;
    fake.setHandler((_s, res) => envelope(res, 400, "Only images are accepted", null));
    const refused = (await rejection(
      uploadFile(await userRequest(), file, { schema: z.string() }),
    )) as UpstreamError;
    expect(refused.code).toBe(400);
    expect(refused.message).toBe("Only images are accepted");
  });

  it("tracks page views encrypted, without waiting, ignoring failures", async () => {
    fake.setHandler((_s, res) => envelope(res, 404, "Not found", null));
    // Only the call is timed: making the request (sealing its session) is not the tracker's time.
    const request = await userRequest();
    const started = Date.now();
    trackPageView(request, "/pages/home/home");
    expect(Date.now() - started).toBeLessThan(50);
    await new Promise((r) => setTimeout(r, 200));
    const seen = fake.requests.find((r) => r.url.pathname === "/core/app/track/pageView");
    expect(seen?.headers.encrypt).toBe("1");
    const inner = new URLSearchParams(
      unscramble(new URLSearchParams(seen?.body.toString()).get("data") ?? ""),
    );
    expect(inner.get("path")).toBe("/pages/home/home");
    expect(inner.get("deviceId")).toBe("dev-1");
    // An unreachable upstream does not throw either.
    process.env.UPSTREAM_URL = "http://127.0.0.1:9/core";
    expect(() => trackPageView(new Request("http://app.test/"), "/")).not.toThrow();
  });
});
