import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import {
  type Remaining,
  type RoundClock,
  type Shown,
  canRevalidate,
  clockSkew,
  msToNextTick,
  nextShown,
  remaining,
} from "~/utils/countdown";
import { reloadPageData } from "~/utils/page-data";

/** When the current document's response arrived, on the client clock (first render only). */
function documentReceivedAt(): number {
  if (typeof performance === "undefined" || typeof window === "undefined") return Date.now();
  const nav = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return nav?.responseStart ? performance.timeOrigin + nav.responseStart : Date.now();
}

function onVisibilityChange(listener: () => void) {
  document.addEventListener("visibilitychange", listener);
  return () => document.removeEventListener("visibilitychange", listener);
}

/**
 * Whether the page can be seen: false in a tab behind another or with the phone's screen off.
 * The server renders a visible page; a change re-renders at once (before the next paint).
 */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    onVisibilityChange,
    () => document.visibilityState !== "hidden",
    () => true,
  );
}

/** How soon to try again when a revalidation had to wait for a navigation or a fetcher. */
const BUSY_RETRY_MS = 300;

/**
 * Ticks the two countdowns of a round once a second (on the server's clock) and revalidates the
 * page when the round ends, retrying every 2 s until the next round arrives; then again until the
 * round that just ended shows up as drawn (`lastDrawnId`), so its result popup appears.
 * `initial` is what the server rendered, so hydration matches. Within a round the seconds never
 * go up; revalidations wait until no navigation or fetcher is under way.
 *
 * While the page is hidden (another tab in front, the screen off) nothing ticks and nothing is
 * loaded: no data or battery for a page nobody sees. Seen again, it shows the right time at once
 * and, if its round ended meanwhile, loads the page's data once, then goes on as before.
 */
export function useRoundCountdown(
  roundId: string | null,
  clock: RoundClock | null,
  initial: Remaining,
  lastDrawnId: string | null = null,
) {
  const [shown, setShown] = useState<Shown>({ roundId, left: initial });
  const visible = usePageVisible();

  // Revalidate only when idle: a revalidation during the load that follows a form post cancels
  // it (and its one-time toast cookie is lost). When busy, try again shortly.
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const idle = canRevalidate(
    navigation.state,
    fetchers.map((f) => f.state),
    revalidator.state,
  );
  const live = useRef({ idle, revalidate: revalidator.revalidate });
  live.current = { idle, revalidate: revalidator.revalidate };
  const retry = useRef<ReturnType<typeof setTimeout>>();
  // Offline, a load would fail into the error block: the page loads again when the connection
  // returns (utils/connection.ts). Hidden, nobody sees it: it loads when seen again (below).
  // The load itself goes through the page's one reloader (utils/page-data.ts).
  const revalidate = useRef<() => void>(() => {
    clearTimeout(retry.current);
    if (navigator.onLine === false || document.visibilityState === "hidden") return;
    if (live.current.idle) reloadPageData(live.current.revalidate);
    else retry.current = setTimeout(() => revalidate.current(), BUSY_RETRY_MS);
  });
  useEffect(() => () => clearTimeout(retry.current), []);

  // When this clock reached the page: the document's response for the first data, else the
  // first render that sees it (closer to the response's arrival than an effect).
  const received = useRef<{ serverNow: number; at: number } | null>(null);
  if (clock && received.current?.serverNow !== clock.serverNow) {
    received.current = {
      serverNow: clock.serverNow,
      at: received.current ? Date.now() : documentReceivedAt(),
    };
  }
  const skew = clock && received.current ? clockSkew(clock.serverNow, received.current.at) : 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round, a new clock or the page seen again restarts the timer
  useEffect(() => {
    if (!clock || !visible) return;
    let timer: ReturnType<typeof setTimeout>;
    let retries = 0;
    const tick = () => {
      const now = Date.now();
      const next = remaining(clock, now, skew);
      setShown((prev) => nextShown(prev, roundId, next));
      if (next.round === 0) {
        // The round is over: ask for the next one (the page re-renders with a new roundId).
        if (retries < 30) {
          retries += 1;
          revalidate.current();
        }
        timer = setTimeout(tick, 2000);
        return;
      }
      timer = setTimeout(tick, msToNextTick(clock.sessionEndTime, now, skew) + 5);
    };
    tick();
    return () => {
      clearTimeout(timer);
      // New data came (or the page is hidden): a retry waiting for the busy load is not needed.
      clearTimeout(retry.current);
    };
  }, [roundId, clock?.serverNow, clock?.sessionEndTime, visible]);

  // The next round is here but the previous one is not drawn yet: look again shortly (and again
  // when the page is seen again, if it is still not drawn).
  const lastDrawnRef = useRef(lastDrawnId);
  lastDrawnRef.current = lastDrawnId;
  const current = useRef(roundId);
  const ended = useRef<string | null>(null);
  if (current.current !== roundId) {
    ended.current = current.current;
    current.current = roundId;
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round or the page seen again starts looking
  useEffect(() => {
    const previous = ended.current;
    if (!previous || !visible) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (lastDrawnRef.current === previous || tries >= 5) return;
      tries += 1;
      revalidate.current();
      timer = setTimeout(check, 2000);
    };
    timer = setTimeout(check, 1500);
    return () => clearTimeout(timer);
  }, [roundId, visible]);

  // A new round shows its own time at once (not the last round's 0:00 until the effect runs).
  if (shown.roundId !== roundId) return clock ? remaining(clock, Date.now(), skew) : initial;
  return shown.left;
}
