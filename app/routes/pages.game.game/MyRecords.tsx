import { BetTag, DigitBall } from "~/components/game/DigitBall";
import { parseDigit } from "~/components/game/bets";
import { recordStatus } from "~/components/game/results";
import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";
import type { RecordRow } from "./ResultTabs";

/** The player's bets of this coin (the game page's "my records" tab). */
export function MyRecords({ rows, symbol }: { rows: RecordRow[]; symbol: string }) {
  const { t } = useTranslation("game");
  const { money } = useFormat();
  if (!rows.length) return <p className="py-6 text-center text-gray-700 dark:text-gray-300">{t("empty")}</p>;
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-700">
      {rows.map((row, i) => {
        const status = recordStatus(row);
        const digit = parseDigit(row.lotteryResult);
        return (
          <li
            key={row.id ?? `${row.gameSessionId}-${i}`}
            className="flex items-center justify-between gap-2 py-2"
          >
            <div className="min-w-0">
              <p className="font-mono text-sm">{t("round.id", { id: row.gameSessionId })}</p>
              <p className="mt-1 flex items-center gap-2 text-sm">
                <BetTag name={row.betName} />
                <span className="tabular-nums">{money(row.totalBetAmount, symbol)}</span>
                {digit !== null ? <DigitBall digit={digit} size={24} /> : null}
              </p>
            </div>
            <p
              className={`text-right text-sm font-semibold ${
                status === "won"
                  ? "text-green-800 dark:text-green-300"
                  : status === "lost"
                    ? "text-red-700 dark:text-red-300"
                    : "text-gray-700 dark:text-gray-300"
              }`}
            >
              {t(`records.${status}`)}
              {status === "won" ? (
                <span className="block tabular-nums">+{money(row.winAmount, symbol)}</span>
              ) : null}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
