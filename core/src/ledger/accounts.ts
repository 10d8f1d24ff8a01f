/**
 * The system accounts of the double-entry ledger, one of each per coin. Every ledger entry moves
 * money between one player's account and one of these (its `counter_account`); money between two
 * system accounts moves in `system_transfers`. A system account's balance is derived from those
 * rows (never stored, so no bet waits on a hot house row) and may go below zero: HOUSE is negative
 * when players have won more than they lost, DEPOSITS_CASH is minus what was ever paid in.
 */
const SYSTEM_ACCOUNTS = {
  HOUSE: "the game's side of every stake and win",
  ADJUSTMENTS: "operator credits and demo start balances",
  DEPOSITS_CASH: "money paid in through a payment provider (its clearing account)",
  DEPOSITS_USDT: "USDT seen on chain, credited at the configured rate",
  WITHDRAWALS_HELD: "withdrawals applied for and not yet paid or rejected",
  WITHDRAWALS_PAID: "withdrawals paid out by the payout adapter",
  FEES: "withdrawal and exchange fees",
  EXCHANGE: "the exchange desk: one coin in, another out",
  POINTS_ISSUED: "points earned from turnover",
  STAKING_LOCKED: "staked principal until maturity",
  STAKING_INTEREST: "interest paid on stakes",
  REBATES: "team rebates",
  GIFTS: "gifts and recharge-task rewards",
  JACKPOT: "the jackpot pool",
} as const;

export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

export function isSystemAccount(name: string): name is SystemAccount {
  return Object.hasOwn(SYSTEM_ACCOUNTS, name);
}
