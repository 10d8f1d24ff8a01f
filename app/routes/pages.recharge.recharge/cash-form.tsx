import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  AmountField,
  ErrorList,
  FormSubmit,
  RadioCard,
  useKitForm,
  useValueTypedEarly,
} from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { moneyMessages } from "~/utils/money-messages";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { toCents } from "#contract/money-rule";
import type { Data } from "./route";

/**
 * The Cash recharge form: amount (typed or a preset), pay channel. Loaded after first paint
 * (lazyForm in the route; decision 036); the server renders it, so it posts without JavaScript.
 */
export function CashForm({ cash }: { cash: NonNullable<Data["cash"]> }) {
  const { t } = useTranslation("recharge");
  const { money } = useFormat();
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const min = money(cash.min);
  const max = money(cash.max);
  const limits = { min, max };
  const messages = {
    ...moneyMessages(t),
    limits: t("validation.amountLimits", { min, max }),
    channel: t("validation.channelRequired"),
  };
  const [form, fields] = useKitForm({
    id: "recharge-cash",
    // The schema, with zod, loads after first paint; the action checks with the same one.
    schemas: () => import("./recharge-schema"),
    schema: (m) =>
      m.cashRechargeSchema(messages, { minCents: toCents(cash.min), maxCents: toCents(cash.max) }),
    lastResult: actionData?.result,
    defaultValue: { amount: cash.amount, payChannelName: cash.channels[0]?.payChannelName ?? "" },
  });
  // What the field shows: the submitted text after a refused submit (no-JS re-render), else the
  // loader's (a preset link's ?amount=), else what the player types or picks.
  const submitted = actionData?.result?.initialValue?.amount;
  const initial = typeof submitted === "string" ? submitted : cash.amount;
  const [amount, setAmount] = useState(initial);
  useEffect(() => setAmount(initial), [initial]);
  useValueTypedEarly(fields.amount.id, setAmount);

  if (!cash.open)
    return <p className="card text-center text-gray-700 dark:text-gray-300">{t("cash.closed")}</p>;
  if (cash.channels.length === 0) {
    return <p className="card text-center text-gray-700 dark:text-gray-300">{t("cash.noChannels")}</p>;
  }
  const selectedChannel =
    (fields.payChannelName.value as string | undefined) ?? cash.channels[0]?.payChannelName ?? "";
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-4">
      <input type="hidden" name="idempotencyKey" value={cash.formKey} hidden />
      <AmountField
        label={t("cash.amount")}
        meta={fields.amount}
        hint={t("cash.limits", limits)}
        placeholder={t("cash.amountPlaceholder")}
        inputProps={{
          defaultValue: undefined,
          value: amount,
          onChange: (event) => setAmount(event.currentTarget.value),
        }}
      />
      {cash.presets.length ? (
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-gray-800 dark:text-gray-200">
            {t("cash.presets")}
          </legend>
          <div className="grid grid-cols-3 gap-2">
            {cash.presets.map((preset) => {
              const active = amount !== "" && Number(amount) === preset;
              return (
                <Link
                  key={preset}
                  to={`${PAGES.recharge}?amount=${preset}`}
                  replace
                  preventScrollReset
                  aria-current={active ? "true" : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    // The DOM first, so that the validation below reads the picked amount.
                    const input = document.getElementById(fields.amount.id) as HTMLInputElement | null;
                    if (input) input.value = String(preset);
                    setAmount(String(preset));
                    if (fields.amount.errors?.length) form.validate({ name: fields.amount.name });
                  }}
                  className={`flex min-h-[44px] items-center justify-center rounded-lg border text-sm font-semibold tabular-nums ${
                    active
                      ? "border-brand bg-brand-light text-brand-dark dark:bg-pink-950 dark:text-pink-200"
                      : "border-gray-300 text-gray-800 dark:border-gray-600 dark:text-gray-200"
                  }`}
                >
                  {money(preset)}
                </Link>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("cash.channel")}
        </legend>
        <div className="space-y-2">
          {cash.channels.map((channel) => (
            <RadioCard
              key={channel.payChannelName}
              tone="brand"
              name={fields.payChannelName.name}
              value={channel.payChannelName}
              defaultChecked={channel.payChannelName === selectedChannel}
              className="min-h-[52px]"
            >
              <span className="font-medium">{channel.showName}</span>
            </RadioCard>
          ))}
        </div>
        <ErrorList id={fields.payChannelName.errorId} errors={fields.payChannelName.errors} />
      </fieldset>
      <FormSubmit form={form}>{t("cash.submit")}</FormSubmit>
      <p className="text-xs text-gray-600 dark:text-gray-400">{t("cash.note")}</p>
    </Form>
  );
}
