import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AvailableAmountField, useChoiceAndAmount } from "~/components/assets/asset-form";
import { coinAmount } from "~/components/assets/money";
import { ChoiceFieldset, FormSubmit, LiveLine, RadioCard, useKitForm } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";
import { dailyInterestCents } from "#contract/asset-rules";
import type { PledgeConfig } from "#contract/assets";
import { toCents } from "#contract/money-rule";

/**
 * The staking form: a plan, an amount and the live interest estimate. Loaded after first paint
 * (lazyForm in the route; decision 036); the server renders it, so it posts without JavaScript.
 */
export function PledgeForm({
  plans,
  balance,
  formKey,
  lastResult,
}: {
  plans: PledgeConfig[];
  balance: number;
  formKey: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("assets");
  const fmt = useFormat();
  const firstPlan = String(plans[0].id);
  const [form, fields] = useKitForm({
    id: "pledge",
    // The schema, with zod, loads after first paint; the action checks with the same one.
    schemas: () => import("./pledge-schema"),
    schema: (m) => m.pledgeFormSchema,
    lastResult,
    defaultValue: { configId: firstPlan },
  });
  const { initial, chosen, amount, onChange } = useChoiceAndAmount(fields.configId, fields.amount, firstPlan);
  const plan = plans.find((p) => String(p.id) === chosen) ?? plans[0];
  // The live estimate: the interest's computation on the amount as the money rule read it; no zod.
  const daily = amount.ok ? dailyInterestCents(toCents(amount.units), Math.round(plan.dailyRate * 100)) : 0;
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-4" onChange={onChange}>
      <input type="hidden" name="idempotencyKey" value={formKey} hidden />
      <ChoiceFieldset legend={t("pledge.plans")} meta={fields.configId}>
        {plans.map((p) => (
          <RadioCard
            key={p.id}
            name={fields.configId.name}
            value={p.id}
            defaultChecked={String(p.id) === initial}
            className="min-h-[56px] py-2"
          >
            <span className="min-w-0 flex-1">
              <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                <span className="font-semibold">{t("pledge.term", { count: p.termDays })}</span>
                <span className="font-semibold text-green-700 dark:text-green-400">
                  {t("pledge.dailyRate", { rate: p.dailyRate })}
                </span>
              </span>
              <span className="block text-xs text-gray-600 dark:text-gray-400">
                {t("pledge.limits", {
                  min: coinAmount(fmt, t, p.minAmount, p.coin),
                  max: coinAmount(fmt, t, p.maxAmount, p.coin),
                })}
              </span>
            </span>
          </RadioCard>
        ))}
      </ChoiceFieldset>
      <AvailableAmountField meta={fields.amount} available={balance} coin={plan.coin} />
      <LiveLine testId="pledge-estimate">
        {daily > 0
          ? t("pledge.estimate", {
              daily: coinAmount(fmt, t, daily / 100, plan.coin),
              total: coinAmount(fmt, t, (daily * plan.termDays) / 100, plan.coin),
              days: plan.termDays,
            })
          : `${t("pledge.term", { count: plan.termDays })} · ${t("pledge.dailyRate", { rate: plan.dailyRate })}`}
      </LiveLine>
      <FormSubmit form={form}>{t("pledge.submit")}</FormSubmit>
    </Form>
  );
}
