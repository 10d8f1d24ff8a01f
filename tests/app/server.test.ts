import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// server.mjs only starts listening when run directly; importing it gives createApp.
import { createApp } from "../../server.mjs";

/** A fake Remix build: the route tree server.mjs matches, and a handler that echoes. */
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

async function handleRequest(request: Request): Promise<Response> {
  const url = new URL(request.url);
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

let server: Server;
let base: string;
beforeAll(async () => {
  const app = createApp({ build, handleRequest, ready: async () => true });
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

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
