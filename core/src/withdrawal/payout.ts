import type { Currency, Network } from "#contract/wallet";
import type { Db } from "../platform/db";

/**
 * The payout adapter: how approved withdrawals leave the house (docs/wallet.md "Payout adapter",
 * decision 030). The core calls `pay` after a withdrawal is approved (by the auto-audit or an
 * operator) and again, with the same `withdrawalId`, after a crash or a thrown error, until it
 * answers PAID or FAILED. So an adapter MUST be idempotent by withdrawalId: a second call for a
 * withdrawal it already paid answers PAID with the same reference and pays nothing (real
 * providers take the id as their merchant order number / idempotency key).
 *
 * - PAID: the money left; the core moves the held amount to WITHDRAWALS_PAID (net) and FEES.
 * - FAILED: it definitely did not and will not leave (a closed account...); the core returns the
 *   held amount to the player (REJECT with `reason`).
 * - a thrown error: unknown outcome (timeout, 5xx); the withdrawal stays PAYING and the resume
 *   job asks again later.
 */
interface PayoutOrder {
  withdrawalId: number;
  userId: number;
  currency: Currency;
  /** What the player receives, in CHIP cents; booked as paid (WITHDRAWALS_PAID) when PAID. */
  netCents: number;
  /**
   * USDT only: what to send, in micro-USDT (USDT has 6 decimals; 3306111 is 3.306111 USDT):
   * netCents at the withdrawal's rate, rounded down (contract/usdt-amounts.ts, decision 061).
   */
  usdtMicros: number | null;
  bank: { bankName: string; holderName: string; accountNumber: string; ifsc: string | null } | null;
  address: string | null;
  network: Network | null;
}

export type PayoutResult = { status: "PAID"; reference: string } | { status: "FAILED"; reason: string };

export interface PayoutAdapter {
  name: string;
  pay(order: PayoutOrder): Promise<PayoutResult>;
}

/**
 * The default: pays nothing real, answers PAID with a reference derived from the withdrawal id
 * (so a repeated call answers the same), and remembers what it "paid" for tests and demos.
 */
export function sandboxPayout(): PayoutAdapter & { paid: Map<number, PayoutOrder> } {
  const paid = new Map<number, PayoutOrder>();
  return {
    name: "sandbox",
    paid,
    async pay(order) {
      if (!paid.has(order.withdrawalId)) paid.set(order.withdrawalId, order);
      return { status: "PAID", reference: `SANDBOX-${order.withdrawalId}` };
    },
  };
}

const adapters = new WeakMap<Db, PayoutAdapter>();
const sandboxes = new WeakMap<Db, PayoutAdapter>();

/** Plugs an adapter for the core (or CLI) using `db`; an operator's real provider goes here. */
export function setPayoutAdapter(db: Db, adapter: PayoutAdapter | null): void {
  if (adapter) adapters.set(db, adapter);
  else adapters.delete(db);
}

export function payoutAdapterOf(db: Db): PayoutAdapter {
  const plugged = adapters.get(db);
  if (plugged) return plugged;
  let sandbox = sandboxes.get(db);
  if (!sandbox) {
    sandbox = sandboxPayout();
    sandboxes.set(db, sandbox);
  }
  return sandbox;
}
