import { type APIRequestContext, type Page, expect } from "@playwright/test";
import { PAGES } from "../../app/utils/paths";

/**
 * Helpers of the game specs (game.spec.ts, game-nojs.spec.ts). The payout table here is written
 * from the rules as the issue states them, independently of core/src/game/payout.ts, so that a
 * wrong multiplier or rounding in the core shows up as a wrong balance.
 */

export const GAME_PATH = PAGES.game;
export const VERIFY_PATH = PAGES.verify;
export const RULES_PATH = PAGES.rules;
const JSON_HEADERS = { accept: "application/json" };

export type Coin = "CHIP" | "GOLD" | "POINT";

/** Colours of a digit: 0 red+violet, 5 green+violet, 1 3 7 9 green, 2 4 6 8 red. */
export function digitColours(digit: number): string[] {
  if (digit === 0) return ["Red", "Violet"];
  if (digit === 5) return ["Green", "Violet"];
  return [1, 3, 7, 9].includes(digit) ? ["Green"] : ["Red"];
}

/** The multiplier of a bet for a drawn digit, as a fraction "numerator / 10" (0 = lost). */
function multiplierTenths(betName: string, digit: number): number {
  const colours = digitColours(digit);
  switch (betName) {
    case "Red":
    case "Green":
      if (!colours.includes(betName)) return 0;
      return digit === 0 || digit === 5 ? 15 : 20;
    case "Violet":
      return colours.includes("Violet") ? 45 : 0;
    case "Big":
      return digit >= 5 ? 20 : 0;
    case "Small":
      return digit <= 4 ? 20 : 0;
    default:
      return /^\d$/.test(betName) && Number(betName) === digit ? 90 : 0;
  }
}

/**
 * What a bet of `stakeCents` wins, in cents: the stake less the 2 % fee, times the multiplier,
 * rounded down to the cent (integer arithmetic: stake × 98/100 × tenths/10, floored once).
 */
export function expectedWinCents(betName: string, digit: number, stakeCents: number): number {
  const tenths = multiplierTenths(betName, digit);
  if (tenths === 0) return 0;
  return Math.floor((stakeCents * 98 * tenths) / 1000);
}

export const toCents = (units: number) => Math.round(units * 100);

/** GET a page's loader data as JSON (the server's JSON mode), asserting a 200. */
export async function pageJson<T = Record<string, unknown>>(
  request: APIRequestContext,
  path: string,
): Promise<T> {
  const res = await request.get(path, { headers: JSON_HEADERS });
  expect(res.status(), `${path}: ${(await res.text()).slice(0, 300)}`).toBe(200);
  return (await res.json()) as T;
}

export interface GameJson {
  coin: Coin;
  balance: number;
  level: number;
  baseAmounts: number[];
  round: { id: string; remaining: { bet: number; round: number }; refreshAfter: number } | null;
  lastDrawnId: string | null;
  popup: {
    roundId: string;
    digit: number;
    records: Array<{ betName: string; totalBetAmount: number }>;
  } | null;
  formKey: string;
}

export function gameJson(request: APIRequestContext, level = 1, coin: Coin = "CHIP") {
  return pageJson<GameJson>(request, `${GAME_PATH}?level=${level}&coin=${coin}`);
}

/** The settled digit of a round, from the verify page (which recomputes it from the seed). */
export async function drawnDigit(request: APIRequestContext, roundId: string): Promise<number> {
  let last = "";
  for (let i = 0; i < 40; i++) {
    const res = await request.get(`${VERIFY_PATH}?sessionId=${roundId}`, { headers: JSON_HEADERS });
    const body = (await res.json()) as {
      verification: {
        publishedDigit: number | null;
        recomputedDigit: number | null;
        digitMatches: boolean | null;
      };
    };
    last = JSON.stringify(body);
    const v = body.verification;
    if (v && v.publishedDigit !== null) {
      expect(v.digitMatches, `verify ${roundId}: ${last}`).toBe(true);
      expect(v.recomputedDigit).toBe(v.publishedDigit);
      return v.publishedDigit;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`Round ${roundId} was not drawn: ${last}`);
}

/** Seconds a countdown element (<time dateTime="PT12S">) shows. */
export async function countdownSeconds(
  page: Page,
  testId: "bet-countdown" | "round-countdown",
): Promise<number> {
  const value = await page.getByTestId(testId).locator("time").getAttribute("datetime");
  const match = value?.match(/^PT(\d+)S$/);
  if (!match) throw new Error(`${testId} shows no PTnS datetime: ${value}`);
  return Number(match[1]);
}

/** The round id the page shows ("Round 2026112110100020" → "2026112110100020"). */
export async function shownRoundId(page: Page): Promise<string> {
  const text = (await page.getByTestId("round-id").textContent()) ?? "";
  const match = text.match(/(\d{6,})/);
  if (!match) throw new Error(`No round id in "${text}"`);
  return match[1];
}

export type CountdownSample = { at: number; roundId: string; bet: string; round: string };

/**
 * Records every change of the round id and of the two countdowns into window.__gameSamples
 * (a MutationObserver, so that even a 0 shown for a few milliseconds is seen).
 */
export async function recordCountdowns(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as {
      __gameSamples: CountdownSample[];
      __gameToasts: Array<{ at: number; text: string }>;
      __gameObserver?: MutationObserver;
    };
    w.__gameSamples = [];
    w.__gameToasts = [];
    const seenToasts = new Set<Element>();
    const read = () => {
      for (const el of document.querySelectorAll('[aria-live="polite"].pointer-events-none p')) {
        if (seenToasts.has(el)) continue;
        seenToasts.add(el);
        w.__gameToasts.push({ at: Date.now(), text: el.textContent ?? "" });
      }
      const q = (id: string) => document.querySelector(`[data-testid="${id}"]`);
      const sample = {
        at: Date.now(),
        roundId: (q("round-id")?.textContent ?? "").replace(/\D/g, ""),
        bet: q("bet-countdown")?.querySelector("time")?.getAttribute("datetime") ?? "",
        round: q("round-countdown")?.querySelector("time")?.getAttribute("datetime") ?? "",
      };
      const last = w.__gameSamples[w.__gameSamples.length - 1];
      if (
        !last ||
        last.roundId !== sample.roundId ||
        last.bet !== sample.bet ||
        last.round !== sample.round
      ) {
        w.__gameSamples.push(sample);
      }
    };
    read();
    w.__gameObserver?.disconnect();
    w.__gameObserver = new MutationObserver(read);
    w.__gameObserver.observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

export function countdownSamples(page: Page): Promise<CountdownSample[]> {
  return page.evaluate(() => (window as unknown as { __gameSamples: CountdownSample[] }).__gameSamples);
}

/** Every toast shown since recordCountdowns(), oldest first (a toast shows for 2 s only). */
export function toastsSeen(page: Page): Promise<Array<{ at: number; text: string }>> {
  return page.evaluate(
    () => (window as unknown as { __gameToasts: Array<{ at: number; text: string }> }).__gameToasts,
  );
}

export const secondsOf = (duration: string) => Number(duration.match(/^PT(\d+)S$/)?.[1] ?? Number.NaN);

/**
 * How every page shows an amount in units in English (app/utils/format.ts, one way everywhere):
 * two decimals, grouped: 12 → "12.00", 1234.5 → "1,234.50". Written here independently.
 */
export function shown(units: number): string {
  const [int, dec] = Math.abs(units).toFixed(2).split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${units < 0 ? "-" : ""}${grouped}.${dec}`;
}

/** Opens `path` on a round that still takes bets for `seconds` s (waiting for the next round). */
export async function openRound(page: Page, path: string, seconds = 10) {
  for (let i = 0; i < 4; i++) {
    await page.goto(path);
    const bet = await countdownSeconds(page, "bet-countdown");
    if (bet >= seconds) return;
    const round = await countdownSeconds(page, "round-countdown");
    await page.waitForTimeout((round + 1.5) * 1000);
  }
  throw new Error(`No round with ${seconds} s of betting at ${path}`);
}

/** The m:ss a CSS countdown shows now: the cell of each digit column that sits in its window. */
export function shownCountdown(page: Page, testId: string): Promise<string> {
  return page.evaluate((id) => {
    const dd = document.querySelector(`[data-testid="${id}"]`) as HTMLElement;
    const run = dd.querySelector(".cd-run");
    if (!run) return dd.textContent ?? "";
    if (getComputedStyle(run).visibility === "hidden") return dd.querySelector(".cd-done")?.textContent ?? "";
    let text = "";
    for (const node of run.childNodes) {
      if (node.nodeType === Node.TEXT_NODE) text += node.textContent;
      if (!(node instanceof HTMLElement)) continue;
      const window = node.getBoundingClientRect();
      const cell = [...node.querySelectorAll(".cd-column > span")].find(
        (c) => Math.abs(c.getBoundingClientRect().top - window.top) < 2,
      );
      text += cell?.textContent ?? "?";
    }
    return text;
  }, testId);
}
export const secondsIn = (mss: string) => {
  const [m, s] = mss.split(":").map(Number);
  return m * 60 + s;
};
