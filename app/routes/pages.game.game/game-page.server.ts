import { type ActionFunctionArgs, type LoaderFunctionArgs, json, redirect } from "@remix-run/node";
import { DEFAULT_MULTIPLE, MAX_MULTIPLE, parseMultiple, splitAmounts } from "~/components/game/bet-form";
import { refusalMessage } from "~/components/game/bet-refusals.server";
import { betFormSchema } from "~/components/game/bet-schema";
import { isBetName } from "~/components/game/bets";
import { gameUrl, parseCoin, parseTab } from "~/components/game/format";
import { previousDraw } from "~/components/game/results";
/**
 * Loader and action of the game page (/pages/game/game), kept out of the route file so that it
 * stays short. Everything here runs on the server only.
 */
import { realityCheck } from "~/components/limits/reality.server";
import { UpstreamError, asPageError, outcomeUnknown, statusOf } from "~/utils/api/errors.server";
import {
  PAGE_SIZE,
  coinSymbol,
  getLevels,
  getMyLotteryRecords,
  getResults,
  getRound,
  getRules,
  placeBet,
} from "~/utils/api/game.server";
import { balanceOf, getBalances } from "~/utils/api/user.server";
import { resolveCoin } from "~/utils/coin.server";
import { refreshAfterSeconds, remainingAtServer } from "~/utils/countdown";
import { getEnv } from "~/utils/env.server";
import { formatsFor } from "~/utils/format.server";
import { readForm } from "~/utils/forms.server";
import { i18n } from "~/utils/i18n.server";
import { wantsJson } from "~/utils/json-mode.server";
import { keyReusedRefusal } from "~/utils/limit-refusal.server";
import { pageCount, parsePage, redirectPastLastPage } from "~/utils/paging.server";
import { coinOf, commitSession, getSession, requireToken } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import type { GameLevel, GameSession } from "#contract/game";
import type { Coin } from "#contract/money";

function roundView(round: GameSession) {
  const clock = {
    serverNow: round.timestamp,
    // A voided round (decision 058) takes no bet: its betting shows closed until the next round.
    betEndTime: round.voided ? Math.min(round.betEndTime, round.timestamp) : round.betEndTime,
    sessionEndTime: round.sessionEndTime,
  };
  return {
    id: String(round.id),
    /** As the upstream names them; the page translates them (names.ts). */
    gameTitle: round.gameTitle,
    levelName: round.gameLevelName,
    seedHash: round.seedHash,
    voided: round.voided === true,
    clock,
    remaining: remainingAtServer(clock),
    refreshAfter: refreshAfterSeconds(clock),
  };
}

function baseAmountsOf(level: GameLevel | null): number[] {
  const list = splitAmounts(level?.betBaseAmountStr);
  return list.length ? list : [1];
}

/**
 * The bet popup's base amount and multiple from the query (the popup without JS is a GET form:
 * − / + send `step`, a quick multiple sends `setMultiple`, "update" re-renders what was typed),
 * so that the server renders the right total. Unknown base amounts fall back to the first one.
 */
export function betFormFromQuery(query: URLSearchParams, baseAmounts: number[]) {
  const base = Number(query.get("baseAmount"));
  const baseAmount = baseAmounts.includes(base) ? base : (baseAmounts[0] ?? 1);
  const typed = query.get("betMultiples");
  let multiple = typed === null ? DEFAULT_MULTIPLE : parseMultiple(typed);
  const quick = query.get("setMultiple");
  if (quick !== null) multiple = parseMultiple(quick);
  const step = query.get("step");
  if (step === "1") multiple = Math.min(MAX_MULTIPLE, multiple + 1);
  if (step === "-1") multiple = Math.max(0, multiple - 1);
  return { baseAmount, multiple };
}

const levelView = (l: GameLevel) => ({ level: l.level, levelName: l.levelName, enabled: l.enableFlag });

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const url = new URL(request.url);
  const { coin, session, setCookie } = await resolveCoin(request);
  const tab = parseTab(url.searchParams.get("tab"));
  const page = parsePage(url.searchParams.get("page"));
  const asked = Number(url.searchParams.get("level"));
  const askedLevel = Number.isInteger(asked) && asked >= 1 && asked <= 99 ? asked : null;
  // Player protection: the reality check, decided at page load (works without JavaScript).
  const realityP = realityCheck(request).catch(() => null);

  try {
    // With a level in the URL every call starts at once; without one the list picks it first.
    const levelsP = getLevels(request, coin);
    const firstEnabled = async () => (await levelsP).find((l) => l.enableFlag)?.level ?? null;
    const level = askedLevel ?? (await firstEnabled());
    const none = Promise.resolve(null);
    const [levels, balances, roundOf, latest, mine, tabPage] = await Promise.all([
      levelsP,
      getBalances(request),
      level ? getRound(request, level, coin) : Promise.resolve({ round: null, message: null }),
      level ? getResults(request, { level, coin, pageNo: 1 }) : none,
      getMyLotteryRecords(request, { coin, pageNo: tab === "myRecords" ? page : 1 }),
      level && tab === "pastHistory" && page > 1 ? getResults(request, { level, coin, pageNo: page }) : none,
    ]);
    const current = levels.find((l) => l.level === level) ?? null;
    const t = await i18n.getFixedT(request, "game");
    // The round's payout table (for "pays if it wins"); an upstream whose rounds lack it: the rules'.
    const payout =
      roundOf.round?.payout ??
      (roundOf.round ? ((await getRules(request).catch(() => null))?.payout ?? null) : null);
    const symbol = coinSymbol(coin, getEnv().CURRENCY_SIGN);

    // The result popup: the latest finished round, if the player bet on it and has not seen it.
    const last = latest?.content[0];
    const ack = session.get("ackSessionId");
    const minePageOne = tab !== "myRecords" || page === 1;
    const lastBets = last && minePageOne ? mine.content.filter((r) => r.gameSessionId === last.id) : [];
    const popup =
      last && lastBets.length && String(last.id) !== ack
        ? { roundId: String(last.id), digit: Number(last.lotteryResult), records: lastBets.map(recordView) }
        : null;

    const resultRows = (tabPage ?? latest)?.content.map((r) => ({
      id: String(r.id),
      lotteryResult: r.lotteryResult,
      sessionEndTime: r.sessionEndTime,
    }));
    const tabData =
      tab === "myRecords"
        ? { tab, rows: mine.content.map(recordView), page, pages: pageCount(mine.totalElements, PAGE_SIZE) }
        : {
            tab,
            rows: resultRows ?? [],
            page: tab === "trend" ? 1 : page,
            pages: pageCount((tabPage ?? latest)?.totalElements ?? 0, PAGE_SIZE),
          };
    redirectPastLastPage(request, tabData.page, tabData.pages);
    const betName = url.searchParams.get("betName");
    const baseAmounts = baseAmountsOf(current);
    // The receipt of the bet just placed (?receipt=<bet id>, set by the action): it keeps the
    // round's commitment and beacon round (decision 040); the player's own bets are on page one.
    const receiptId = Number(url.searchParams.get("receipt"));
    const placed = mine.content.find((r) => r.id === receiptId && r.commitment);
    const receipt = placed
      ? {
          id: String(placed.id),
          roundId: String(placed.gameSessionId),
          betName: placed.betName,
          total: placed.totalBetAmount,
          commitment: placed.commitment ?? "",
          beaconRound: placed.beaconRound ?? null,
        }
      : null;

    return json(
      {
        coin,
        symbol,
        balance: balanceOf(balances, coin),
        levels: levels.map(levelView),
        level: current?.level ?? level ?? 0,
        levelName: current?.levelName ?? "",
        limits: current ? { min: current.chipMinLimit, max: current.chipMaxLimit } : null,
        baseAmounts,
        multiples: splitAmounts(current?.betMultipleStr),
        payout,
        round: roundOf.round && current?.enableFlag ? roundView(roundOf.round) : null,
        // A room the upstream has no round for says so in the player's language, not the upstream's
        // English ("The current session configuration is empty", spec section 5).
        emptyMessage: roundOf.round || !roundOf.message ? null : t("round.emptyConfig"),
        previousDraw: previousDraw(latest?.content ?? []),
        lastDrawnId: last ? String(last.id) : null,
        tabData,
        popup,
        receipt,
        betName: isBetName(betName) ? betName : null,
        betForm: betFormFromQuery(url.searchParams, baseAmounts),
        formKey: crypto.randomUUID(),
        reality: await realityP,
      },
      { headers: setCookie ? { "set-cookie": setCookie } : {} },
    );
  } catch (error) {
    return asPageError(error);
  }
}

function recordView(r: {
  id: number;
  gameSessionId: number;
  betName: string;
  totalBetAmount: number;
  winAmount: number;
  status: string;
  lotteryResult: string | null;
}) {
  return {
    id: String(r.id),
    gameSessionId: String(r.gameSessionId),
    betName: r.betName,
    totalBetAmount: r.totalBetAmount,
    winAmount: r.winAmount,
    status: r.status,
    lotteryResult: r.lotteryResult,
  };
}

export type GameActionData = {
  code: number;
  message: string;
  result: unknown;
  error?: { field: string; message: string };
  betName?: string | null;
  /** What the refused bet's sheet held, so that it opens again with the same choice. */
  choice?: { baseAmount: number; multiple: number };
  /**
   * Set when the upstream may have placed the bet without saying so: the popup reopens with the
   * same choice and this key, so that confirming again cannot place it twice.
   */
  idempotencyKey?: string;
};

/** The base amount and multiple a bet form posted (as typed: the sheet shows them again). */
function choiceOf(form: FormData): { baseAmount: number; multiple: number } {
  const base = Number(form.get("baseAmount"));
  return {
    baseAmount: Number.isFinite(base) && base > 0 ? base : 0,
    multiple: parseMultiple(String(form.get("betMultiples") ?? "")),
  };
}

type Sheet = Pick<GameActionData, "betName" | "choice" | "idempotencyKey">;

/** A refused bet: the sheet opens again with the player's choice and why (`field` names the culprit). */
function refusedOnSheet(code: number, message: string, sheet: Sheet, status: number, field = "form") {
  return json<GameActionData>(
    { code, message, result: null, error: { field, message }, ...sheet },
    { status },
  );
}

/** The room to go back to: the bet's own (the round names it), else the form's, else the page's. */
function roomOf(form: FormData, request: Request, placed: unknown): number {
  const fromBet = (placed as { level?: unknown } | null)?.level;
  const candidates = [fromBet, form.get("level"), new URL(request.url).searchParams.get("level")];
  for (const value of candidates) {
    const n = Number(value);
    if (value !== null && value !== "" && Number.isInteger(n) && n >= 1 && n <= 99) return n;
  }
  return 1;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const form = await readForm(request);
  const t = await i18n.getFixedT(request, "game");
  const asJson = wantsJson(request);
  const coin = parseCoin(String(form.get("coin") ?? "")) ?? coinOf(await getSession(request));

  if (form.get("intent") === "ack") {
    const id = String(form.get("sessionId") ?? "");
    if (!/^\d{1,20}$/.test(id)) {
      return json<GameActionData>(
        { code: 400, message: t("errors.invalidRound"), result: null },
        { status: 400 },
      );
    }
    const session = await getSession(request);
    session.set("ackSessionId", id);
    const headers = { "set-cookie": await commitSession(session) };
    if (asJson)
      return json<GameActionData>({ code: 200, message: "OK", result: { ackSessionId: id } }, { headers });
    return redirect(gameUrl({ level: roomOf(form, request, null), coin }), { headers });
  }

  const parsed = betFormSchema.safeParse(Object.fromEntries(form));
  const betName = String(form.get("betName") ?? "");
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue.path[0] ?? "form");
    const message = t(`errors.${issue.message}`, { defaultValue: t("errors.invalidBet") });
    const sheet = { betName: isBetName(betName) ? betName : null, choice: choiceOf(form) };
    return refusedOnSheet(400, message, sheet, 400, field);
  }

  // Every bet goes with a key (one is made for a client that sent none): a retry after an
  // unknown outcome is then safe.
  const bet = { ...parsed.data, idempotencyKey: parsed.data.idempotencyKey ?? crypto.randomUUID() };
  const choice = { baseAmount: bet.baseAmount, multiple: bet.betMultiples };
  let outcome: { code: number; message: string; result: unknown; detail: unknown };
  // Set when the call failed on the way (no answer): otherwise a refusal says why.
  let failure: UpstreamError | null = null;
  try {
    outcome = await placeBet(request, bet);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (outcomeUnknown(error)) {
      const sheet = { betName: bet.betName, idempotencyKey: bet.idempotencyKey, choice };
      return refusedOnSheet(error.code, t("errors.outcomeUnknown"), sheet, statusOf(error));
    }
    outcome = { code: error.code, message: error.message, result: null, detail: null };
    failure = error;
  }
  const status = failure
    ? statusOf(failure)
    : outcome.code === 200
      ? 200
      : statusOf(new UpstreamError(outcome.code, outcome.message));
  const refused = !failure && outcome.code !== 200;
  const message = refused
    ? ((await keyReusedRefusal(request, outcome.detail)) ??
      refusalMessage(t, await formatsFor(request), bet.coin, outcome.detail, outcome.message))
    : outcome.code === 200
      ? t("bet.placed")
      : outcome.message || t("errors.invalidBet");
  if (asJson) {
    return json<GameActionData>(
      { code: outcome.code, message, result: refused ? outcome.detail : outcome.result },
      { status },
    );
  }
  if (refused) {
    return refusedOnSheet(outcome.code, message, { betName: bet.betName, choice }, status);
  }
  const placedId = (outcome.result as { id?: unknown } | null)?.id;
  const back = `${gameUrl({ level: roomOf(form, request, outcome.result), coin })}${
    typeof placedId === "number" ? `&receipt=${placedId}` : ""
  }`;
  return redirectWithToast(back, { type: outcome.code === 200 ? "success" : "error", message });
}
