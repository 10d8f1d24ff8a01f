import { type SubmissionResult, getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { AvailableAmountField, useChoiceAndAmount } from "~/components/assets/asset-form";
import { coinAmount, coinUnits } from "~/components/assets/money";
import { ChoiceFieldset, FormSubmit, LiveLine, RadioCard, useKitForm } from "~/components/forms";
import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";
import { quoteExchange } from "#contract/asset-rules";
import type { ExchangePair } from "#contract/assets";
import { toCents } from "#contract/money-rule";

/** The pair as the form sends it: "CHIP>GOLD". */
const pairValue = (p: Pick<ExchangePair, "fromCoin" | "toCoin">) => `${p.fromCoin}>${p.toCoin}`;

/**
 * The exchange form: a pair, an amount and the live quote; it posts for a preview. Loaded after
 * first paint (lazyForm in the route; decision 036); the server renders it, so it posts without
 * JavaScript.
 */
export function ExchangeForm({
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
  const firstPair = pairs[0] ? pairValue(pairs[0]) : "";
  const [form, fields] = useKitForm({
    id: "exchange",
    // The schema, with zod, loads after first paint; the action checks with the same one.
    schemas: () => import("./exchange-schema"),
    schema: (m) => m.exchangeFormSchema,
    lastResult,
    defaultValue: { pair: firstPair },
  });
  const { initial, chosen, amount, onChange } = useChoiceAndAmount(fields.pair, fields.amount, firstPair);
  if (pairs.length === 0) {
    return <p className="card text-center text-gray-700 dark:text-gray-300">{t("exchange.noPairs")}</p>;
  }
  const pair = pairs.find((p) => pairValue(p) === chosen) ?? pairs[0];
  const available =
    pair.fromCoin === "CHIP" ? balances.chip : pair.fromCoin === "GOLD" ? balances.gold : balances.point;
  // The live quote: the exchange's computation on the amount as the money rule read it; no zod.
  const quote = amount.ok ? quoteExchange(pair, toCents(amount.units)) : null;
  const coin = (c: string) => t(`common:coin.${c}`);
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-4" onChange={onChange}>
      <ChoiceFieldset legend={t("exchange.pairs")} meta={fields.pair}>
        {pairs.map((p) => {
          const value = pairValue(p);
          return (
            <RadioCard
              key={value}
              name={fields.pair.name}
              value={value}
              defaultChecked={value === initial}
              className="min-h-[52px] py-2"
            >
              <span className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-2">
                <span className="font-semibold">
                  {coin(p.fromCoin)} → {coin(p.toCoin)}
                </span>
                <span className="text-xs text-gray-600 dark:text-gray-400">
                  {t("exchange.rate", {
                    from: coinUnits(fmt, t, p.fromUnits, p.fromCoin),
                    to: coinUnits(fmt, t, p.toUnits, p.toCoin),
                  })}
                  {" · "}
                  {p.feeRate > 0 ? t("exchange.fee", { rate: p.feeRate }) : t("exchange.noFee")}
                </span>
              </span>
            </RadioCard>
          );
        })}
      </ChoiceFieldset>
      <AvailableAmountField meta={fields.amount} available={available} coin={pair.fromCoin} />
      <LiveLine testId="exchange-live">
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
            {amount.ok && quote.amountCents < toCents(amount.units) ? (
              <span className="block text-gray-600 dark:text-gray-400">
                {t("exchange.liveKept", {
                  amount: coinAmount(
                    fmt,
                    t,
                    (toCents(amount.units) - quote.amountCents) / 100,
                    pair.fromCoin,
                  ),
                })}
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-gray-600 dark:text-gray-400">
            {t("exchange.rate", {
              from: coinUnits(fmt, t, pair.fromUnits, pair.fromCoin),
              to: coinUnits(fmt, t, pair.toUnits, pair.toCoin),
            })}
          </span>
        )}
      </LiveLine>
      <input type="hidden" name="intent" value="preview" hidden />
      <FormSubmit form={form}>{t("exchange.preview")}</FormSubmit>
    </Form>
  );
}
