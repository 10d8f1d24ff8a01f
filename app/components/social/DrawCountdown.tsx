import { useEffect, useState } from "react";

/** "12:04:09" (or "4:09" under an hour) for a number of seconds. */
function hms(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/**
 * Time left until `endMs` on the server's clock (`serverNow` when the page was read), ticking
 * once a second with JavaScript; without it, the time left at render.
 */
export function DrawCountdown({ endMs, serverNow }: { endMs: number; serverNow: number }) {
  const [left, setLeft] = useState(() => Math.ceil((endMs - serverNow) / 1000));
  useEffect(() => {
    const skew = serverNow - Date.now();
    const tick = () => setLeft(Math.ceil((endMs - (Date.now() + skew)) / 1000));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [endMs, serverNow]);
  return (
    <span className="font-mono tabular-nums" role="timer" aria-live="off">
      {hms(left)}
    </span>
  );
}
