/**
 * The three coins, repeated here without zod so that browser code does not pull zod in
 * (contract/money.ts builds schemas at import). A test checks both lists agree.
 */
export const GAME_COINS = ["CHIP", "GOLD", "POINT"] as const;
export type GameCoin = (typeof GAME_COINS)[number];
