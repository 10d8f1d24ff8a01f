import type { Server } from "node:http";
import { type AddressInfo, connect } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { httpServerFor } from "../../server/slow-clients";
import { sendBody, trickle } from "../app/raw-http";

/**
 * A client that sends its request slowly (decision 069): its headers must be in within a bound,
 * and its body must arrive at a minimum rate after a grace period, or it is answered 408 and its
 * connection closed. Small numbers here, so that each case takes a few seconds.
 */
const limits = { headersTimeoutMs: 1500, bodyGraceMs: 1000, bodyBytesPerSecond: 100_000 };

const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/pages.login.login": {
      id: "routes/pages.login.login",
      parentId: "root",
      path: "pages/login/login",
    },
    "routes/pages.myprofile.myprofile": {
      id: "routes/pages.myprofile.myprofile",
      parentId: "root",
      path: "pages/myprofile/myprofile",
    },
  },
};

/** Reads the whole body (after `wait` ms, when asked) and says how many bytes it had. */
async function handleRequest(request: Request): Promise<Response> {
  const wait = Number(new URL(request.url).searchParams.get("wait") ?? 0);
  if (wait) await new Promise((r) => setTimeout(r, wait));
  const bytes = (await request.arrayBuffer()).byteLength;
  return Response.json({ bytes });
}

let server: Server;
let port: number;
let origin: string;
beforeAll(async () => {
  const app = createApp({ build, handleRequest, ready: async () => true, slowClients: limits });
  server = await new Promise<Server>((resolve) => {
    const s = httpServerFor(app, limits).listen(0, "127.0.0.1", () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

function postHead(path: string, length: number) {
  return [
    `POST ${path} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    `Origin: ${origin}`,
    "Accept: application/json",
    "Content-Type: application/x-www-form-urlencoded",
    `Content-Length: ${length}`,
    "",
    "",
  ].join("\r\n");
}

it("a body that trickles in (one byte every 200 ms) is answered 408 with the usual JSON and its connection closed", async () => {
  const answer = await trickle(port, postHead("/pages/login/login", 60_000), "a".repeat(60_000), 200, 8_000);
  expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer.text).toMatch(/connection: close/i);
  const body = JSON.parse(answer.text.slice(answer.text.indexOf("\r\n\r\n") + 4));
  expect(body.message).toMatch(/too slow/i);
  // Grace, then one check (every second), then the lingering close (2 s at most).
  expect(answer.closedAfterMs).toBeLessThan(limits.bodyGraceMs + 1_000 + 2_000 + 1_000);
}, 10_000);

it("the avatar upload's address is held to the same rate", async () => {
  const answer = await trickle(
    port,
    postHead("/pages/myprofile/myprofile", 60_000),
    "a".repeat(60_000),
    500,
    8_000,
  );
  expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
}, 10_000);

it("headers that trickle in are answered 408 and the connection closed within the header timeout", async () => {
  const answer = await trickle(
    port,
    `GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`,
    "X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
    200,
    8_000,
  );
  expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
  // The header timeout, then one connection check (every second).
  expect(answer.closedAfterMs).toBeLessThan(limits.headersTimeoutMs + 1_000 + 1_000);
}, 10_000);

it("a body sent at a few times the minimum rate, for longer than the grace, is read whole", async () => {
  const size = 4 * limits.bodyBytesPerSecond * 3; // 3 s at 4 times the floor
  const chunk = limits.bodyBytesPerSecond / 5;
  const answer = await new Promise<string>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (c) => {
      text += c;
      if (text.includes("}")) socket.end();
    });
    socket.on("close", () => resolve(text));
    socket.write(postHead("/pages/myprofile/myprofile", size));
    let sent = 0;
    const timer = setInterval(() => {
      socket.write("a".repeat(chunk));
      sent += chunk;
      if (sent >= size) clearInterval(timer);
    }, 50);
  });
  expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  expect(answer).toContain(`{"bytes":${size}}`);
}, 10_000);

it("a large upload at full speed is read whole, and so is one the server itself waits before reading", async () => {
  const size = 9 * 1024 * 1024;
  for (const path of ["/pages/myprofile/myprofile", "/pages/myprofile/myprofile?wait=3000"]) {
    const answer = await sendBody(`${origin}${path}`, {
      headers: { origin, accept: "application/json", "content-type": "application/octet-stream" },
      size,
      announce: true,
    });
    expect(answer.status, path).toBe(200);
    expect(JSON.parse(answer.text), path).toEqual({ bytes: size });
  }
}, 15_000);

it("BODY_MIN_BYTES_PER_SECOND is 4096 unless set, and a value that would cut off or hold every upload is refused by name", () => {
  expect(loadConfig({}).BODY_MIN_BYTES_PER_SECOND).toBe(4096);
  expect(loadConfig({ BODY_MIN_BYTES_PER_SECOND: "2048" }).BODY_MIN_BYTES_PER_SECOND).toBe(2048);
  for (const wrong of ["100", "2000000", "fast", "1.5"])
    expect(() => loadConfig({ BODY_MIN_BYTES_PER_SECOND: wrong }), wrong).toThrow(
      /BODY_MIN_BYTES_PER_SECOND/,
    );
});
