import { type FormEvent, useState } from "react";
import { AmountField, type AnyField, useCheckedEarly, useValueTypedEarly } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";
import { checkMoney, fromTyped } from "#contract/money-rule";
import { coinAmount } from "./money";

/**
 * What the exchange and staking forms follow live while the player picks and types: the card of
 * `choice` checked at first (the submitted one, else `firstChoice`), the chosen card, and the
 * amount typed as the money rule reads it; both also when picked or typed before the form's code
 * arrived. `onChange` goes on the <Form>.
 */
export function useChoiceAndAmount(choice: AnyField, amount: AnyField, firstChoice: string) {
  const initial = (choice.initialValue as string | undefined) ?? firstChoice;
  const [chosen, setChosen] = useState(initial);
  const [typed, setTyped] = useState((amount.initialValue as string | undefined) ?? "");
  useCheckedEarly(choice.formId, choice.name, setChosen);
  useValueTypedEarly(amount.id, setTyped);
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    setChosen(String(data.get(choice.name) ?? ""));
    setTyped(String(data.get(amount.name) ?? ""));
  };
  return { initial, chosen, amount: checkMoney(fromTyped(typed)), onChange };
}

/** The amount field of the exchange and staking forms: its hint is the balance it comes out of. */
export function AvailableAmountField({
  meta,
  available,
  coin,
}: { meta: AnyField; available: number; coin: string }) {
  const { t } = useTranslation("assets");
  const fmt = useFormat();
  return (
    <AmountField
      label={t("amount.label")}
      meta={meta}
      placeholder={fmt.money(0, "")}
      hint={t("amount.available", { amount: coinAmount(fmt, t, available, coin) })}
    />
  );
}
