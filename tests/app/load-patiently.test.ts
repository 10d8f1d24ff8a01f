import { afterEach, describe, expect, it, vi } from "vitest";
import { loadPatiently } from "~/utils/lazy";

/**
 * A lazy part's code lost with the connection is fetched again (utils/lazy.tsx): when the
 * connection is back if the phone is offline, else a few times with a pause; the page keeps the
 * part as the server drew it meanwhile, instead of giving way to "Connection lost".
 */
function browser(onLine: boolean) {
  const events = new EventTarget();
  const navigator = { onLine };
  vi.stubGlobal("navigator", navigator);
  vi.stubGlobal("window", events);
  return {
    goOnline() {
      navigator.onLine = true;
      events.dispatchEvent(new Event("online"));
    },
  };
}

const lost = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("loadPatiently", () => {
  it("tries again after a pause while online, and gives the code once it comes", async () => {
    browser(true);
    let calls = 0;
    const flaky = vi.fn(() => (++calls < 3 ? lost() : Promise.resolve("code")));
    await expect(loadPatiently(flaky, [1, 1, 1])).resolves.toBe("code");
    expect(flaky).toHaveBeenCalledTimes(3);
  });

  it("fails after the last pause when the code never comes online (a file gone after a deploy)", async () => {
    browser(true);
    const gone = vi.fn(lost);
    await expect(loadPatiently(gone, [1, 1, 1])).rejects.toThrow("Failed to fetch");
    expect(gone).toHaveBeenCalledTimes(4);
  });

  it("offline, waits for the connection however long, then loads", async () => {
    const phone = browser(false);
    let calls = 0;
    const load = vi.fn(() => (++calls === 1 ? lost() : Promise.resolve("code")));
    const loaded = loadPatiently(load, []);
    await new Promise((r) => setTimeout(r, 20));
    expect(load).toHaveBeenCalledTimes(1);
    phone.goOnline();
    await expect(loaded).resolves.toBe("code");
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("on the server, fails at once", async () => {
    const gone = vi.fn(lost);
    await expect(loadPatiently(gone)).rejects.toThrow();
    expect(gone).toHaveBeenCalledTimes(1);
  });
});
