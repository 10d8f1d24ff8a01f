import { type ComponentType, Suspense, lazy, memo } from "react";

/**
 * React.lazy for parts of a page that are not needed at first paint (popups, a chart), so that
 * their code is not in the JavaScript the page loads at start.
 *
 * - Server: the module is loaded when this file is evaluated (at start), and once loaded the lazy
 *   component resolves synchronously (a synchronous thenable), so server rendering never suspends:
 *   the HTML is complete, also for a browser without JavaScript.
 * - Browser: the module loads on first render or on `preload()` (the page calls it when idle).
 *   It comes in its own <Suspense> boundary: if the server HTML already contains it, React keeps
 *   that HTML until the code has arrived, then hydrates it.
 *
 * A load that fails (the connection dropped) is tried again (loadPatiently): the part stays as the
 * server drew it meanwhile, instead of the page giving way to "Connection lost".
 *
 * The boundary is memoised: it re-renders only when its props change. A boundary still waiting
 * for its code that receives an update (the page re-rendering on a countdown tick, with new
 * element objects each time) makes React give up hydrating it: it drops the server's HTML, shows
 * nothing and logs error #421, then draws the part again when the code comes. So give it props
 * that stay the same from one render to the next (data from the loader, stable callbacks).
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= loadPatiently(load).then(
      (component) => {
        loaded = component;
        return component;
      },
      (error) => {
        pending = undefined; // a later render or preload tries again
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => {
    const ready = loaded;
    if (ready) {
      // A thenable that calls back at once: React marks the lazy component resolved synchronously.
      const now = {
        // biome-ignore lint/suspicious/noThenProperty: deliberately a synchronous thenable.
        then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: ready }),
      };
      return now as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return preload().then((component) => ({ default: component }));
  });
  if (typeof document === "undefined") void preload().catch(() => {});
  const Part = memo(function LazyPart(props: P) {
    return (
      <Suspense fallback={null}>
        {/* biome-ignore lint/suspicious/noExplicitAny: React.lazy's props type does not narrow a generic P. */}
        <Lazy {...(props as any)} />
      </Suspense>
    );
  });
  return Object.assign(Part, { preload });
}

/**
 * `load()`, tried again while it fails: when the connection is back if the phone is offline (a
 * form's or a popup's code lost with the connection comes once it returns), else after 1, 2 and
 * 4 s. The fourth failure with a connection is final (a file gone after a deploy): it rejects.
 */
export function loadPatiently<T>(load: () => Promise<T>, delays = [1_000, 2_000, 4_000]): Promise<T> {
  let tries = 0;
  const attempt = (): Promise<T> =>
    load().catch(async (error: unknown) => {
      if (typeof window === "undefined") throw error;
      if (!navigator.onLine) {
        await new Promise((back) => window.addEventListener("online", back, { once: true }));
      } else {
        if (tries >= delays.length) throw error;
        await new Promise((later) => setTimeout(later, delays[tries]));
        tries += 1;
      }
      return attempt();
    });
  return attempt();
}

/** Runs `fn` when the browser is idle (after the page became interactive). */
export function whenIdle(fn: () => void): () => void {
  if (typeof window === "undefined") return () => {};
  if ("requestIdleCallback" in window) {
    const id = window.requestIdleCallback(fn, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}
