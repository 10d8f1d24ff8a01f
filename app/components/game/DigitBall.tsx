import { useTranslation } from "~/utils/i18n-react";
import { BET_TEXT_COLOUR, betColour, digitColours, isBetName } from "./bets";

/** A drawn digit in its palette colour; a second ring colour marks violet digits (0 and 5). */
export function DigitBall({ digit, size = 32, label }: { digit: number; size?: number; label?: string }) {
  const violet = digitColours(digit).includes("Violet");
  return (
    <span
      className="inline-flex shrink-0 items-center justify-center rounded-full font-bold"
      style={{
        width: size,
        height: size,
        background: betColour(String(digit) as "0"),
        color: BET_TEXT_COLOUR,
        boxShadow: violet ? "0 0 0 3px #6a1b9a" : undefined,
        fontSize: size / 2,
      }}
      role={label ? "img" : undefined}
      aria-label={label}
    >
      {digit}
    </span>
  );
}

/** A bet name as a small coloured tag, translated ("Red") or as is ("7"). */
export function BetTag({ name }: { name: string }) {
  const { t } = useTranslation("game");
  const bg = isBetName(name) ? betColour(name) : "#4b5563";
  const label = /^\d$/.test(name) ? name : t(`betName.${name}`, { defaultValue: name });
  return (
    <span
      className="inline-flex min-w-[2rem] items-center justify-center rounded-md px-2 py-0.5 text-sm font-semibold"
      style={{ background: bg, color: BET_TEXT_COLOUR }}
    >
      {label}
    </span>
  );
}
