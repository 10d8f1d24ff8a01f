import { PAGES } from "~/utils/paths";

/**
 * The three coins, repeated here without zod so that browser code does not pull zod in
 * (contract/money.ts builds schemas at import). A test checks both lists agree.
 */
export const GAME_COINS = ["CHIP", "GOLD", "POINT"] as const;
export type GameCoin = (typeof GAME_COINS)[number];

/**
 * Where a player short of a coin gets more of it, and that page's name (common:pages.*): chips are
 * recharged, gold is exchanged from chips; points come only from play, so none. The game page
 * offers it beside the balance and in the bet sheet when a stake is more than the balance.
 */
export const TOP_UP: Record<GameCoin, { to: string; label: string } | null> = {
  CHIP: { to: PAGES.recharge, label: "common:pages.recharge" },
  GOLD: { to: PAGES.exchange, label: "common:pages.exchange" },
  POINT: null,
};
