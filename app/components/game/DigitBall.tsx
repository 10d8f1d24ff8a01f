import { BET_TEXT_COLOUR, ballBackground } from "./bets";

/** A drawn digit in the game's colours: red, green, or half red/green and half violet (0 and 5). */
export function DigitBall({ digit, size = 32, label }: { digit: number; size?: number; label?: string }) {
  return (
    <span
      className="inline-flex shrink-0 items-center justify-center rounded-full font-bold"
      style={{
        width: size,
        height: size,
        background: ballBackground(digit),
        color: BET_TEXT_COLOUR,
        fontSize: size / 2,
      }}
      role={label ? "img" : undefined}
      aria-label={label}
      data-digit={digit}
    >
      {digit}
    </span>
  );
}
