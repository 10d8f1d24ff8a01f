import { formatSeconds } from "~/utils/countdown";
import { CssCountdown } from "./CssCountdown";

/**
 * A countdown in m:ss. Live (after hydration) it is plain text that the page's timer updates.
 * Before that (the server's HTML, a browser without JavaScript, or one whose script is still
 * loading) it counts down by CSS alone: each digit is a column of digits that a step animation
 * moves up by one every second (tens every 10 s, minutes every 60 s), started at the phase of the
 * seconds left at render time; at 0 a static "0:00" takes its place. Steps are not motion, so
 * they stay under prefers-reduced-motion: a countdown must still count (tailwind.css, .cd-*).
 * Not a live region: a screen reader is not told every second. `as` and `className` place it:
 * the game page's round card has it as the <dd> of a list, the home lobby's tiles as a <span>.
 */
export function Countdown({
  seconds,
  live,
  testId,
  as: Tag = "dd",
  className = "font-mono text-2xl font-bold tabular-nums",
}: { seconds: number; live: boolean; testId: string; as?: "dd" | "span"; className?: string }) {
  const s = Math.max(0, Math.floor(seconds));
  return (
    <Tag className={className} data-testid={testId}>
      <time dateTime={`PT${s}S`}>{live || s === 0 ? formatSeconds(s) : <CssCountdown seconds={s} />}</time>
    </Tag>
  );
}
