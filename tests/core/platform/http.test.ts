import pino from "pino";
import { ENCRYPTED_PREFIX, scramble, toQueryString, unscrambleResponse } from "#contract/codec";
import { envelopeSchema } from "#contract/envelope";
import { createCoreApp } from "../../../core/src/app";
import { loadConfig } from "../../../core/src/platform/config";
import type { Db } from "../../../core/src/platform/db";
import { call, describeOnEachDatabase, freshIp } from "../../support/core";

describeOnEachDatabase("the core's HTTP conventions", (core, database) => {
  it("answers /healthz and /readyz at the root", async () => {
    const health = await fetch(`${core.origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${core.origin}/readyz`);
    expect(await ready.json()).toEqual({ status: "ready", database });
  });

  it("gives unknown paths a 404 envelope", async () => {
    for (const path of ["/core/app/nothing", "/nothing"]) {
      const res = await fetch(core.origin + path);
      expect(res.status).toBe(404);
      expect(envelopeSchema.parse(await res.json())).toMatchObject({ code: 404, message: "Not found" });
    }
  });

  it("echoes a sane x-request-id and makes one up otherwise; logs requests as JSON without secrets", async () => {
    const mine = await fetch(`${core.url}/app/config/getSysCfgValue?sysCfgKeyEnum=COUNTRY_CODE`, {
      headers: { "x-request-id": "abc-123" },
    });
    expect(mine.headers.get("x-request-id")).toBe("abc-123");
    const made = await fetch(`${core.url}/app/config/getSysCfgValue?sysCfgKeyEnum=COUNTRY_CODE`, {
      headers: { "x-request-id": "bad id with spaces" },
    });
    expect(made.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    await call(core, "/app/auth/login", {
      params: { areaCode: "91", phone: "9000000001", password: "demo1234" },
      ip: freshIp(),
    });
    const lines = core.logLines();
    const entry = lines.find((l) => l.reqId === "abc-123");
    expect(entry).toMatchObject({ msg: "request", method: "GET", status: 200, code: 200 });
    // The demo password is printed once at start (it is public); no other line has a password.
    const text = JSON.stringify(lines.filter((l) => !String(l.msg).startsWith("Demo player: ")));
    expect(text).not.toContain("demo1234");
    const tokens = await core.deps.db.query<{ token_hash: string }>("SELECT token_hash FROM auth_tokens");
    for (const t of tokens) expect(text).not.toContain(t.token_hash);
  });

  it("reads a scrambled request and scrambles the answer when encrypt: 1", async () => {
    const body = new URLSearchParams({
      data: scramble(toQueryString({ areaCode: "91", phone: "9000000001", password: "demo1234" })),
    });
    const res = await fetch(`${core.url}/app/auth/login`, {
      method: "POST",
      headers: {
        encrypt: "1",
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-for": freshIp(),
      },
      body,
    });
    const text = await res.text();
    expect(text.startsWith(ENCRYPTED_PREFIX)).toBe(true);
    const envelope = envelopeSchema.parse(JSON.parse(unscrambleResponse(text)));
    expect(envelope.code).toBe(200);
    const token = (envelope.result as { token: string }).token;
    // GET: the scrambled query travels in `data` too; errors come back scrambled as well.
    const get = await fetch(
      `${core.url}/app/config/getSysCfgValue?data=${encodeURIComponent(scramble("sysCfgKeyEnum=JACKPOT_APPLY"))}`,
      { headers: { encrypt: "1", "access-token": token } },
    );
    expect(JSON.parse(unscrambleResponse(await get.text()))).toMatchObject({ code: 200, result: "0" });
    const garbage = await fetch(`${core.url}/app/auth/login`, {
      method: "POST",
      headers: { encrypt: "1", "content-type": "application/x-www-form-urlencoded" },
      body: "data=not-scrambled",
    });
    expect(JSON.parse(unscrambleResponse(await garbage.text()))).toMatchObject({
      code: 400,
      message: "The encrypted request could not be read",
    });
  });

  it("answers plain JSON when encrypt is 0 or absent, and accepts JSON bodies", async () => {
    const res = await fetch(`${core.url}/app/auth/login`, {
      method: "POST",
      headers: { encrypt: "0", "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: JSON.stringify({ areaCode: "91", phone: "9000000001", password: "demo1234" }),
    });
    expect((await res.json()).code).toBe(200);
    const broken = await fetch(`${core.url}/app/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{",
    });
    expect(await broken.json()).toMatchObject({ code: 400, message: "The request body is not valid JSON" });
  });

  it("reads form bodies as browsers encode them: percent escapes, and the last of a repeated field", async () => {
    const res = await fetch(`${core.url}/app/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        "x-forwarded-for": freshIp(),
      },
      body: "areaCode=91&phone=1111111111&phone=9000000001&password=demo%31%32%334",
    });
    expect(await res.json()).toMatchObject({ code: 200, result: { token: expect.any(String) } });
  });

  it("refuses oversized form bodies", async () => {
    const res = await fetch(`${core.url}/app/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `password=${"x".repeat(300 * 1024)}`,
    });
    expect(await res.json()).toMatchObject({ code: 400, message: "The request is too large" });
  });
});

describe("unexpected failures", () => {
  it("become {code: 500, message: 'Server error'} with no stack in the body, and are logged", async () => {
    const lines: string[] = [];
    const log = pino({ level: "info" }, { write: (l: string) => void lines.push(l) });
    const broken: Db = {
      kind: "pglite",
      query: async () => {
        throw new Error("disk on fire at /secret/path");
      },
      tx: async () => {
        throw new Error("disk on fire");
      },
      close: async () => {},
    };
    const app = createCoreApp({ db: broken, log, config: loadConfig({}), now: Date.now });
    const res = await app.request("/core/app/config/getSysCfgValue?sysCfgKeyEnum=COUNTRY_CODE");
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({ code: 500, message: "Server error", result: null });
    expect(text).not.toContain("disk on fire");
    expect(text).not.toContain("at ");
    expect(lines.join("")).toContain("disk on fire");
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(503);
  });
});

describe("client address", () => {
  it("believes x-forwarded-for only from loopback or private peers", async () => {
    const { clientIp } = await import("../../../core/src/platform/http");
    const { Hono } = await import("hono");
    const app = new Hono<import("../../../core/src/platform/context").CoreEnv>();
    app.get("/", (c) => {
      c.set("remoteAddress", c.req.header("x-peer") || undefined);
      return c.text(clientIp(c));
    });
    const ask = async (peer: string, forwarded = "203.0.113.9") =>
      (await app.request("/", { headers: { "x-peer": peer, "x-forwarded-for": forwarded } })).text();
    expect(await ask("127.0.0.1")).toBe("203.0.113.9");
    expect(await ask("::ffff:127.0.0.1")).toBe("203.0.113.9");
    expect(await ask("10.1.2.3")).toBe("203.0.113.9");
    expect(await ask("198.51.100.7")).toBe("198.51.100.7");
    expect(await ask("")).toBe("203.0.113.9");
  });
});
