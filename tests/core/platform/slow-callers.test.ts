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
