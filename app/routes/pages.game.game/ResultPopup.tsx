import { useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { BetTag } from "~/components/game/BetTag";
import { DigitBall } from "~/components/game/DigitBall";
import { recordStatus } from "~/components/game/results";
import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";
import { Dialog } from "./Dialog";

type ResultPopupData = {
  roundId: string;
  digit: number | null;
  records: Array<{
    id?: string;
    betName: string;
    totalBetAmount?: number;
    winAmount?: number | null;
    status?: string | number | null;
    lotteryResult?: unknown;
  }>;
};

/**
 * The result of the latest finished round the player bet on, until acknowledged. The
 * acknowledgement posts intent=ack; with JS through a fetcher (the popup hides at once). Escape
 * sends the OK button's form (requestSubmit), so that offline it is held like any form
 * (utils/connection.ts) rather than sent by code past the hold.
 */
export function ResultPopup({
  popup,
  symbol,
}: {
  popup: ResultPopupData;
  symbol: string;
}) {
  const { t } = useTranslation("game");
  const { money } = useFormat();
  const fetcher = useFetcher();
  const form = useRef<HTMLFormElement>(null);
  if (fetcher.formData?.get("sessionId") === popup.roundId || fetcher.data) return null;
  const won = popup.records.reduce((sum, r) => sum + (r.winAmount ?? 0), 0);
  const staked = popup.records.reduce((sum, r) => sum + (r.totalBetAmount ?? 0), 0);
  const ack = (
    <fetcher.Form ref={form} method="post" preventScrollReset>
      <input type="hidden" hidden name="intent" value="ack" />
      <input type="hidden" hidden name="sessionId" value={popup.roundId} />
      <button type="submit" className="btn-primary w-full">
        {t("resultPopup.ok")}
      </button>
    </fetcher.Form>
  );
  return (
    <Dialog titleId="result-popup-title" onClose={() => form.current?.requestSubmit()}>
      <div className="space-y-3 text-center">
        <h2 id="result-popup-title" className="text-lg font-bold">
          {t("resultPopup.title", { id: popup.roundId })}
        </h2>
        {popup.digit !== null ? (
          <div className="flex justify-center">
            <DigitBall digit={popup.digit} size={56} label={t("resultPopup.digit", { digit: popup.digit })} />
          </div>
        ) : null}
        <p
          className={`text-xl font-bold ${won > 0 ? "text-green-800 dark:text-green-300" : "text-gray-800 dark:text-gray-200"}`}
        >
          {won > 0
            ? t("resultPopup.won", { amount: money(won, symbol) })
            : t("resultPopup.noWin", { amount: money(staked, symbol) })}
        </p>
        {/* One grid per row with the same columns: a fixed tag column, the status, and the
            amount right-aligned in tabular figures, so amounts line up whatever the tags. */}
        <ul className="space-y-1 text-left text-sm">
          {popup.records.map((r, i) => (
            <li key={r.id ?? i} className="grid grid-cols-[6rem_minmax(0,1fr)_auto] items-center gap-x-3">
              <span className="justify-self-start">
                <BetTag name={r.betName} />
              </span>
              <span className="font-semibold">{t(`records.${recordStatus(r)}`)}</span>
              <span className="text-right tabular-nums">
                {t("resultPopup.stake", { amount: money(r.totalBetAmount, symbol) })}
              </span>
            </li>
          ))}
        </ul>
        {ack}
      </div>
    </Dialog>
  );
}
