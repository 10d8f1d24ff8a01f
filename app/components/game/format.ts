/** URL and query helpers of the game pages (same output on server and browser). Money and dates: ~/utils/format. */
import { PAGES } from "~/utils/paths";
import { GAME_COINS as COINS, type GameCoin as Coin } from "./coins";

export function parseCoin(value: string | null | undefined): Coin | null {
  return value && (COINS as readonly string[]).includes(value) ? (value as Coin) : null;
}

export const GAME_TABS = ["pastHistory", "trend", "myRecords"] as const;
export type GameTab = (typeof GAME_TABS)[number];
export function parseTab(value: string | null | undefined): GameTab {
  return (GAME_TABS as readonly string[]).includes(value ?? "") ? (value as GameTab) : "pastHistory";
}

/** URL of the game page for a level and coin, with optional tab, page and chosen bet. */
export function gameUrl(q: {
  level: number;
  coin: Coin;
  tab?: GameTab;
  page?: number;
  betName?: string | null;
}): string {
  const params = new URLSearchParams({ level: String(q.level), coin: q.coin });
  if (q.tab && q.tab !== "pastHistory") params.set("tab", q.tab);
  if (q.page && q.page > 1) params.set("page", String(q.page));
  if (q.betName) params.set("betName", q.betName);
  return `${PAGES.game}?${params}`;
}
