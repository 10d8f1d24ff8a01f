import { useTranslation } from "~/utils/i18n-react";
import { BetTag } from "./BetTag";
import { DigitBall } from "./DigitBall";
import type { recordStatus } from "./results";

const TONE: Record<ReturnType<typeof recordStatus>, string> = {
  won: "text-green-800 dark:text-green-300",
  lost: "text-red-700 dark:text-red-300",
  pending: "text-gray-700 dark:text-gray-300",
  refunded: "text-gray-700 dark:text-gray-300",
};

/**
 * One bet as the records show it (the bet record page, the game's "my bets" tab): the round on a
 * line of its own, then the bet (its tag, its amount, the drawn digit) beside its outcome in a
 * column of its own, so that a long outcome ("En attente du tirage") wraps there instead of
 * squeezing the round id onto two lines; then, if given, a line of details (room, time). With the
 * phone's text at 200 % the round id breaks and the outcome goes under the bet, not over it.
 */
export function BetLine({
  roundId,
  betName,
  amount,
  digit,
  status,
  winAmount,
  details,
}: {
  roundId: string;
  betName: string;
  /** Formatted, with its coin. */
  amount: string;
  digit: number | null;
  status: ReturnType<typeof recordStatus>;
  /** Formatted; shown under "Won" and "Refunded". */
  winAmount: string;
  details?: string;
}) {
  const { t } = useTranslation("game");
  return (
    <span className="block space-y-1">
      <span className="block break-words font-mono text-sm" data-testid="bet-round">
        {t("round.id", { id: roundId })}
      </span>
      <span className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="flex min-w-[5rem] flex-1 flex-wrap items-center gap-2 text-sm">
          <BetTag name={betName} />
          <span className="tabular-nums">{amount}</span>
          {digit !== null ? <DigitBall digit={digit} size={24} /> : null}
        </span>
        <span className={`w-[7.5rem] shrink-0 text-right text-sm font-semibold ${TONE[status]}`}>
          {t(`records.${status}`)}
          {status === "won" || status === "refunded" ? (
            <span className="block tabular-nums">+{winAmount}</span>
          ) : null}
        </span>
      </span>
      {details ? <span className="block text-xs text-gray-700 dark:text-gray-300">{details}</span> : null}
    </span>
  );
}
