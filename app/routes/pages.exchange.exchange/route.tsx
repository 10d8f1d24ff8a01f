import { type SubmissionResult, getFormProps, getInputProps, useForm } from "@conform-to/react";
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
import { type ExchangePair, quoteExchange } from "#contract/assets";
import { exchangeFormSchema } from "./exchange-schema";
import { type ExchangePreview, exchangeAction, exchangeLoader } from "./exchange-page.server";

export const handle = { i18n: ["common", "assets"] };
export const meta = pageTitle("exchange.title", "assets");

export const loader = ({ request }: LoaderFunctionArgs) => exchangeLoader(request);
export const action = ({ request }: ActionFunctionArgs) => exchangeAction(request);

type ActionData =
  | { result?: SubmissionResult<string[]>; preview?: ExchangePreview; error?: string }
  | undefined;

const pairValue = (p: Pick<ExchangePair, "fromCoin" | "toCoin">) => `${p.fromCoin}>${p.toCoin}`;

export default function ExchangePage() {
  const { t } = useTranslation("assets");
  const { balances, pairs, points } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  const preview = actionData?.preview;
  return (
    <>
      <NavBar title={t("exchange.title")} backTo={PAGES.account} />
      <main className="mx-auto max-w-md space-y-4 p-4">
        <BalanceStrip balances={balances} />
        {preview ? (
          <PreviewCard preview={preview} error={actionData?.error} />
        ) : (
          <ExchangeForm pairs={pairs} balances={balances} lastResult={actionData?.result} />
        )}
        <PointsCard points={points} />
      </main>
    </>
  );
}

function ExchangeForm({
  pairs,
  balances,
  lastResult,
}: {
  pairs: ExchangePair[];
  balances: { chip: number; gold: number; point: number };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("assets");
  const fmt = useFormat();
  const [form, fields] = useForm({
    id: "exchange",
    lastResult,
    defaultValue: { pair: pairs[0] ? pairValue(pairs[0]) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: exchangeFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const initialPair =
    (fields.pair.initialValue as string | undefined) ?? (pairs[0] ? pairValue(pairs[0]) : "");
  const [chosen, setChosen] = useState(initialPair);
  const [typed, setTyped] = useState((fields.amount.initialValue as string | undefined) ?? "");
  if (pairs.length === 0) {
    return <p className="card text-center text-gray-700 dark:text-gray-300">{t("exchange.noPairs")}</p>;
  }
  const pair = pairs.find((p) => pairValue(p) === chosen) ?? pairs[0];
  const available =
    pair.fromCoin === "CHIP" ? balances.chip : pair.fromCoin === "GOLD" ? balances.gold : balances.point;
  const amount = exchangeFormSchema.shape.amount.safeParse(typed);
  const quote = amount.success ? quoteExchange(pair, Math.round(amount.data * 100)) : null;
  const coin = (c: string) => t(`common:balance.${c.toLowerCase()}`);
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="card space-y-4"
      onChange={(event) => {
        const data = new FormData(event.currentTarget);
        setChosen(String(data.get("pair") ?? ""));
        setTyped(String(data.get("amount") ?? ""));
      }}
    >
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("exchange.pairs")}
        </legend>
        <div className="grid gap-2">
          {pairs.map((p) => {
            const value = pairValue(p);
            return (
              <label
                key={value}
                className="flex min-h-[52px] cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-pink-50 dark:border-gray-700 dark:has-[:checked]:border-pink-300 dark:has-[:checked]:bg-gray-800"
              >
                <input
                  type="radio"
                  name={fields.pair.name}
                  value={value}
                  defaultChecked={value === initialPair}
                  className="h-5 w-5 flex-none accent-brand"
                />
                <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-2">
                  <span className="font-semibold">
                    {coin(p.fromCoin)} → {coin(p.toCoin)}
                  </span>
                  <span className="text-xs text-gray-600 dark:text-gray-400">
                    {t("exchange.rate", {
                      from: `${p.fromUnits} ${coin(p.fromCoin)}`,
                      to: `${p.toUnits} ${coin(p.toCoin)}`,
                    })}
                    {" · "}
                    {p.feeRate > 0 ? t("exchange.fee", { rate: p.feeRate }) : t("exchange.noFee")}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        <ErrorList id={fields.pair.errorId} errors={fields.pair.errors} />
      </fieldset>
      <Field
        label={t("amount.label")}
        meta={fields.amount}
        inputProps={{ inputMode: "decimal", autoComplete: "off", placeholder: "0.00" }}
        hint={t("amount.available", { amount: coinAmount(fmt, t, available, pair.fromCoin) })}
      />
      <p
        className="min-h-[1.5rem] rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800"
        aria-live="polite"
        data-testid="exchange-live"
      >
        {quote && quote.netCents > 0 ? (
          <>
            <span className="font-semibold">
              {t("exchange.live", { amount: coinAmount(fmt, t, quote.netCents / 100, pair.toCoin) })}
            </span>
            {quote.feeCents > 0 ? (
              <span className="text-gray-600 dark:text-gray-400">
                {" "}
                {t("exchange.liveFee", { fee: coinAmount(fmt, t, quote.feeCents / 100, pair.toCoin) })}
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-gray-600 dark:text-gray-400">
            {t("exchange.rate", {
              from: `${pair.fromUnits} ${coin(pair.fromCoin)}`,
              to: `${pair.toUnits} ${coin(pair.toCoin)}`,
            })}
          </span>
        )}
      </p>
      <ErrorList id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="preview" hidden />
      <SubmitButton>{t("exchange.preview")}</SubmitButton>
    </Form>
  );
}

function PreviewCard({ preview, error }: { preview: ExchangePreview; error?: string }) {
  const { t } = useTranslation("assets");
  const fmt = useFormat();
  const coin = (c: string) => t(`common:balance.${c.toLowerCase()}`);
  const rows: Array<[string, string, boolean?]> = [
    [t("exchange.youPay"), coinAmount(fmt, t, preview.amount, preview.fromCoin)],
    [
      t("exchange.rateLabel"),
      t("exchange.rate", {
        from: `${preview.fromUnits} ${coin(preview.fromCoin)}`,
        to: `${preview.toUnits} ${coin(preview.toCoin)}`,
      }),
    ],
    [
      t("exchange.feeLabel"),
      preview.fee > 0 ? coinAmount(fmt, t, preview.fee, preview.toCoin) : t("exchange.noFee"),
    ],
    [t("exchange.youReceive"), coinAmount(fmt, t, preview.received, preview.toCoin), true],
  ];
  return (
    <section className="card space-y-4" aria-labelledby="preview-title" data-testid="exchange-preview">
      <h2 id="preview-title" className="text-base font-semibold">
        {t("exchange.previewTitle")}
      </h2>
      <dl className="divide-y divide-gray-100 text-sm dark:divide-gray-800">
        {rows.map(([label, value, strong]) => (
          <div key={label} className="flex items-center justify-between gap-3 py-2">
            <dt className="text-gray-600 dark:text-gray-400">{label}</dt>
            <dd
              className={`text-right tabular-nums ${strong ? "text-lg font-bold text-brand-dark dark:text-pink-300" : ""}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <ErrorList errors={error ? [error] : null} />
      <Form method="post" className="flex gap-3">
        <input type="hidden" name="pair" value={`${preview.fromCoin}>${preview.toCoin}`} />
        <input type="hidden" name="amount" value={String(preview.amount)} />
        <input type="hidden" name="idempotencyKey" value={preview.idempotencyKey} />
        <Link to={PAGES.exchange} className="btn-secondary flex-none">
          {t("exchange.change")}
        </Link>
        <SubmitButton intent="confirm" className="btn-primary flex-1">
          {t("exchange.confirm")}
        </SubmitButton>
      </Form>
    </section>
  );
}

function PointsCard({
  points,
}: {
  points: { coin: string; turnover: number; pointsPer100: number; earned: number; claimable: number };
}) {
  const { t } = useTranslation("assets");
  const fmt = useFormat();
  return (
    <section className="card space-y-3" aria-labelledby="points-title">
      <div className="space-y-0.5">
        <h2 id="points-title" className="text-base font-semibold">
          {t("points.title")}
        </h2>
        <p className="text-xs text-gray-600 dark:text-gray-400">
          {t("points.rule", {
            coin: t(`common:balance.${points.coin.toLowerCase()}`),
            points: points.pointsPer100,
            count: points.pointsPer100,
          })}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {[
          [t("points.turnover"), fmt.coinMoney(points.turnover, points.coin)],
          [t("points.earned"), fmt.coinMoney(points.earned, "POINT")],
          [t("points.claimable"), fmt.coinMoney(points.claimable, "POINT")],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg bg-gray-50 px-1 py-2 dark:bg-gray-800">
            <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
            <dd className="truncate font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      {points.claimable > 0 ? (
        <Form method="post">
          <SubmitButton intent="claimPoints">
            {t("points.claim", { amount: fmt.coinMoney(points.claimable, "POINT") })}
          </SubmitButton>
        </Form>
      ) : (
        <p className="text-sm text-gray-600 dark:text-gray-400">{t("points.nothing")}</p>
      )}
    </section>
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
