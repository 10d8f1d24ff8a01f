import { Form } from "@remix-run/react";
import { type CSSProperties, memo } from "react";
import {
  BET_TEXT_COLOUR,
  type BetName,
  COLOUR_BETS,
  NUMBER_BETS,
  SIZE_BETS,
  betColour,
} from "~/components/game/bets";
import type { GameCoin as Coin } from "~/components/game/coins";
import type { GameTab } from "~/components/game/format";
import { useTranslation } from "~/utils/i18n-react";

/**
 * The bet board. Each bet is a submit button of a GET form, so that without JS choosing a bet
 * reloads the page with ?betName= and the server renders the bet popup; with JS the click is
 * intercepted and the popup opens at once. `locked` says why when it is set (`reason`, default
 * "betting is closed"); `closesIn` (before hydration only) locks the board by CSS when betting
 * closes, for a browser without JS that has not reloaded yet.
 */
export const BetButtons = memo(function BetButtons({
  level,
  coin,
  tab,
  locked,
  reason,
  closesIn,
  onChoose,
}: {
  level: number;
  coin: Coin;
  tab: GameTab;
  locked: boolean;
  reason?: string | null;
  closesIn?: number | null;
  onChoose: (name: BetName) => void;
}) {
  // The board and its "closed" line lock at betting's end; the buttons read --cd-at to dim then.
  const lockLater =
    !locked && closesIn
      ? ({ animationDelay: `${closesIn}s`, "--cd-at": `${closesIn}s` } as CSSProperties)
      : undefined;
  const { t } = useTranslation("game");
  const button = (name: BetName, label: string, wide: boolean) => (
    <button
      key={name}
      type="submit"
      name="betName"
      value={name}
      disabled={locked}
      onClick={(e) => {
        e.preventDefault();
        onChoose(name);
      }}
      className={`min-h-[44px] min-w-[44px] rounded-lg font-bold shadow-sm transition active:scale-95 motion-reduce:transition-none motion-reduce:active:scale-100 disabled:cursor-not-allowed disabled:opacity-50 ${
        wide ? "px-1 text-base" : "text-lg"
      }`}
      style={{ background: betColour(name), color: BET_TEXT_COLOUR }}
      aria-label={t("bet.choose", { name: label })}
    >
      {label}
    </button>
  );
  return (
    <Form
      method="get"
      preventScrollReset
      className={`card space-y-3 ${lockLater ? "cd-lock" : ""}`}
      style={lockLater}
      aria-labelledby="bet-board-title"
    >
      <h2 id="bet-board-title" className="sr-only">
        {t("bet.board")}
      </h2>
      <input type="hidden" hidden name="level" value={level} />
      <input type="hidden" hidden name="coin" value={coin} />
      {tab !== "pastHistory" ? <input type="hidden" hidden name="tab" value={tab} /> : null}
      <div className="grid grid-cols-3 gap-2">
        {COLOUR_BETS.map((n) => button(n, t(`betName.${n}`), true))}
      </div>
      <div className="grid grid-cols-5 gap-2">{NUMBER_BETS.map((n) => button(n, n, false))}</div>
      <div className="grid grid-cols-2 gap-2">{SIZE_BETS.map((n) => button(n, t(`betName.${n}`), true))}</div>
      {locked || lockLater ? (
        <p
          className={`text-center text-sm font-semibold text-red-700 dark:text-red-300 ${lockLater ? "cd-later" : ""}`}
          style={lockLater}
          data-testid="board-locked"
        >
          {(locked && reason) || t("bet.locked")}
        </p>
      ) : null}
    </Form>
  );
});
