import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { BalanceStrip } from "~/components/assets/BalanceStrip";
import { coinAmount } from "~/components/assets/money";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { type PledgeConfig, type PledgeRecord, dailyInterestCents } from "#contract/assets";
import { pledgeFormSchema } from "./pledge-schema";
import { pledgeAction, pledgeLoader } from "./pledge-page.server";

export const handle = { i18n: ["common", "assets"] };
export const meta = pageTitle("pledge.title", "assets");

export const loader = ({ request }: LoaderFunctionArgs) => pledgeLoader(request);
export const action = ({ request }: ActionFunctionArgs) => pledgeAction(request);

type ActionData = { result?: SubmissionResult<string[]>; idempotencyKey?: string } | undefined;

export default function PledgePage() {
  const { t } = useTranslation("assets");
  const { balances, plans, stakes, formKey, pageSize } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  return (
    <>
      <NavBar title={t("pledge.title")} backTo={PAGES.account} />
      <main className="mx-auto max-w-md space-y-4 p-4">
        <BalanceStrip balances={balances} />
        <p className="text-sm text-gray-700 dark:text-gray-300">{t("pledge.intro")}</p>
        {plans.length ? (
          <PledgeForm
            // A new form after each stake: the amount clears and the next stake gets a new key.
            key={formKey}
            plans={plans}
            balance={balances.chip}
            formKey={actionData?.idempotencyKey ?? formKey}
            lastResult={actionData?.result}
          />
        ) : (
          <p className="card text-center text-gray-700 dark:text-gray-300">{t("pledge.noPlans")}</p>
        )}
        <section className="space-y-2" aria-labelledby="stakes-title">
          <h2 id="stakes-title" className="px-1 text-base font-semibold">
            {t("pledge.myStakes")}
          </h2>
          {stakes.content.length ? (
            <ul className="space-y-2">
              {stakes.content.map((stake) => (
                <StakeRow key={stake.id} stake={stake} />
              ))}
            </ul>
          ) : (
            <p className="card text-center text-sm text-gray-600 dark:text-gray-400">{t("pledge.none")}</p>
          )}
          {stakes.totalElements > stakes.content.length ? (
            <Link
              to={`${PAGES.pledge}?shown=${Math.min(100, pageSize + 10)}`}
              preventScrollReset
              className="btn-secondary w-full"
            >
              {t("pledge.more")}
            </Link>
          ) : null}
        </section>
      </main>
    </>
  );
}

function PledgeForm({
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
  const [form, fields] = useForm({
    id: "pledge",
    lastResult,
    defaultValue: { configId: String(plans[0].id) },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: pledgeFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const initial = (fields.configId.initialValue as string | undefined) ?? String(plans[0].id);
  const [chosen, setChosen] = useState(initial);
  const [typed, setTyped] = useState((fields.amount.initialValue as string | undefined) ?? "");
  const plan = plans.find((p) => String(p.id) === chosen) ?? plans[0];
  const amount = pledgeFormSchema.shape.amount.safeParse(typed);
  const daily = amount.success
    ? dailyInterestCents(Math.round(amount.data * 100), Math.round(plan.dailyRate * 100))
    : 0;
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card space-y-4"
      onChange={(event) => {
        const data = new FormData(event.currentTarget);
        setChosen(String(data.get("configId") ?? ""));
        setTyped(String(data.get("amount") ?? ""));
      }}
    >
      <input type="hidden" name="idempotencyKey" value={formKey} hidden />
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("pledge.plans")}
        </legend>
        <div className="grid grid-cols-1 gap-2">
          {plans.map((p) => (
            <label
              key={p.id}
              className="flex min-h-[56px] cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-pink-50 dark:border-gray-700 dark:has-[:checked]:border-pink-300 dark:has-[:checked]:bg-gray-800"
            >
              <input
                type="radio"
                name={fields.configId.name}
                value={p.id}
                defaultChecked={String(p.id) === initial}
                className="h-5 w-5 flex-none accent-brand"
              />
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
            </label>
          ))}
        </div>
        <ErrorList id={fields.configId.errorId} errors={fields.configId.errors} />
      </fieldset>
      <Field
        label={t("amount.label")}
        meta={fields.amount}
        inputProps={{ inputMode: "decimal", autoComplete: "off", placeholder: "0.00" }}
        hint={t("amount.available", { amount: coinAmount(fmt, t, balance, plan.coin) })}
      />
      <p
        className="min-h-[1.5rem] rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800"
        aria-live="polite"
        data-testid="pledge-estimate"
      >
        {daily > 0
          ? t("pledge.estimate", {
              daily: coinAmount(fmt, t, daily / 100, plan.coin),
              total: coinAmount(fmt, t, (daily * plan.termDays) / 100, plan.coin),
              days: plan.termDays,
            })
          : `${t("pledge.term", { count: plan.termDays })} · ${t("pledge.dailyRate", { rate: plan.dailyRate })}`}
      </p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <SubmitButton>{t("pledge.submit")}</SubmitButton>
    </Form>
  );
}

function StakeRow({ stake }: { stake: PledgeRecord }) {
  const { t } = useTranslation("assets");
  const fmt = useFormat();
  const active = stake.status === "ACTIVE";
  const progress = Math.round((stake.daysPaid / Math.max(1, stake.termDays)) * 100);
  return (
    <li className="card space-y-2" data-testid="stake-row">
      <div className="flex items-center justify-between gap-2">
        <span className="font-semibold tabular-nums">{coinAmount(fmt, t, stake.amount, stake.coin)}</span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            active
              ? "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
              : "bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-200"
          }`}
        >
          {t(`pledge.status.${stake.status}`)}
        </span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-gray-100 dark:bg-gray-800" aria-hidden="true">
        <div className="h-full bg-brand" style={{ width: `${progress}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
        <dt className="text-gray-600 dark:text-gray-400">
          {t("pledge.progress", { paid: stake.daysPaid, term: stake.termDays })}
        </dt>
        <dd className="text-right">{t("pledge.dailyRate", { rate: stake.dailyRate })}</dd>
        <dt className="text-gray-600 dark:text-gray-400">{t("pledge.interestPaid")}</dt>
        <dd className="text-right font-semibold tabular-nums text-green-700 dark:text-green-400">
          {coinAmount(fmt, t, stake.interest, stake.coin)}
        </dd>
        <dt className="text-gray-600 dark:text-gray-400">{t("pledge.expected")}</dt>
        <dd className="text-right tabular-nums">{coinAmount(fmt, t, stake.expectedInterest, stake.coin)}</dd>
        <dt className="text-gray-600 dark:text-gray-400">{t("pledge.maturity")}</dt>
        <dd className="text-right tabular-nums">{fmt.dateTime(stake.endTime ?? stake.maturityTime)}</dd>
      </dl>
    </li>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <NavBar title="" backTo={PAGES.account} />
      <GeneralErrorBoundary />
    </>
  );
}
