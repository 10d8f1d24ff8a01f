import { connect } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startCore } from "../../../core/src/start";
import { trickle } from "../../app/raw-http";

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
  const answer = await trickle(
    core.port,
    "GET /core/app/ping HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ",
    "a".repeat(100),
    500,
    15_000,
  );
  expect(answer.text).toMatch(/^HTTP\/1\.1 408 /);
  expect(answer.closedAfterMs).toBeLessThan(12_000);
}, 20_000);

/** Writes each request in turn on one connection, `idleMs` apart; the answers' status lines and headers. */
function onOneConnection(port: number, requests: string[], idleMs: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const answers: string[] = [];
    let buffer = "";
    socket.setEncoding("utf8");
    socket.on("error", reject);
    socket.on("close", () => resolve(answers));
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf("\r\n\r\n");
      const length = Number(/content-length: (\d+)/i.exec(buffer)?.[1] ?? 0);
      if (end < 0 || buffer.length < end + 4 + length) return;
      answers.push(buffer.slice(0, end));
      buffer = buffer.slice(end + 4 + length);
      const next = requests[answers.length];
      if (next === undefined) socket.end();
      else setTimeout(() => socket.write(next), idleMs);
    });
    socket.write(requests[0]);
  });
}

it("an idle keep-alive connection outlasts its callers' pools: a request after 6 s idle is answered on it", async () => {
  const ping = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const answers = await onOneConnection(core.port, [ping, ping], 6_000);
  expect(answers).toHaveLength(2);
  expect(answers[0]).toMatch(/^HTTP\/1\.1 200 /);
  // What the core tells its callers: longer than the 4 s their pools keep an idle socket.
  expect(answers[0]).toMatch(/^keep-alive: timeout=65$/im);
  expect(answers[1]).toMatch(/^HTTP\/1\.1 200 /);
}, 20_000);
