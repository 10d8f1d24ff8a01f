/**
 * The wallet's names without zod, for pages to read at start (decision 036); `./wallet` builds
 * its schemas on them and re-exports them.
 */

/** The currencies of recharge and withdrawal (spec: getConfig's `currency`). */
export const CURRENCIES = ["CASH", "USDT"] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The USDT networks (spec section 9). */
export const NETWORKS = ["TRC20", "BEP20"] as const;
export type Network = (typeof NETWORKS)[number];
