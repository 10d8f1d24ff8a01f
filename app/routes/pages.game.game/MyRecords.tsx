import { BetLine } from "~/components/game/BetLine";
import { parseDigit } from "~/components/game/bets";
import { recordStatus } from "~/components/game/results";
import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";
import type { RecordRow } from "./ResultTabs";

/** The player's bets of this coin (the game page's "my records" tab). */
export function MyRecords({ rows, symbol }: { rows: RecordRow[]; symbol: string }) {
  const { t } = useTranslation("game");
  const { money } = useFormat();
  if (!rows.length)
    return <p className="py-6 text-center text-gray-700 dark:text-gray-300">{t("records.emptyMine")}</p>;
  return (
    <ul className="divide-y divide-gray-200 dark:divide-gray-700">
      {rows.map((row, i) => (
        <li key={row.id ?? `${row.gameSessionId}-${i}`} className="py-2">
          <BetLine
            roundId={String(row.gameSessionId)}
            betName={row.betName}
            amount={money(row.totalBetAmount, symbol)}
            digit={parseDigit(row.lotteryResult)}
            status={recordStatus(row)}
            winAmount={money(row.winAmount, symbol)}
          />
        </li>
      ))}
    </ul>
  );
}
