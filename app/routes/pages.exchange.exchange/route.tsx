import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Figures } from "~/components/Figures";
import { ErrorBelowNavBar } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { TitledCard } from "~/components/TitledCard";
import { BalanceStrip } from "~/components/assets/BalanceStrip";
import { coinAmount, coinUnits } from "~/components/assets/money";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { useTranslation } from "~/utils/i18n-react";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { type ExchangePreview, action, loader } from "./exchange-page.server";

// The exchange form, with the form kit and Conform, loads after first paint; the server renders it.
const ExchangeForm = lazyForm(() => import("./exchange-form").then((m) => m.ExchangeForm));
export const clientLoader = withForms(ExchangeForm);

export const handle = { i18n: ["common", "assets"] };
export const meta = pageTitle("exchange.title", "assets");

export { action, loader };

type ActionData =
  | { result?: SubmissionResult<string[]>; preview?: ExchangePreview; error?: string }
  | undefined;

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

function PreviewCard({ preview, error }: { preview: ExchangePreview; error?: string }) {
  const { t } = useTranslation("assets");
  const fmt = useFormat();
  const rows: Array<[string, string, boolean?]> = [
    [t("exchange.youPay"), coinAmount(fmt, t, preview.amount, preview.fromCoin)],
    [
      t("exchange.rateLabel"),
      t("exchange.rate", {
        from: coinUnits(fmt, t, preview.fromUnits, preview.fromCoin),
        to: coinUnits(fmt, t, preview.toUnits, preview.toCoin),
      }),
    ],
    [
      t("exchange.feeLabel"),
      preview.fee > 0 ? coinAmount(fmt, t, preview.fee, preview.toCoin) : t("exchange.noFee"),
    ],
    [t("exchange.youReceive"), coinAmount(fmt, t, preview.received, preview.toCoin), true],
  ];
  // Part of the amount asked would give less than a cent: it is not taken, and the player is told.
  if (preview.kept > 0)
    rows.splice(1, 0, [t("exchange.keptLabel"), coinAmount(fmt, t, preview.kept, preview.fromCoin)]);
  return (
    <TitledCard
      id="preview-title"
      title={t("exchange.previewTitle")}
      className="space-y-4"
      testId="exchange-preview"
    >
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
      <ErrorList errors={error ? [error] : null} alert />
      <Form method="post" className="flex gap-3">
        <input type="hidden" hidden name="pair" value={`${preview.fromCoin}>${preview.toCoin}`} />
        <input type="hidden" hidden name="amount" value={String(preview.amount)} />
        <input type="hidden" hidden name="received" value={String(preview.received)} />
        <input type="hidden" hidden name="idempotencyKey" value={preview.idempotencyKey} />
        <Link to={PAGES.exchange} className="btn-secondary flex-none">
          {t("exchange.change")}
        </Link>
        <SubmitButton intent="confirm" className="btn-primary flex-1">
          {t("exchange.confirm")}
        </SubmitButton>
      </Form>
    </TitledCard>
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
            coin: t(`common:coin.${points.coin}`),
            points: points.pointsPer100,
            count: points.pointsPer100,
          })}
        </p>
      </div>
      <Figures
        items={[
          { label: t("points.turnover"), value: fmt.coinMoney(points.turnover, points.coin) },
          { label: t("points.earned"), value: fmt.coinMoney(points.earned, "POINT") },
          { label: t("points.claimable"), value: fmt.coinMoney(points.claimable, "POINT") },
        ]}
      />
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
  return <ErrorBelowNavBar backTo={PAGES.account} />;
}
