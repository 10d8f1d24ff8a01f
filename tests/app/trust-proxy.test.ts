import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { isNearPeer } from "../../server/trust-proxy";

/**
 * Whose address the app believes (TRUST_PROXY, docs/operations.md): X-Forwarded-For, -Proto and
 * -Host count only from a trusted proxy. A number of proxies is trusted only from a peer on this
 * host or a private network: a client that reaches the app's port from elsewhere and names
 * another address is counted under its own (the per-address limits on sign-ins and SMS codes).
 * The app's sockets are made to report the peer address under test (a public one cannot connect
 * here); the requests are raw, as a client writes them.
 */
const build = {
  routes: { root: { id: "root", path: "" }, "routes/$": { id: "routes/$", parentId: "root", path: "*" } },
};

/** The fake Remix handler: what the upstream would be told about the player, and the request's URL. */
async function handleRequest(request: Request) {
  return Response.json({ forwardedFor: request.headers.get("x-forwarded-for"), url: request.url });
}

const servers: Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** The app with TRUST_PROXY `trustProxy`, every connection to it seen as coming from `peer`. */
async function appSeenFrom(peer: string, trustProxy?: string) {
  const app = createApp({ build, handleRequest, ready: async () => true, trustProxy });
  const server = http.createServer(app);
  server.on("connection", (socket) => Object.defineProperty(socket, "remoteAddress", { value: peer }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  const port = (server.address() as AddressInfo).port;
  /** A raw request (node:http, headers as written): the status and the JSON body. */
  return (headers: Record<string, string>, method = "GET") =>
    new Promise<{ status: number; body: { forwardedFor?: string; url?: string } }>((resolve, reject) => {
      const req = http.request({ host: "127.0.0.1", port, path: "/pages/x", method, headers }, (res) => {
        let text = "";
        res.on("data", (c) => {
          text += c;
        });
        res.on("end", () => {
          let body = {};
          try {
            body = JSON.parse(text);
          } catch {}
          resolve({ status: res.statusCode ?? 0, body });
        });
      });
      req.on("error", reject);
      req.end(method === "POST" ? "a=1" : undefined);
    });
}

const whoFor = async (peer: string, trustProxy: string | undefined, xff: string) =>
  (await (await appSeenFrom(peer, trustProxy))({ "x-forwarded-for": xff })).body.forwardedFor;

describe("TRUST_PROXY: whose X-Forwarded-For is believed", () => {
  it("a number: not from a client that reaches the port from a public address", async () => {
    expect(await whoFor("203.0.113.9", "1", "198.51.100.7")).toBe("203.0.113.9");
    expect(await whoFor("2001:db8::9", "1", "198.51.100.7")).toBe("2001:db8::9");
    expect(await whoFor("203.0.113.9", "2", "192.0.2.1, 198.51.100.7")).toBe("203.0.113.9");
  });

  it("a number: from a proxy on this host or a private network, that many hops back", async () => {
    expect(await whoFor("127.0.0.1", "1", "203.0.113.5, 198.51.100.7")).toBe("198.51.100.7");
    expect(await whoFor("::ffff:127.0.0.1", "1", "198.51.100.7")).toBe("198.51.100.7");
    expect(await whoFor("10.0.0.5", "1", "198.51.100.7")).toBe("198.51.100.7");
    expect(await whoFor("::ffff:172.20.0.3", "1", "198.51.100.7")).toBe("198.51.100.7");
    expect(await whoFor("192.168.1.2", "1", "198.51.100.7")).toBe("198.51.100.7");
    expect(await whoFor("fd00::2", "1", "198.51.100.7")).toBe("198.51.100.7");
    // Two proxies (a CDN, then a balancer on the private network): the CDN's hop is believed.
    expect(await whoFor("10.0.0.5", "2", "203.0.113.5, 198.51.100.7, 192.0.2.44")).toBe("198.51.100.7");
  });

  it("addresses: only from those peers", async () => {
    expect(await whoFor("203.0.113.9", "10.0.0.0/8", "198.51.100.7")).toBe("203.0.113.9");
    expect(await whoFor("127.0.0.1", "10.0.0.0/8", "198.51.100.7")).toBe("127.0.0.1");
    expect(await whoFor("10.1.2.3", "10.0.0.0/8", "198.51.100.7")).toBe("198.51.100.7");
    expect(await whoFor("203.0.113.9", "203.0.113.9", "198.51.100.7")).toBe("198.51.100.7");
  });

  it("unset: never", async () => {
    expect(await whoFor("127.0.0.1", undefined, "198.51.100.7")).toBe("127.0.0.1");
    expect(await whoFor("10.0.0.5", undefined, "198.51.100.7")).toBe("10.0.0.5");
  });

  it("X-Forwarded-Proto and -Host: only from a trusted proxy", async () => {
    const direct = await appSeenFrom("203.0.113.9", "1");
    const forged = { "x-forwarded-proto": "https", "x-forwarded-host": "evil.example", host: "app.example" };
    expect((await direct(forged)).body.url).toBe("http://app.example/pages/x");
    // Not even the port, which Remix's adapter would take from X-Forwarded-Host from anyone.
    expect((await direct({ ...forged, "x-forwarded-host": "app.example:4444" })).body.url).toBe(
      "http://app.example/pages/x",
    );
    // The same-origin check of a POST compares with the client's claimed host no more.
    const post = { ...forged, "content-type": "application/x-www-form-urlencoded" };
    expect((await direct({ ...post, origin: "https://evil.example" }, "POST")).status).toBe(403);
    expect((await direct({ ...post, origin: "http://app.example" }, "POST")).status).toBe(200);
    const proxied = await appSeenFrom("127.0.0.1", "1");
    const fromProxy = { ...forged, "x-forwarded-host": "app.example" };
    expect(
      (await proxied({ ...fromProxy, "content-type": "text/plain", origin: "https://app.example" }, "POST"))
        .status,
    ).toBe(200);
    // Addresses that do not include the peer: its X-Forwarded-Host is not believed either.
    const other = await appSeenFrom("127.0.0.1", "10.0.0.0/8");
    expect((await other({ ...post, origin: "https://evil.example" }, "POST")).status).toBe(403);
  });

  it("the private networks and this host, and nothing else", () => {
    for (const near of [
      "127.0.0.1",
      "10.255.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.1.1",
      "::1",
      "fd12::1",
      "fe80::1",
      "::ffff:10.0.0.1",
    ])
      expect(isNearPeer(near), near).toBe(true);
    for (const far of [
      "203.0.113.9",
      "172.32.0.1",
      "11.0.0.1",
      "2001:db8::1",
      "::ffff:8.8.8.8",
      "",
      "nonsense",
    ])
      expect(isNearPeer(far), far).toBe(false);
  });
});
