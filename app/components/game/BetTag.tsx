import { useTranslation } from "~/utils/i18n-react";
import { BET_TEXT_COLOUR, betColour, isBetName } from "./bets";

/** A bet name as a small tag in its bet button's colour, translated ("Red") or as is ("7"). */
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
