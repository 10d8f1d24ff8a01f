import { z } from "zod";

/**
 * Money crosses the wire as a number of currency units with at most two decimals; inside the
 * core it is integer cents, so that sums are exact.
 */
export const COINS = ["CHIP", "GOLD", "POINT"] as const;
export const coinSchema = z.enum(COINS);
export type Coin = z.infer<typeof coinSchema>;

export function toCents(units: number): number {
  return Math.round(units * 100);
}
export function fromCents(cents: number): number {
  return cents / 100;
}
/** A positive amount in units with at most two decimals, bounded so cents stay exact. */
export const amountSchema = z.coerce
  .number({ invalid_type_error: "Enter an amount" })
  .positive("The amount must be more than 0")
  .max(1_000_000_000, "The amount is too large")
  .refine(
    (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-6,
    "At most two decimals",
  );
