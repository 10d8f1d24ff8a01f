import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { type Remaining, type RoundClock, clockSkew, msToNextTick, remaining } from "~/utils/countdown";

/** When the current document's response arrived, on the client clock (first render only). */
function documentReceivedAt(): number {
  const nav = performance.getEntriesByType?.("navigation")[0] as PerformanceNavigationTiming | undefined;
  return nav?.responseStart ? performance.timeOrigin + nav.responseStart : Date.now();
}

/**
 * Ticks the two countdowns of a round once a second (on the server's clock) and revalidates the
 * page when the round ends, retrying every 2 s until the next round arrives; then again until the
 * round that just ended shows up as drawn (`lastDrawnId`), so its result popup appears.
 * `initial` is what the server rendered, so hydration matches.
 */
export function useRoundCountdown(
  roundId: string | null,
  clock: RoundClock | null,
  initial: Remaining,
  lastDrawnId: string | null = null,
) {
  const [left, setLeft] = useState<Remaining>(initial);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const firstData = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round or a new clock restarts the timer
  useEffect(() => {
    if (!clock) return;
    const receivedAt = firstData.current ? documentReceivedAt() : Date.now();
    firstData.current = false;
    const skew = clockSkew(clock.serverNow, receivedAt);
    let timer: ReturnType<typeof setTimeout>;
    let retries = 0;
    const tick = () => {
      const now = Date.now();
      const next = remaining(clock, now, skew);
      setLeft(next);
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
    return () => clearTimeout(timer);
  }, [roundId, clock?.serverNow, clock?.sessionEndTime]);

  // The next round is here but the previous one is not drawn yet: look again shortly.
  const lastDrawnRef = useRef(lastDrawnId);
  lastDrawnRef.current = lastDrawnId;
  const ended = useRef<string | null>(null);
  useEffect(() => {
    const previous = ended.current;
    ended.current = roundId;
    if (!previous || previous === roundId) return;
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
  }, [roundId]);

  return left;
}
