/**
 * The cache of answers every player sees alike (decision 019): one upstream call for concurrent
 * callers, values kept no longer than they say (a round until it ends), failures never kept,
 * keys apart (languages, rooms).
 */
import { describe, expect, it } from "vitest";
import { SharedCache } from "~/utils/shared-cache.server";

function clock(start = 1_000_000) {
  let now = start;
  return {
    now: () => now,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** A load function that counts its calls and resolves when told. */
function deferredLoads<T>() {
  const pending: Array<{ resolve: (v: T) => void; reject: (e: unknown) => void }> = [];
  const load = () => new Promise<T>((resolve, reject) => pending.push({ resolve, reject }));
  return { load, pending };
}

describe("SharedCache", () => {
  it("makes one upstream call for concurrent callers of a key (single flight)", async () => {
    const cache = new SharedCache<string>({ maxAgeMs: 1_000 });
    const { load, pending } = deferredLoads<string>();
    const callers = Array.from({ length: 20 }, () => cache.get("en-US|CHIP", load));
    expect(pending).toHaveLength(1);
    pending[0].resolve("rooms");
    const answers = await Promise.all(callers);
    expect(answers.map((a) => a.value)).toEqual(Array(20).fill("rooms"));
    // Kept afterwards: no new call.
    expect((await cache.get("en-US|CHIP", load)).value).toBe("rooms");
    expect(pending).toHaveLength(1);
  });

  it("keeps a value no longer than its TTL nor maxAgeMs, and says how old it is", async () => {
    const time = clock();
    const cache = new SharedCache<number>({ maxAgeMs: 5_000, now: time.now });
    let calls = 0;
    const load = async () => ++calls;
    expect((await cache.get("k", load, () => 2_000)).value).toBe(1);
    time.advance(1_500);
    expect(await cache.get("k", load, () => 2_000)).toEqual({ value: 1, ageMs: 1_500 });
    time.advance(500);
    expect((await cache.get("k", load, () => 2_000)).value).toBe(2);
    // A TTL beyond maxAgeMs is cut to it.
    expect((await cache.get("long", load, () => 60_000)).value).toBe(3);
    time.advance(4_999);
    expect((await cache.get("long", load, () => 60_000)).value).toBe(3);
    time.advance(1);
    expect((await cache.get("long", load, () => 60_000)).value).toBe(4);
  });

  it("never serves a round past its end: the next caller after the boundary gets the new round", async () => {
    const time = clock();
    const cache = new SharedCache<{ id: number; endsAt: number; now: number }>({
      maxAgeMs: 5_000,
      now: time.now,
    });
    let round = { id: 1, endsAt: time.now() + 1_200 };
    const load = async () => ({ ...round, now: time.now() });
    const ttl = (r: { endsAt: number; now: number }) => r.endsAt - r.now;
    expect((await cache.get("en-US|CHIP|1", load, ttl)).value.id).toBe(1);
    time.advance(1_199);
    expect((await cache.get("en-US|CHIP|1", load, ttl)).value.id).toBe(1);
    time.advance(1);
    round = { id: 2, endsAt: time.now() + 60_000 };
    expect((await cache.get("en-US|CHIP|1", load, ttl)).value.id).toBe(2);
  });

  it("keeps nothing whose TTL is zero or less (an answer about a round already over)", async () => {
    const cache = new SharedCache<number>({ maxAgeMs: 5_000 });
    let calls = 0;
    const load = async () => ++calls;
    await cache.get("k", load, () => 0);
    await cache.get("k", load, () => -5);
    expect((await cache.get("k", load, () => 0)).value).toBe(3);
  });

  it("neither keeps nor shares a failure: callers that joined load for themselves", async () => {
    const cache = new SharedCache<string>({ maxAgeMs: 1_000 });
    const { load, pending } = deferredLoads<string>();
    const first = cache.get("k", load);
    const joined = cache.get("k", load);
    expect(pending).toHaveLength(1);
    // The first caller's own failure (say, its session ended upstream): only it sees it.
    pending[0].reject(new Error("session ended"));
    await expect(first).rejects.toThrow("session ended");
    await new Promise((r) => setTimeout(r, 0));
    expect(pending).toHaveLength(2);
    pending[1].resolve("rooms");
    expect((await joined).value).toBe("rooms");
    // And the next caller asks again when the failure was the only answer: nothing was kept
    // for the failed key before the joined caller's own load.
    const again = new SharedCache<string>({ maxAgeMs: 1_000 });
    const loads = deferredLoads<string>();
    const failed = again.get("k", loads.load);
    loads.pending[0].reject(new Error("upstream down"));
    await expect(failed).rejects.toThrow("upstream down");
    const next = again.get("k", loads.load);
    expect(loads.pending).toHaveLength(2);
    loads.pending[1].resolve("back");
    expect((await next).value).toBe("back");
  });

  it("keeps keys apart: another language or room is its own upstream call", async () => {
    const cache = new SharedCache<string>({ maxAgeMs: 1_000 });
    const asked: string[] = [];
    const loadFor = (key: string) => async () => {
      asked.push(key);
      return `answer in ${key}`;
    };
    for (const key of ["en-US|CHIP", "zh-CN|CHIP", "en-US|GOLD", "en-US|CHIP", "zh-CN|CHIP"]) {
      expect((await cache.get(key, loadFor(key))).value).toBe(`answer in ${key}`);
    }
    expect(asked).toEqual(["en-US|CHIP", "zh-CN|CHIP", "en-US|GOLD"]);
  });

  it("holds at most maxEntries keys, dropping the oldest", async () => {
    const cache = new SharedCache<number>({ maxAgeMs: 1_000, maxEntries: 2 });
    let calls = 0;
    const load = async () => ++calls;
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("c", load);
    expect(calls).toBe(3);
    await cache.get("c", load);
    await cache.get("b", load);
    expect(calls).toBe(3);
    await cache.get("a", load);
    expect(calls).toBe(4);
  });
});
