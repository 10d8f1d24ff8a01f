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

/**
 * How an operator's value of one field is kept: its column, and how the typed text (trimmed) is
 * read into the column's value (a Refusal naming the field when it will not do).
 */
export type FieldColumn = [column: string, read: (text: string, field: string) => unknown];

/**
 * An operator's changes (field → text, as the CLI and the API take them) as [column, value] pairs,
 * each read by its field's entry of `fields`; a field not there is refused with the list of them.
 */
export function columnsOf(
  changes: Record<string, string>,
  fields: Record<string, FieldColumn>,
): Array<[string, unknown]> {
  return Object.entries(changes).map(([field, raw]): [string, unknown] => {
    if (!Object.hasOwn(fields, field))
      throw new Refusal(`Unknown field ${field}; fields: ${Object.keys(fields).join(", ")}`);
    const [column, read] = fields[field];
    return [column, read(String(raw).trim(), field)];
  });
}

/** An operator's switch: true or false (also 1 or 0, in any case). */
export function onOff(text: string, field: string): boolean {
  if (!/^(true|false|1|0)$/i.test(text)) throw new Refusal(`${field}: true or false`);
  return /^(true|1)$/i.test(text);
}

/** A percent as an operator types it (two decimals at most) from 0 to `max`, in basis points (1 % = 100). */
export function percentBp(max: number): FieldColumn[1] {
  return (text, field) => {
    if (!/^\d{1,2}(\.\d{1,2})?$/.test(text) || Number(text) > max)
      throw new Refusal(`${field}: a percent from 0 to ${max}`);
    return Math.round(Number(text) * 100);
  };
}
