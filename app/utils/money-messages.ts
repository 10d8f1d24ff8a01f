import type { MoneyMessages } from "#contract/money-rule";
import type { TFunction } from "./translate";

/**
 * The money rule's messages in the words of a page whose namespace has the `validation.amount*`
 * keys (recharge, limits), translated by that namespace's `t`: the same in the browser (the
 * form) and on the server (the action), so both refuse an amount in the same words.
 */
export function moneyMessages(t: TFunction): MoneyMessages {
  return {
    invalid: t("validation.amountInvalid"),
    decimals: t("validation.amountDecimals"),
    positive: t("validation.amountPositive"),
    negative: t("validation.amountPositive"),
    tooLarge: t("validation.amountTooLarge"),
  };
}
