/**
 * A small in-process cache for upstream answers that every player sees alike (the rooms, a room's
 * current round, its latest results), so that a busy game page does not ask the upstream the same
 * question hundreds of times a second (decision 019). Never for anything of one player.
 *
 * - Single flight: while a key is being loaded, every caller of that key waits for the one call.
 * - Each value says how long it may be kept (`ttlMs(value)`); 0 or less keeps nothing (a round
 *   that has already ended), and `maxAgeMs` bounds every value.
 * - A failed load is not kept, nor shared: the caller that made it gets its failure; callers that
 *   joined it load for themselves (a failure may be the first caller's own: its session ended, or
 *   it went away), exactly as they would have without the cache.
 * - Keys hold whatever makes answers differ (the language sent to the upstream, the room, ...).
 */
interface SharedCacheOptions {
  /** The longest any value is kept. */
  maxAgeMs: number;
  /** How many keys at most; the oldest goes first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
  expiresAt: number;
}

/** Every cache of the process, so that tests can start each case from none kept. */
const everyCache = new Set<{ clear(): void }>();
export function clearSharedCaches(): void {
  for (const cache of everyCache) cache.clear();
}

export class SharedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly loading = new Map<string, Promise<T>>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: SharedCacheOptions) {
    this.maxAgeMs = options.maxAgeMs;
    this.maxEntries = options.maxEntries ?? 500;
    this.now = options.now ?? (() => Date.now());
    everyCache.add(this);
  }

  /**
   * The value of `key` and its age in milliseconds (0 when just loaded): kept, being loaded (the
   * caller joins that load), or loaded now by `load()`.
   */
  async get(
    key: string,
    load: () => Promise<T>,
    ttlMs: (value: T) => number = () => this.maxAgeMs,
  ): Promise<{ value: T; ageMs: number }> {
    const kept = this.entries.get(key);
    const now = this.now();
    if (kept && kept.expiresAt > now) return { value: kept.value, ageMs: now - kept.storedAt };
    if (kept) this.entries.delete(key);
    const joined = this.loading.get(key);
    if (joined) {
      try {
        return { value: await joined, ageMs: 0 };
      } catch {
        // Not this caller's failure to share (see above): its own call, as without the cache.
        return { value: await load(), ageMs: 0 };
      }
    }
    const pending = load();
    this.loading.set(key, pending);
    const forget = () => {
      if (this.loading.get(key) === pending) this.loading.delete(key);
    };
    pending.then((value) => {
      forget();
      this.store(key, value, ttlMs(value));
    }, forget);
    return { value: await pending, ageMs: 0 };
  }

  /** When `key`'s kept value expires (ms since the epoch), or undefined. */
  expiresAt(key: string): number | undefined {
    const kept = this.entries.get(key);
    return kept && kept.expiresAt > this.now() ? kept.expiresAt : undefined;
  }

  clear(): void {
    this.entries.clear();
    this.loading.clear();
  }

  private store(key: string, value: T, ttlMs: number): void {
    const keepMs = Math.min(this.maxAgeMs, ttlMs);
    if (!(keepMs > 0)) return;
    const now = this.now();
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: now, expiresAt: now + keepMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
