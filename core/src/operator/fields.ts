import { toCents } from "#contract/money";
import { Refusal } from "../platform/http";

/**
 * An operator-typed amount in units (up to ten digits and two decimals, above zero), in cents;
 * refused as "<field>: an amount such as 100 or <example>".
 */
export function positiveAmountCents(field: string, text: string, example: string): number {
  if (!/^\d{1,10}(\.\d{1,2})?$/.test(text) || Number(text) <= 0)
    throw new Refusal(`${field}: an amount such as 100 or ${example}`);
  return toCents(Number(text));
}

/** An operator-typed name that players see: 1 to `max` characters, no control characters nor < >. */
export function shownName(text: string, max: number): string {
  if (text.length < 1 || text.length > max || /[\p{Cc}<>]/u.test(text))
    throw new Refusal(`name: 1 to ${max} characters`);
  return text;
}
