import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useReducer, useRef } from "react";
import { NavBar } from "~/components/NavBar";
import { FooterLinks } from "~/components/game/FooterLinks";
import { betFormReducer, initialBetForm, reopenedChoice, roomLimitProblem } from "~/components/game/bet-form";
import { type BetName, isBetName } from "~/components/game/bets";
import { TOP_UP } from "~/components/game/coins";
import { type GameTab, gameUrl } from "~/components/game/format";
import { useRoundCountdown } from "~/components/game/use-round-countdown";
import { useTranslation } from "~/utils/i18n-react";
import { lazyComponent, whenIdle } from "~/utils/lazy";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { useHydrated } from "~/utils/use-hydrated";
import { BetButtons } from "./BetButtons";
import { LevelTabs } from "./LevelTabs";
import type { TabData } from "./ResultTabs";
import { RoundPanel } from "./RoundPanel";
import { type GameActionData, action, loader } from "./game-page.server";

export const handle = { i18n: ["game"] };
export const meta = pageTitle("game.pageTitle", "game");

export { action, loader };

const NO_TIME = { bet: 0, round: 0 };

// Not needed at first paint: loaded when idle after hydration (or when first shown), so that they
// are not in the page's start-up JavaScript. The server renders them in full (see lazyComponent:
// their props must stay the same while the countdown ticks).
const BetPopup = lazyComponent(() => import("./BetPopup").then((m) => m.BetPopup));
const ResultPopup = lazyComponent(() => import("./ResultPopup").then((m) => m.ResultPopup));
// Shown only after a bet, and when a reality check is due: their code loads when they show.
const Receipt = lazyComponent(() => import("./Receipt").then((m) => m.Receipt));
// Below the fold, drawn by the server: its code (and the tabs' links) comes just after hydration.
const ResultTabs = lazyComponent(() => import("./ResultTabs").then((m) => m.ResultTabs));
const RealityCheck = lazyComponent(() =>
  import("~/components/limits/RealityCheck").then((m) => m.RealityCheck),
);

export default function GamePage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<GameActionData>();
  const { t } = useTranslation("game");
  const { money } = useFormat();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  // A refused bet (with or without JS) opens the sheet again with the same choice and the reason.
  const reopen = actionData?.error && isBetName(actionData.betName) ? actionData.betName : null;
  const [form, dispatch] = useReducer(betFormReducer, null, () =>
    initialBetForm(
      data.baseAmounts,
      reopen ?? data.betName,
      reopen ? reopenedChoice(actionData?.choice, data.baseAmounts) : data.betForm,
    ),
  );
  // The refusal shows while the sheet still holds the refused choice.
  const refusal =
    actionData?.error &&
    actionData.betName === form.betName &&
    (!actionData.choice ||
      (actionData.choice.baseAmount === form.baseAmount && actionData.choice.multiple === form.multiple))
      ? actionData.error
      : null;
  const room = roomLimitProblem(data.balance, data.limits);
  const roomProblem = room
    ? t(`refusal.${room.reason}`, { amount: money(room.amount, data.symbol) })
    : data.round?.voided
      ? t("round.voided")
      : null;
  const left = useRoundCountdown(
    data.round?.id ?? null,
    data.round?.clock ?? null,
    data.round?.remaining ?? NO_TIME,
    data.lastDrawnId,
  );
  const closed = !data.round || left.bet === 0;
  const locked = closed || Boolean(roomProblem);
  const here = { level: data.level, coin: data.coin };
  const topUp = TOP_UP[data.coin];
  // Stable callbacks keep the board and the tabs from re-rendering on every countdown tick.
  const choose = useCallback((betName: BetName) => dispatch({ type: "choose", betName }), []);
  const moneyHere = useCallback((n: number) => money(n, data.symbol), [money, data.symbol]);
  const tabHref = useCallback(
    (tab: GameTab, page?: number) => gameUrl({ level: data.level, coin: data.coin, tab, page }),
    [data.level, data.coin],
  );

  // After a bet went through (redirect, no error), reset: first base amount, multiple 1, no bet.
  const submitting = useRef(false);
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "bet";
  useEffect(() => {
    if (pending) submitting.current = true;
    else if (submitting.current) {
      submitting.current = false;
      if (!actionData?.error) dispatch({ type: "reset", baseAmounts: data.baseAmounts });
    }
  }, [pending, actionData, data.baseAmounts]);

  useEffect(
    () =>
      whenIdle(() => {
        BetPopup.preload().catch(() => {});
        ResultPopup.preload().catch(() => {});
        import("./ResultTabs")
          .then((m) => Promise.all([m.TrendChart.preload(), m.MyRecords.preload()]))
          .catch(() => {});
      }),
    [],
  );

  // Another level (or coin) has other base amounts: start over.
  const levelKey = `${data.coin}/${data.level}`;
  const shownLevel = useRef(levelKey);
  useEffect(() => {
    if (shownLevel.current === levelKey) return;
    shownLevel.current = levelKey;
    dispatch({ type: "reset", baseAmounts: data.baseAmounts });
  }, [levelKey, data.baseAmounts]);

  return (
    <>
      <NavBar
        title={t("game.title")}
        backTo={`${PAGES.gameList}?coin=${data.coin}`}
        link={{ to: PAGES.rules, label: t("rules.link") }}
      />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <p className="flex items-center justify-between gap-2 text-sm">
          <span className="shrink-0">{t(`common:coin.${data.coin}`)}</span>
          <span className="flex flex-wrap items-center justify-end gap-x-3">
            <span>
              {t("common:labelled", { label: t("balance") })}{" "}
              <strong data-testid="balance">{money(data.balance, data.symbol)}</strong>
            </span>
            {/* Money first (ui.md): the action that adds to this balance sits beside it. */}
            {topUp ? (
              <Link
                to={topUp.to}
                className="inline-flex min-h-[44px] items-center rounded-full px-2 font-semibold text-brand-dark underline-offset-2 hover:underline dark:text-pink-300"
                data-testid="game-top-up"
              >
                {t(topUp.label)}
              </Link>
            ) : null}
          </span>
        </p>

        <LevelTabs levels={data.levels} level={data.level} coin={data.coin} />

        {data.round ? (
          <RoundPanel
            roundId={data.round.id}
            gameTitle={data.round.gameTitle}
            levelName={data.round.levelName}
            left={left}
            previousDraw={data.previousDraw}
            refreshAfter={data.round.refreshAfter}
            live={hydrated}
            commitment={data.round.seedHash}
            voided={data.round.voided}
          />
        ) : (
          <section className="card text-center" aria-live="polite">
            <noscript>
              <meta httpEquiv="refresh" content="30" />
            </noscript>
            <p>{data.emptyMessage || t("round.none")}</p>
          </section>
        )}

        {data.receipt ? <Receipt receipt={data.receipt} money={moneyHere} /> : null}

        <BetButtons
          level={data.level}
          coin={data.coin}
          tab={data.tabData.tab}
          locked={locked}
          reason={roomProblem}
          closesIn={hydrated ? null : left.bet}
          onChoose={choose}
        />

        <ResultTabs data={data.tabData as TabData} symbol={data.symbol} hrefOf={tabHref} />

        <FooterLinks
          links={[
            { to: PAGES.betRecord, label: t("records.betRecord") },
            { to: `${PAGES.verify}?level=${data.level}&coin=${data.coin}`, label: t("verify.link") },
          ]}
        />
      </main>

      {data.round && form.betName ? (
        <BetPopup
          state={form}
          dispatch={dispatch}
          roundId={data.round.id}
          coin={data.coin}
          level={data.level}
          baseAmounts={data.baseAmounts}
          multiples={data.multiples}
          formKey={actionData?.idempotencyKey ?? data.formKey}
          locked={closed}
          pending={pending}
          hydrated={hydrated}
          error={refusal}
          symbol={data.symbol}
          balance={data.balance}
          payout={data.payout}
          blocked={roomProblem}
          closeHref={gameUrl({ ...here, tab: data.tabData.tab })}
        />
      ) : null}
      {data.popup && !form.betName ? <ResultPopup popup={data.popup} symbol={data.symbol} /> : null}
      {/* Player protection: the reality check, over everything, until "continue" or "stop playing". */}
      {data.reality ? (
        <RealityCheck reality={data.reality} back={gameUrl({ ...here, tab: data.tabData.tab })} />
      ) : null}
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
