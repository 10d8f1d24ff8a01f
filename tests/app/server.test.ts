import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { BODY_LIMITS, DEFAULT_BODY_LIMIT } from "../../server/body-limits";
import { LOCALE_ESCAPES, getAsWritten, sendBody } from "./raw-http";

/** A fake Remix build: the route tree the server matches, and a handler that echoes. */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true },
    "routes/pages.account.account": {
      id: "routes/pages.account.account",
      parentId: "root",
      path: "pages/account/account",
    },
    "routes/pages.login.login": {
      id: "routes/pages.login.login",
      parentId: "root",
      path: "pages/login/login",
    },
    "routes/$": { id: "routes/$", parentId: "root", path: "*" },
  },
};

/** What the fake Remix handler saw of each body it read: its size, or the error reading it. */
const bodiesRead: Array<{ path: string; bytes?: number; error?: string }> = [];

async function handleRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (request.method === "POST" && url.searchParams.has("read")) {
    try {
      const bytes = (await request.arrayBuffer()).byteLength;
      bodiesRead.push({ path: url.pathname, bytes });
      return Response.json({ bytes });
    } catch (error) {
      bodiesRead.push({ path: url.pathname, error: (error as { code?: string }).code ?? String(error) });
      throw error;
    }
  }
  if (url.searchParams.has("page")) {
    const size = Number(url.searchParams.get("page")) || 0;
    return new Response(`<!DOCTYPE html><p>${"colour ".repeat(size)}</p>`, {
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  }
  if (url.searchParams.get("redirect")) {
    return new Response(null, {
      status: 204,
      headers: { "x-remix-redirect": url.searchParams.get("redirect") ?? "/", "set-cookie": "a=b; Path=/" },
    });
  }
  return Response.json({
    url: `${url.pathname}${url.search}`,
    jsonMode: request.headers.get("x-json-mode"),
    requestId: request.headers.get("x-request-id"),
    method: request.method,
  });
}

async function listen(options: { trustProxy?: string } = {}) {
  const app = createApp({ build, handleRequest, ready: async () => true, ...options });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}
async function close(server: Server) {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

let server: Server;
let base: string;
beforeAll(async () => {
  ({ server, base } = await listen());
});
afterAll(() => close(server));

describe("health", () => {
  it("answers /healthz and /readyz", async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
});

describe("security headers", () => {
  it("sets CSP with a nonce, frame-ancestors none, nosniff, referrer policy and a request id", async () => {
    const res = await fetch(`${base}/pages/login/login`, { headers: { "x-request-id": "abc-123" } });
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toBe("abc-123");
    expect((await res.json()).requestId).toBe("abc-123");
  });

  it("replaces a malformed request id", async () => {
    const res = await fetch(`${base}/`, { headers: { "x-request-id": "bad id with spaces" } });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("CSRF defence", () => {
  const post = (headers: Record<string, string>) =>
    fetch(`${base}/pages/login/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "intent=login",
    });

  it("refuses a cross-site Origin", async () => {
    expect((await post({ origin: "https://evil.example" })).status).toBe(403);
  });
  it("refuses Sec-Fetch-Site cross-site and same-site", async () => {
    expect((await post({ "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await post({ "sec-fetch-site": "same-site" })).status).toBe(403);
  });
  it("refuses a request without Origin whose Referer is another site's page", async () => {
    expect((await post({ referer: "https://evil.example/form.html" })).status).toBe(403);
    expect((await post({ referer: `${base}/pages/account/account` })).status).toBe(200);
    expect((await post({ origin: base, referer: "https://evil.example/" })).status).toBe(200);
  });
  it("refuses Origin null", async () => {
    expect((await post({ origin: "null" })).status).toBe(403);
  });
  it("allows same-origin requests and requests with neither header (curl)", async () => {
    expect((await post({ origin: base, "sec-fetch-site": "same-origin" })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });
  it("answers JSON to a JSON client", async () => {
    const res = await post({ origin: "https://evil.example", accept: "application/json" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Cross-site request refused" });
  });
});

describe("JSON mode", () => {
  it("rewrites a JSON request to the leaf route's data request", async () => {
    const res = await fetch(`${base}/pages/account/account?x=1`, { headers: { accept: "application/json" } });
    const body = await res.json();
    expect(body.url).toBe("/pages/account/account?x=1&_data=routes%2Fpages.account.account");
    expect(body.jsonMode).toBe("1");
  });

  it("adds ?index for the index route", async () => {
    const body = await (await fetch(`${base}/`, { headers: { accept: "application/json" } })).json();
    expect(body.url).toBe("/?_data=routes%2F_index&index=");
  });

  it("leaves HTML requests, existing data requests and a client's own marker alone", async () => {
    const html = await (
      await fetch(`${base}/pages/account/account`, { headers: { accept: "text/html", "x-json-mode": "1" } })
    ).json();
    expect(html.url).toBe("/pages/account/account");
    expect(html.jsonMode).toBeNull();
    const data = await (
      await fetch(`${base}/pages/account/account?_data=root`, { headers: { accept: "application/json" } })
    ).json();
    expect(data.url).toBe("/pages/account/account?_data=root");
  });

  it("turns a redirect into JSON {redirect}", async () => {
    const res = await fetch(`${base}/pages/account/account?redirect=/pages/home/home`, {
      headers: { accept: "application/json" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirect: "/pages/home/home" });
    expect(res.headers.get("set-cookie")).toContain("a=b");
  });

  it("turns a redirect to the login page into 401", async () => {
    const res = await fetch(
      `${base}/pages/account/account?redirect=${encodeURIComponent("/pages/login/login?redirectTo=%2F")}`,
      {
        headers: { accept: "application/json" },
      },
    );
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("Please log in first");
  });
});

describe("CSRF: the whole origin, scheme included", () => {
  const post = (url: string, headers: Record<string, string>) =>
    fetch(`${url}/pages/login/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "intent=login",
    });

  it("refuses an https Origin with our host to an http request, and another port", async () => {
    const host = new URL(base).host;
    expect((await post(base, { origin: `https://${host}` })).status).toBe(403);
    expect((await post(base, { origin: "http://127.0.0.1:1" })).status).toBe(403);
    expect((await post(base, { origin: `http://${host}` })).status).toBe(200);
    expect((await post(base, { origin: `http://${host}`, "sec-fetch-site": "same-origin" })).status).toBe(
      200,
    );
  });

  it("ignores X-Forwarded-Proto from an untrusted client", async () => {
    const host = new URL(base).host;
    const res = await post(base, { origin: `https://${host}`, "x-forwarded-proto": "https" });
    expect(res.status).toBe(403);
  });

  it("behind a trusted proxy, compares with the scheme the proxy reports", async () => {
    const proxied = await listen({ trustProxy: "loopback" });
    try {
      const host = new URL(proxied.base).host;
      const https = { "x-forwarded-proto": "https" };
      expect((await post(proxied.base, { ...https, origin: `https://${host}` })).status).toBe(200);
      expect((await post(proxied.base, { ...https, origin: `http://${host}` })).status).toBe(403);
      expect((await post(proxied.base, { origin: `https://${host}` })).status).toBe(403);
    } finally {
      await close(proxied.server);
    }
  });
});

describe("missing static files", () => {
  const get = (path: string, headers: Record<string, string> = {}) => getAsWritten(base, path, headers);

  it("answers 404 for a missing translation, plain or JSON", async () => {
    const res = await get("/locales/nope.json");
    expect(res.status).toBe(404);
    expect(res.text).toBe("Not found");
    const json = await get("/locales/nope.json", { accept: "application/json" });
    expect(json.status).toBe(404);
    expect(JSON.parse(json.text)).toEqual({ message: "Not found" });
    expect((await get("/locales/en-US/nope.json")).status).toBe(404);
    expect((await get("/locales/")).status).toBe(404);
    expect((await get("/locales/en-US/common.json")).status).toBe(200);
  });

  it.each(LOCALE_ESCAPES)("answers %s with 404 or 400, never 500 nor the file", async (path) => {
    const res = await get(path);
    expect([400, 404]).toContain(res.status);
    expect(res.text).not.toContain('"name": "colour-lottery"');
  });
});

describe("request body limits", () => {
  it("refuses an announced oversize body before reading it, and closes the connection", async () => {
    for (const path of ["/resources/theme", "/pages/login/login", "/pages/game/game"]) {
      const res = await sendBody(`${base}${path}?read`, {
        headers: { "content-type": "application/x-www-form-urlencoded" },
        prefix: "theme=",
        size: 200 * 1024 * 1024,
        announce: true,
      });
      expect(res.status, path).toBe(413);
      expect(res.headers.connection).toBe("close");
      expect(res.text).toBe(
        `Request body too large: this address takes at most ${DEFAULT_BODY_LIMIT / 1024} KB`,
      );
      // Answered at once: at most what the sockets buffered was sent, none of it read.
      expect(res.sent).toBeLessThan(16 * 1024 * 1024);
      expect(res.ms).toBeLessThan(3000);
    }
    expect(bodiesRead.filter((b) => b.bytes && b.bytes > DEFAULT_BODY_LIMIT)).toEqual([]);
  });

  it("counts a chunked body (no length) and stops it at the limit", async () => {
    bodiesRead.length = 0;
    for (const path of ["/resources/theme", "/resources/lang", "/pages/myProfile/myProfile"]) {
      const res = await sendBody(`${base}${path}?read`, {
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        prefix: "lang=",
        size: 200 * 1024 * 1024,
      });
      expect(res.status, path).toBe(413);
      expect(res.headers.connection).toBe("close");
      expect((JSON.parse(res.text) as { message: string }).message).toMatch(/^Request body too large/);
      expect(res.sent).toBeLessThan(32 * 1024 * 1024);
    }
    // The handler reading each body got an error, never a truncated body.
    await new Promise((r) => setTimeout(r, 50));
    expect(bodiesRead.map((b) => b.error)).toEqual(["BODY_TOO_LARGE", "BODY_TOO_LARGE", "BODY_TOO_LARGE"]);
  });

  it("takes ordinary forms up to the default limit and the avatar upload up to its own", async () => {
    const AVATAR_LIMIT = BODY_LIMITS["/pages/myprofile/myprofile"];
    const cases: Array<[string, number, number, boolean]> = [
      ["/resources/theme", DEFAULT_BODY_LIMIT, 200, true],
      ["/resources/theme", DEFAULT_BODY_LIMIT, 200, false],
      ["/resources/theme", DEFAULT_BODY_LIMIT + 1, 413, true],
      ["/resources/theme", DEFAULT_BODY_LIMIT + 1, 413, false],
      ["/pages/myProfile/myProfile", AVATAR_LIMIT, 200, true],
      ["/pages/myProfile/myProfile", AVATAR_LIMIT, 200, false],
      ["/pages/myProfile/myProfile/", AVATAR_LIMIT, 200, true],
      ["/pages/MYPROFILE/myprofile", AVATAR_LIMIT, 200, true],
      ["/pages/myProfile/myProfile", AVATAR_LIMIT + 1, 413, true],
      ["/pages/myProfile/myProfile", AVATAR_LIMIT + 1, 413, false],
      ["/pages/myProfile/myProfile/x", AVATAR_LIMIT, 413, true],
      ["/pages/game/game", DEFAULT_BODY_LIMIT + 1024, 413, true],
    ];
    for (const [path, size, status, announce] of cases) {
      const res = await sendBody(`${base}${path}?read`, {
        headers: { "content-type": "multipart/form-data; boundary=x" },
        size,
        announce,
      });
      expect(res.status, `${path} ${size} ${announce ? "announced" : "chunked"}`).toBe(status);
      if (status === 200) expect(JSON.parse(res.text)).toEqual({ bytes: size });
    }
  });

  it("refuses an oversize body on any method, even one nobody reads", async () => {
    const res = await sendBody(`${base}/pages/account/account`, {
      method: "GET",
      size: 50 * 1024 * 1024,
      announce: true,
    });
    expect(res.status).toBe(413);
  });
});

describe("pages in one piece", () => {
  /** A raw GET (fetch would decompress): status, headers and the bytes as sent. */
  function rawGet(path: string, headers: Record<string, string>) {
    return new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get(`${base}${path}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
        .on("error", reject);
    });
  }

  it("a page is gzipped in one write with its length when the browser takes gzip, else sent as is", async () => {
    const page = `<!DOCTYPE html><p>${"colour ".repeat(2000)}</p>`;
    const zipped = await rawGet("/pages/account/account?page=2000", {
      accept: "text/html",
      "accept-encoding": "gzip, deflate, br",
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(zipped.headers["content-length"])).toBe(zipped.body.length);
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(zipped.body).toString("utf8")).toBe(page);

    const plain = await rawGet("/pages/account/account?page=2000", { accept: "text/html" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString("utf8")).toBe(page);

    // Under 1 KB it is not worth it.
    const small = await rawGet("/pages/account/account?page=3", {
      accept: "text/html",
      "accept-encoding": "gzip",
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body.toString("utf8")).toBe(`<!DOCTYPE html><p>${"colour ".repeat(3)}</p>`);
  });
});
