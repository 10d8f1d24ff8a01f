import { Form, Link } from "@remix-run/react";
import { type Dispatch, useEffect, useState } from "react";
import {
  type BetFormAction,
  type BetFormState,
  parseMultiple,
  totalBetAmount,
} from "~/components/game/bet-form";
import { BET_TEXT_COLOUR, betColour } from "~/components/game/bets";
import { type GameCoin as Coin, TOP_UP } from "~/components/game/coins";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { type PayoutTable, possibleWinsCents } from "#contract/payout";
import { Dialog } from "./Dialog";

type BetFormError = { field: string; message: string } | null;

/** The game page's path: without JS, − / + / quick multiples / update re-render it by GET. */
const GAME_PATH = PAGES.game;

/**
 * The bet popup: the balance, base amounts of the level, the multiple with − / + and direct
 * entry, the total, what it pays if it wins (the round's payout table, after the service fee:
 * contract/payout.ts, as settlement pays it) and confirm. A total above the balance, or a room
 * whose limits the balance is outside of (`blocked`), is said here and cannot be confirmed; the
 * server refuses it too. Posts to the game page; a hidden key makes a repeated post create one bet.
 * Without JS, − / + and the quick multiples are submit buttons that GET the page again with the
 * form's values (the loader reads baseAmount, betMultiples, step and setMultiple), so the server
 * renders the new multiple and its total; Enter in the form does the same ("update"), and the
 * server computes the total of a confirmed bet.
 */
export function BetPopup({
  state,
  dispatch,
  roundId,
  coin,
  level,
  baseAmounts,
  multiples,
  formKey,
  locked,
  pending,
  hydrated,
  error,
  symbol,
  balance,
  payout,
  blocked,
  closeHref,
}: {
  state: BetFormState;
  dispatch: Dispatch<BetFormAction>;
  roundId: string;
  coin: Coin;
  level: number;
  baseAmounts: number[];
  multiples: number[];
  formKey: string;
  locked: boolean;
  pending: boolean;
  hydrated: boolean;
  error: BetFormError;
  symbol: string;
  balance: number;
  payout: PayoutTable | null;
  /** Why no bet can be placed in this room (its balance limits), or null. */
  blocked: string | null;
  closeHref: string;
}) {
  const { t } = useTranslation("game");
  const { money } = useFormat();
  useChoiceMadeEarly(state, dispatch, baseAmounts);
  if (!state.betName) return null;
  const name = state.betName;
  const label = /^\d$/.test(name) ? name : t(`betName.${name}`);
  const total = totalBetAmount(state.baseAmount, state.multiple);
  const stakeCents = Math.round(total * 100);
  const balanceCents = Math.round(balance * 100);
  const overBalance = stakeCents > balanceCents;
  const wins = payout && stakeCents > 0 ? possibleWinsCents(stakeCents, name, payout) : [];
  // A balance below the smallest stake cannot be helped by a smaller choice: say so, and offer
  // the way to more of the coin (a new player's first tap lands here with a balance of 0).
  const smallest = Math.min(...baseAmounts);
  const belowSmallest = Number.isFinite(smallest) && balanceCents < Math.round(smallest * 100);
  const overBalanceText = belowSmallest
    ? t("bet.belowSmallest", { balance: money(balance, symbol), smallest: money(smallest, symbol) })
    : t("bet.overBalance", { balance: money(balance, symbol) });
  const problem = blocked ?? (overBalance ? overBalanceText : null);
  const topUp = !blocked && overBalance ? TOP_UP[coin] : null;
  const multipleError = error?.field === "betMultiples";
  const chip = "min-h-[44px] min-w-[44px] rounded-lg border px-3 text-base font-semibold";
  // Without JS these buttons submit the form by GET (the page re-renders the popup); with JS
  // they only change the state.
  const viaGet = (name: string, value: string | number) =>
    hydrated
      ? ({ type: "button" } as const)
      : ({
          type: "submit",
          name,
          value,
          formMethod: "get",
          formAction: GAME_PATH,
          formNoValidate: true,
        } as const);
  return (
    <Dialog
      titleId="bet-popup-title"
      closeHref={closeHref}
      closeLabel={t("bet.close")}
      onClose={hydrated ? () => dispatch({ type: "close" }) : undefined}
    >
      <Form method="post" replace preventScrollReset className="space-y-4">
        <h2 id="bet-popup-title" className="pr-10 text-lg font-bold">
          {t("bet.title")}{" "}
          <span
            className="rounded-md px-2 py-0.5"
            style={{ background: betColour(name), color: BET_TEXT_COLOUR }}
          >
            {label}
          </span>
        </h2>
        <p className="flex items-center justify-between rounded-lg bg-gray-100 px-3 py-2 text-sm dark:bg-gray-800">
          <span>{t("balance")}</span>
          <strong className="tabular-nums" data-testid="sheet-balance">
            {money(balance, symbol)}
          </strong>
        </p>
        <input type="hidden" hidden name="intent" value="bet" />
        <input type="hidden" hidden name="gameSessionId" value={roundId} />
        <input type="hidden" hidden name="betName" value={name} />
        <input type="hidden" hidden name="coin" value={coin} />
        <input type="hidden" hidden name="level" value={level} />
        <input type="hidden" hidden name="idempotencyKey" value={formKey} />
        {hydrated ? (
          <input type="hidden" hidden name="totalBetAmount" value={total} />
        ) : (
          // The first submit button is the one Enter presses: without JS it re-renders the popup
          // with what was typed (a bet is placed only by the confirm button).
          <button {...viaGet("step", 0)} hidden tabIndex={-1} aria-hidden="true" />
        )}

        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{t("bet.baseAmount")}</legend>
          <div className="flex flex-wrap gap-2">
            {baseAmounts.map((amount) => (
              <label
                key={amount}
                className={`${chip} inline-flex cursor-pointer items-center has-[:checked]:border-brand has-[:checked]:bg-brand has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 border-gray-400`}
              >
                <input
                  type="radio"
                  name="baseAmount"
                  value={amount}
                  checked={state.baseAmount === amount}
                  onChange={() => dispatch({ type: "base", baseAmount: amount })}
                  className="sr-only"
                />
                {money(amount, symbol)}
              </label>
            ))}
          </div>
        </fieldset>

        <div>
          <label htmlFor="betMultiples" className="mb-2 block text-sm font-semibold">
            {t("bet.multiple")}
          </label>
          <div className="flex items-center gap-2">
            <button
              {...viaGet("step", -1)}
              className={`${chip} border-gray-400 text-xl disabled:opacity-40`}
              onClick={hydrated ? () => dispatch({ type: "decrement" }) : undefined}
              disabled={state.multiple <= 0}
              aria-label={t("bet.decrease")}
              aria-controls="betMultiples"
            >
              −
            </button>
            <input
              id="betMultiples"
              name="betMultiples"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              className="input w-24 text-center"
              value={state.multiple}
              onChange={(e) => dispatch({ type: "setMultiple", value: e.target.value })}
              aria-invalid={multipleError || undefined}
              aria-describedby={multipleError ? "bet-error" : undefined}
            />
            <button
              {...viaGet("step", 1)}
              className={`${chip} border-gray-400 text-xl`}
              onClick={hydrated ? () => dispatch({ type: "increment" }) : undefined}
              aria-label={t("bet.increase")}
              aria-controls="betMultiples"
            >
              +
            </button>
          </div>
          {multiples.length ? (
            <div className="mt-2 flex flex-wrap gap-2" aria-label={t("bet.quickMultiples")}>
              {multiples.map((m) => (
                <button
                  key={m}
                  {...viaGet("setMultiple", m)}
                  aria-pressed={state.multiple === m}
                  className={`${chip} ${state.multiple === m ? "border-brand bg-pink-50 text-brand-dark dark:bg-gray-800 dark:text-pink-200" : "border-gray-300"}`}
                  onClick={hydrated ? () => dispatch({ type: "setMultiple", value: String(m) }) : undefined}
                >
                  ×{m}
                </button>
              ))}
            </div>
          ) : null}
        </div>

        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-base">
            {t("bet.total")}:{" "}
            <output className="font-bold tabular-nums" aria-live="polite" data-testid="sheet-total">
              {money(total, symbol)}
            </output>
          </p>
          {hydrated ? null : (
            <button {...viaGet("step", 0)} className={`${chip} border-gray-400 text-sm`}>
              {t("bet.update")}
            </button>
          )}
        </div>
        {wins.length ? (
          <div
            className="rounded-lg bg-green-50 px-3 py-2 text-sm dark:bg-green-950"
            data-testid="sheet-payout"
          >
            <p>
              {t("bet.pays")}{" "}
              <strong className="tabular-nums text-green-800 dark:text-green-300">
                {money(wins[0].cents / 100, symbol)}
              </strong>
            </p>
            {wins.slice(1).map((w) => (
              <p key={w.cents} className="text-gray-700 dark:text-gray-300">
                {t("bet.paysOn", { amount: money(w.cents / 100, symbol), digits: w.digits.join(", ") })}
              </p>
            ))}
            <p className="text-xs text-gray-700 dark:text-gray-300">
              {t("bet.afterFee", { percent: Math.round((payout?.serviceFeeRate ?? 0) * 10_000) / 100 })}
            </p>
          </div>
        ) : null}
        {hydrated ? null : <p className="text-xs text-gray-700 dark:text-gray-300">{t("bet.totalHint")}</p>}
        {problem && !error ? (
          <p
            role="alert"
            className="text-sm font-semibold text-red-700 dark:text-red-300"
            data-testid="sheet-problem"
          >
            {problem}
          </p>
        ) : null}
        {topUp && !error ? (
          <Link to={topUp.to} className="btn-secondary w-full" data-testid="sheet-top-up">
            {t(topUp.label)}
          </Link>
        ) : null}

        {error ? (
          <p id="bet-error" role="alert" className="text-sm font-semibold text-red-700 dark:text-red-300">
            {error.message}
          </p>
        ) : null}
        {state.multiple === 0 ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">{t("bet.multipleHint")}</p>
        ) : null}

        <button
          type="submit"
          className="btn-primary w-full"
          disabled={locked || pending || Boolean(problem) || (hydrated && state.multiple <= 0)}
        >
          {locked ? t("bet.locked") : pending ? t("bet.placing") : t("bet.confirm")}
        </button>
      </Form>
    </Dialog>
  );
}

/**
 * A slow phone shows the server's sheet before its code has come, and the player can already
 * pick a base amount and type a multiple there. When the code comes, React draws the sheet from
 * the page's state (the server's choice), which would silently undo theirs: a bet of 1 × 1 where
 * they chose 10 × 2. So the sheet reads what its server-drawn form holds when it first renders in
 * the browser (before React takes its inputs over) and makes that the state.
 */
function useChoiceMadeEarly(state: BetFormState, dispatch: Dispatch<BetFormAction>, baseAmounts: number[]) {
  const [early] = useState(() => choiceOnServerSheet(state.betName));
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the sheet first shows
  useEffect(() => {
    if (!early) return;
    if (baseAmounts.includes(early.baseAmount) && early.baseAmount !== state.baseAmount) {
      dispatch({ type: "base", baseAmount: early.baseAmount });
    }
    if (early.multiple !== state.multiple) dispatch({ type: "setMultiple", value: String(early.multiple) });
  }, []);
}

/** The base amount and multiple of the server-drawn sheet of `betName` in the page, if there is one. */
function choiceOnServerSheet(betName: string | null): { baseAmount: number; multiple: number } | null {
  if (typeof document === "undefined" || !betName) return null;
  const form = document.getElementById("bet-popup-title")?.closest("form");
  const field = (name: string) => form?.elements.namedItem(name) as HTMLInputElement | RadioNodeList | null;
  if (!form || field("betName")?.value !== betName) return null;
  const multiple = field("betMultiples")?.value;
  const baseAmount = Number(field("baseAmount")?.value);
  if (multiple === undefined || !(baseAmount > 0)) return null;
  return { baseAmount, multiple: parseMultiple(multiple) };
}
