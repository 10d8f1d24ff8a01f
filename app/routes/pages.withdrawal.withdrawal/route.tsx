import { type SubmissionResult, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { WithdrawalRules } from "~/components/wallet/WithdrawalRules";
import { cashFormSchema, feeAndNet, typedAmount, usdtFormSchema } from "~/components/wallet/withdraw-forms";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { type Tab, withdrawalAction, withdrawalLoader } from "./withdrawal-page.server";

export const handle = { i18n: ["common", "withdraw"] };
export const meta = pageTitle("title", "withdraw");

export async function loader({ request }: LoaderFunctionArgs) {
  return json(await withdrawalLoader(request));
}

export const action = ({ request }: ActionFunctionArgs) => withdrawalAction(request);

type ActionData =
  | { result?: SubmissionResult<string[]>; preview?: number; idempotencyKey?: string }
  | undefined;

const tabPath = (tab: Tab) => `${PAGES.withdrawal}?tab=${tab}`;

function Tabs({ tab }: { tab: Tab }) {
  const { t } = useTranslation("withdraw");
  return (
    <nav
      aria-label={t("tabs.label")}
      className="grid grid-cols-2 gap-1 rounded-full bg-gray-100 p-1 dark:bg-gray-800"
    >
      {(["cash", "usdt"] as const).map((key) => (
        <Link
          key={key}
          to={tabPath(key)}
          replace
          aria-current={tab === key ? "page" : undefined}
          className={`flex min-h-[40px] items-center justify-center rounded-full text-sm font-semibold ${
            tab === key
              ? "bg-white text-brand-dark shadow-sm dark:bg-gray-900 dark:text-pink-300"
              : "text-gray-700 dark:text-gray-300"
          }`}
        >
          {t(`tabs.${key}`)}
        </Link>
      ))}
    </nav>
  );
}

export default function WithdrawalPage() {
  const { t } = useTranslation("withdraw");
  const format = useFormat();
  const { tab, info, cards, formKey } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  const schema = tab === "cash" ? cashFormSchema : usdtFormSchema;
  const [network, setNetwork] = useState<"TRC20" | "BEP20">(
    info.walletErc && !info.walletTrc ? "BEP20" : "TRC20",
  );
  const remembered = network === "TRC20" ? info.walletTrc : info.walletErc;
  const [form, fields] = useForm({
    id: `withdraw-${tab}`,
    lastResult: actionData?.result,
    defaultValue: { network, address: remembered ?? "", userBankId: cards[0] ? String(cards[0].id) : "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const [typed, setTyped] = useState<string | null>(null);
  // What was typed before the page came alive counts too.
  const amountId = fields.amount.id;
  useEffect(() => {
    const input = document.getElementById(amountId) as HTMLInputElement | null;
    if (input?.value) setTyped(input.value);
  }, [amountId]);
  const serverAmount = actionData?.preview ?? typedAmount(String(fields.amount.initialValue ?? ""));
  const amount = typed === null ? serverAmount : typedAmount(typed);
  const split = feeAndNet(amount, info.withdrawFeeRate);
  const returnTo = encodeURIComponent(tabPath(tab));
  const closed = !info.openWithdraw || !info.openNow;
  const records = tab === "cash" ? PAGES.withdrawalRecords : PAGES.withdrawalURecords;

  return (
    <>
      <NavBar
        title={t("title")}
        backTo={PAGES.account}
        right={
          <Link to={records} className="flex min-h-[44px] items-center px-3 text-sm font-semibold text-white">
            {t("records")}
          </Link>
        }
      />
      <main className="mx-auto max-w-md space-y-4 p-4">
        <Tabs tab={tab} />

        <section className="card space-y-1" aria-labelledby="balance-label">
          <p id="balance-label" className="text-sm text-gray-600 dark:text-gray-400">
            {t("balance")}
          </p>
          <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
            <p className="break-all text-2xl font-bold tabular-nums" data-testid="withdraw-balance">
              {format.money(info.balance)}
            </p>
            {info.balance < info.withdrawMinLimit ? (
              <Link to={PAGES.recharge} className="btn-secondary min-h-[40px] px-4 text-sm">
                {t("recharge")}
              </Link>
            ) : null}
          </div>
          {tab === "usdt" ? (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              {t("rate", { rate: format.money(info.usdtRate) })}
            </p>
          ) : null}
        </section>

        {!info.hasAssetPassword ? (
          <section className="card space-y-2 border border-amber-300 dark:border-amber-700">
            <h2 className="font-semibold">{t("needPassword.title")}</h2>
            <p className="text-sm text-gray-700 dark:text-gray-300">{t("needPassword.body")}</p>
            <Link to={`${PAGES.paymentPassword}?redirectTo=${returnTo}`} className="btn-primary w-full">
              {t("needPassword.action")}
            </Link>
          </section>
        ) : null}

        {closed ? (
          <p className="card border border-amber-300 text-sm dark:border-amber-700">
            {info.openWithdraw ? t("rules.closedNow") : t("rules.closed")}
          </p>
        ) : null}

        <Form method="post" {...getFormProps(form)} className="card space-y-4">
          <input type="hidden" name="idempotencyKey" value={actionData?.idempotencyKey ?? formKey} />
          <Field
            label={t("amount")}
            meta={fields.amount}
            inputProps={{
              inputMode: "decimal",
              autoComplete: "off",
              placeholder: t("amountPlaceholder"),
              onInput: (event) => setTyped(event.currentTarget.value),
              onChange: (event) => setTyped(event.currentTarget.value),
            }}
          />
          <dl
            className="grid grid-cols-2 gap-y-1 rounded-lg bg-gray-50 p-3 text-sm dark:bg-gray-800"
            aria-live="polite"
          >
            <dt className="text-gray-600 dark:text-gray-400">{t("fee", { rate: info.withdrawFeeRate })}</dt>
            <dd className="text-right tabular-nums" data-testid="withdraw-fee">
              {split ? format.money(split.fee) : "—"}
            </dd>
            <dt className="font-semibold">{t("net")}</dt>
            <dd className="text-right font-semibold tabular-nums" data-testid="withdraw-net">
              {split ? format.money(split.net) : "—"}
            </dd>
            {tab === "usdt" ? (
              <>
                <dt className="text-gray-600 dark:text-gray-400">{t("usdtReceive")}</dt>
                <dd className="text-right tabular-nums" data-testid="withdraw-usdt">
                  {split
                    ? `${(Math.floor((split.net * 100 * 100) / Math.round(info.usdtRate * 100)) / 100).toFixed(2)} USDT`
                    : "—"}
                </dd>
              </>
            ) : null}
          </dl>
          <noscript>
            <button type="submit" name="intent" value="preview" className="btn-secondary w-full">
              {t("calculate")}
            </button>
          </noscript>

          {tab === "cash" ? (
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-medium text-gray-800 dark:text-gray-200">
                {t("card")}
              </legend>
              {cards.length === 0 ? (
                <div className="space-y-2 rounded-lg border border-dashed border-gray-300 p-3 text-sm dark:border-gray-600">
                  <p>{t("noCards")}</p>
                  <Link to={`${PAGES.bankCard}?redirectTo=${returnTo}`} className="btn-secondary w-full">
                    {t("addCard")}
                  </Link>
                </div>
              ) : (
                <>
                  {cards.map((card) => (
                    <label
                      key={card.id}
                      className="flex min-h-[52px] cursor-pointer items-center gap-3 rounded-lg border border-gray-200 px-3 has-[:checked]:border-brand has-[:checked]:bg-pink-50 dark:border-gray-700 dark:has-[:checked]:border-pink-300 dark:has-[:checked]:bg-gray-800"
                    >
                      <input
                        type="radio"
                        name={fields.userBankId.name}
                        value={String(card.id)}
                        defaultChecked={String(fields.userBankId.initialValue ?? "") === String(card.id)}
                        className="h-5 w-5 accent-brand"
                      />
                      <span className="min-w-0 flex-1">
                        <span className="block truncate font-medium">{card.bankName}</span>
                        <span className="block text-sm text-gray-600 tabular-nums dark:text-gray-400">
                          {card.bankCardNo} · {card.holderName}
                        </span>
                      </span>
                    </label>
                  ))}
                  <Link
                    to={`${PAGES.bankCard}?redirectTo=${returnTo}`}
                    className="inline-flex min-h-[44px] items-center text-sm font-semibold text-brand-dark dark:text-pink-300"
                  >
                    {t("manageCards")}
                  </Link>
                </>
              )}
              <ErrorList id={fields.userBankId.errorId} errors={fields.userBankId.errors} />
            </fieldset>
          ) : (
            <>
              <fieldset>
                <legend className="mb-1 text-sm font-medium text-gray-800 dark:text-gray-200">
                  {t("network")}
                </legend>
                <div className="grid grid-cols-2 gap-2">
                  {(["TRC20", "BEP20"] as const).map((n) => (
                    <label
                      key={n}
                      className="flex min-h-[44px] cursor-pointer items-center justify-center gap-2 rounded-lg border border-gray-200 font-semibold has-[:checked]:border-brand has-[:checked]:bg-pink-50 dark:border-gray-700 dark:has-[:checked]:border-pink-300 dark:has-[:checked]:bg-gray-800"
                    >
                      <input
                        type="radio"
                        name={fields.network.name}
                        value={n}
                        defaultChecked={network === n}
                        onChange={() => {
                          setNetwork(n);
                          const next = n === "TRC20" ? info.walletTrc : info.walletErc;
                          form.update({ name: fields.address.name, value: next ?? "" });
                        }}
                        className="h-5 w-5 accent-brand"
                      />
                      {n}
                    </label>
                  ))}
                </div>
              </fieldset>
              <Field
                label={t("address")}
                meta={fields.address}
                hint={t("addressHint")}
                inputProps={{
                  autoComplete: "off",
                  spellCheck: false,
                  autoCapitalize: "off",
                  placeholder: t(`addressPlaceholder${network}`),
                }}
              />
            </>
          )}

          <Field
            label={t("password")}
            meta={fields.assetPassword}
            type="password"
            inputProps={{
              inputMode: "numeric",
              maxLength: 6,
              autoComplete: "off",
              placeholder: t("passwordPlaceholder"),
            }}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton>{t("submit")}</SubmitButton>
        </Form>

        <WithdrawalRules info={info} />
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
