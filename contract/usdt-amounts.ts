/**
 * What a USDT withdrawal sends, shared by the core (the record, the payout adapter) and the page
 * (the live preview), so that what the page promises, what is recorded and what is sent are one
 * number. Pure and free of zod, so that browser code can import it (decision 036).
 *
 * USDT has 6 decimals: a net amount of `netCents` CHIP at `rateCents` CHIP cents per USDT is sent
 * as floor(netCents × 1,000,000 ÷ rateCents) micro-USDT (decision 061). What is not sent is less
 * than one micro-USDT, which at any rate the operator may set (at most MAX_USDT_RATE_CENTS) is
 * worth less than a tenth of a cent: the net booked as paid is the USDT sent, to the cent.
 */

export const MICROS_PER_USDT = 1_000_000;

/** The highest USDT rate an operator may set: 1,000 CHIP per USDT, in cents. */
export const MAX_USDT_RATE_CENTS = 100_000;

/** Micro-USDT sent for `netCents` CHIP at `rateCents` CHIP cents per USDT, rounded down (exact, in BigInt). */
export function usdtMicrosOf(netCents: number, rateCents: number): number {
  return Number((BigInt(netCents) * BigInt(MICROS_PER_USDT)) / BigInt(rateCents));
}

/** USDT (up to 6 decimals) for `netCents` CHIP at `rateCents`: what the player receives. */
export function usdtOf(netCents: number, rateCents: number): number {
  return usdtMicrosOf(netCents, rateCents) / MICROS_PER_USDT;
}
