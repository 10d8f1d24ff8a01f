import { formatSeconds } from "~/utils/countdown";

/**
 * The countdown by CSS alone (see Countdown.tsx and tailwind.css .cd-*): each digit is a column
 * that a step animation moves up one line per step, from the phase of the seconds left at render
 * time; at 0 a static "0:00" takes its place.
 */
/** A column of `digits` in a one-digit window, stepping up one every `step` seconds from `phase`. */
function Roll({
  digits,
  step,
  phase,
  repeat,
}: { digits: number[]; step: number; phase: number; repeat: boolean }) {
  const n = digits.length;
  return (
    <span className="cd-digit">
      <span
        className="cd-column"
        style={{
          animationDuration: `${n * step}s`,
          animationTimingFunction: `steps(${n})`,
          animationDelay: `${-phase}s`,
          animationIterationCount: repeat ? "infinite" : 1,
        }}
      >
        {digits.map((d, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed column of digits
          <span key={i}>{d}</span>
        ))}
      </span>
    </span>
  );
}

const countDown = (from: number) => Array.from({ length: from + 1 }, (_, i) => from - i);

export function CssCountdown({ seconds }: { seconds: number }) {
  const minutes = Math.floor(seconds / 60);
  // Seconds since the current minute's "x:59" and the current ten's "x9": where each column starts.
  const intoMinute = 59 - (seconds % 60);
  const intoTen = 9 - (seconds % 10);
  return (
    <span className="cd">
      <span className="sr-only">{formatSeconds(seconds)}</span>
      <span aria-hidden="true" className="cd-run" style={{ animationDelay: `${seconds}s` }}>
        {minutes > 0 ? <Roll digits={countDown(minutes)} step={60} phase={intoMinute} repeat={false} /> : "0"}
        :
        <Roll digits={countDown(5)} step={10} phase={intoMinute} repeat />
        <Roll digits={countDown(9)} step={1} phase={intoTen} repeat />
      </span>
      <span aria-hidden="true" className="cd-done" style={{ animationDelay: `${seconds}s` }}>
        0:00
      </span>
    </span>
  );
}
