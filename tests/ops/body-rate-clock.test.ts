import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { minimumBodyRate } from "../../server/middleware/body-rate";

/**
 * The minimum body rate (decision 069) on a fake clock: which intervals count against the client.
 * tests/ops/slow-requests.test.ts tries it with real sockets; this one makes the server's holds and
 * stalls happen exactly when it wants, so the rules are checked every run, not by timing luck.
 */

const LIMITS = { headersTimeoutMs: 20_000, bodyGraceMs: 2_000, bodyBytesPerSecond: 1_000 };

class FakeSocket extends EventEmitter {
  bytesRead = 0;
  destroyed = false;
  destroy() {
    this.destroyed = true;
    this.emit("close");
  }
  end() {}
}

function request() {
  const socket = new FakeSocket();
  const req = Object.assign(new EventEmitter(), {
    headers: { "content-length": "1000000" } as Record<string, string>,
    path: "/pages/myProfile/myProfile",
    socket,
    complete: false,
    readableFlowing: true as boolean | null,
    readableLength: 0,
    readableHighWaterMark: 16_384,
    get(name: string) {
      return this.headers[name.toLowerCase()];
    },
  });
  const answered: number[] = [];
  const res = {
    headersSent: false,
    setHeader() {},
    status(code: number) {
      answered.push(code);
      return this;
    },
    type() {
      return this;
    },
    send() {
      return this;
    },
  };
  const next = vi.fn();
  minimumBodyRate(LIMITS)(req as unknown as Request, res as unknown as Response, next);
  expect(next).toHaveBeenCalledOnce();
  /** Receives `bytes` spread over `ms`, the server running all along (one check a second). */
  const send = (ms: number, bytes: number) => {
    for (let t = 0; t < ms; t += 100) {
      socket.bytesRead += Math.round((bytes * 100) / ms);
      vi.advanceTimersByTime(100);
    }
  };
  return { req, socket, answered, send };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the minimum body rate", () => {
  it("lets a body in at the rate through, and refuses one below it once the grace is over", () => {
    const fast = request();
    fast.send(10_000, 12_000);
    expect(fast.answered).toEqual([]);

    const slow = request();
    slow.send(1_500, 100); // within the grace: not judged yet
    expect(slow.answered).toEqual([]);
    slow.send(500, 100); // the check at 2 s: 200 bytes of 2,000
    expect(slow.answered).toEqual([408]);
  });

  it("does not judge a client while the server holds the body back, nor in the interval after", () => {
    const { req, answered, send } = request();
    send(3_000, 3_000);
    // The action calls the upstream first: its reader pauses the body for 5 s, nothing arrives.
    req.readableFlowing = false;
    vi.advanceTimersByTime(5_000);
    expect(answered).toEqual([]);
    // The server reads again 300 ms before a check: that check's interval was mostly the
    // server's (the 408 of commit 4f412dc, seen as "1000 ms, 0 bytes").
    vi.advanceTimersByTime(700);
    req.readableFlowing = true;
    vi.advanceTimersByTime(300);
    expect(answered).toEqual([]);
    // From there the client is judged again, with its grace: at the rate it passes…
    send(4_000, 4_000);
    expect(answered).toEqual([]);
    // …and below it, it is refused.
    send(4_000, 10);
    expect(answered).toEqual([408]);
  });

  it("counts a full buffer nobody reads yet as held by the server too", () => {
    const { req, answered, send } = request();
    req.readableLength = req.readableHighWaterMark;
    vi.advanceTimersByTime(10_000);
    expect(answered).toEqual([]);
    req.readableLength = 0;
    send(5_000, 5_000);
    expect(answered).toEqual([]);
  });

  it("does not blame the client for a stall of the server's own event loop", () => {
    const { socket, answered, send } = request();
    send(3_000, 3_000);
    // The process is busy for 6 s: no timer runs and nothing is read; the client's TCP window
    // fills after 2,000 bytes, which are read once the process runs again, before the next check.
    vi.setSystemTime(Date.now() + 6_000);
    socket.bytesRead += 2_000;
    vi.advanceTimersByTime(1_000);
    expect(answered).toEqual([]);
    send(3_000, 3_000);
    expect(answered).toEqual([]);
  });

  it("stops checking when the body is complete or the socket closes", () => {
    const done = request();
    done.req.complete = true;
    vi.advanceTimersByTime(20_000);
    expect(done.answered).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);

    const gone = request();
    gone.socket.destroy();
    vi.advanceTimersByTime(20_000);
    expect(gone.answered).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
