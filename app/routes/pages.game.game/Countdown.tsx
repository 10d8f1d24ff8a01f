import { formatSeconds } from "~/utils/countdown";
import { CssCountdown } from "./CssCountdown";

/**
 * A countdown in m:ss. Live (after hydration) it is plain text that the page's timer updates.
 * Before that (the server's HTML, a browser without JavaScript, or one whose script is still
 * loading) it counts down by CSS alone: each digit is a column of digits that a step animation
 * moves up by one every second (tens every 10 s, minutes every 60 s), started at the phase of the
 * seconds left at render time; at 0 a static "0:00" takes its place. Steps are not motion, so
 * they stay under prefers-reduced-motion: a countdown must still count (tailwind.css, .cd-*).
 */
export function Countdown({ seconds, live, testId }: { seconds: number; live: boolean; testId: string }) {
  const s = Math.max(0, Math.floor(seconds));
  return (
    <dd className="font-mono text-2xl font-bold tabular-nums" data-testid={testId}>
      <time dateTime={`PT${s}S`}>{live || s === 0 ? formatSeconds(s) : <CssCountdown seconds={s} />}</time>
    </dd>
  );
}
