import { fromTyped } from "#contract/money-rule";

/**
 * The withdrawal form's live figures, without zod (the page reads them at start; the schemas load
 * later, decision 036).
 */

/** The fee and what is left, in cents, as the core computes them (half up to the cent). */
export function feeAndNet(amount: number | null, feeRatePercent: number) {
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return null;
  const cents = Math.round(amount * 100);
  const bp = Math.round(feeRatePercent * 100);
  const fee = Math.floor((cents * bp + 5000) / 10000);
  return { fee: fee / 100, net: (cents - fee) / 100 };
}

/** The amount typed so far ("10,5" too), when it reads as one (for the live fee), else null. */
export function typedAmount(text: string | null | undefined): number | null {
  const plain = fromTyped(text?.trim() ?? "");
  if (!/^\d{1,13}(\.\d{0,2})?$/.test(plain)) return null;
  return Number(plain);
}
