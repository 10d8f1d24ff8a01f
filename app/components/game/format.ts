/** Small formatting helpers shared by the game pages (same output on server and browser). */
import { GAME_COINS as COINS, type GameCoin as Coin } from "./coins";

/** 12 → "12", 12.5 → "12.50", 1234567.891 → "1,234,567.89". */
export function formatAmount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "0";
  const fixed = Number.isInteger(value) ? value.toString() : value.toFixed(2);
  const [int, dec] = fixed.split(".");
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return dec ? `${grouped}.${dec}` : grouped;
}

export function withSymbol(symbol: string, value: number | null | undefined): string {
  return `${symbol}${formatAmount(value)}`;
}

/** A time in ms epoch as "HH:MM:SS" UTC-free local-agnostic string (server and browser agree). */
export function formatTime(ms: number | string | null | undefined): string {
  if (ms === null || ms === undefined || ms === "") return "";
  const n = typeof ms === "number" ? ms : Number(ms);
  const d = Number.isFinite(n) ? new Date(n) : new Date(String(ms));
  if (Number.isNaN(d.getTime())) return String(ms);
  return d.toISOString().replace("T", " ").slice(0, 19);
}

export function parseCoin(value: string | null | undefined): Coin | null {
  return value && (COINS as readonly string[]).includes(value) ? (value as Coin) : null;
}

export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
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
  return `/pages/game/game?${params}`;
}

export function pageCount(totalElements: number, pageSize: number): number {
  return Math.max(1, Math.ceil(totalElements / Math.max(1, pageSize)));
}
