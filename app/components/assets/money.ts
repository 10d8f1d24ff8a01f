import type { Formats } from "~/utils/format";
import type { MoneyMessages } from "#contract/money";

/** The money rule's messages as keys of the "assets" namespace (ErrorList translates them). */
export const MONEY_KEYS: MoneyMessages = {
  invalid: "assets:amount.invalid",
  decimals: "assets:amount.decimals",
  positive: "assets:amount.positive",
  negative: "assets:amount.negative",
  tooLarge: "assets:amount.tooLarge",
};

type T = (key: string, options?: Record<string, unknown>) => string;

/** "₹25.50" for chips; "25.50 Gold", "150.00 Points" for the coins without a sign. */
export function coinAmount(fmt: Pick<Formats, "coinMoney">, t: T, amount: number, coin: string): string {
  const text = fmt.coinMoney(amount, coin);
  return coin === "CHIP" ? text : `${text} ${t(`common:coin.${coin}`)}`;
}

/** "1 Chip", "100 Points": a count of a coin's units, its name agreeing with the count. */
export function coinUnits(fmt: Pick<Formats, "number">, t: T, units: number, coin: string): string {
  return `${fmt.number(units)} ${t(`common:coin.${coin}`, { count: units })}`;
}
