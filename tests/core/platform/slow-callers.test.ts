import { connect } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startCore } from "../../../core/src/start";

/**
 * The core run on its own listens too (decision 069): a caller that sends its headers a byte at a
 * time is answered 408 and its connection closed within the core's header timeout (10 s), not
 * Node's (60 s, looked at every 30 s).
 */
let core: Awaited<ReturnType<typeof startCore>>;
beforeAll(async () => {
  core = await startCore({
    env: { DATA_DIR: "memory://", CORE_PORT: "0" },
    log: pino({ level: "silent" }),
    seed: false,
    jobs: false,
  });
}, 60_000);
afterAll(() => core?.close());

it("headers that trickle in are answered 408 and the connection closed within 12 s", async () => {
  const started = Date.now();
  const text = await new Promise<string>((resolve, reject) => {
    const socket = connect(core.port, "127.0.0.1");
    let received = "";
    const timer = setInterval(() => socket.destroyed || socket.write("a"), 500);
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error("the core still held the connection after 15 s"));
    }, 15_000);
    socket.on("data", (chunk) => {
      received += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve(received);
    });
    socket.write("GET /core/app/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ");
  });
  expect(text).toMatch(/^HTTP\/1\.1 408 /);
  expect(Date.now() - started).toBeLessThan(12_000);
}, 20_000);
