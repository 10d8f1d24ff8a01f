import { getFormProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  AmountField,
  ErrorList,
  Field,
  FormSubmit,
  RadioCard,
  useCheckedEarly,
  useKitForm,
  useValueTypedEarly,
} from "~/components/forms";
import { PaymentPasswordField } from "~/components/wallet/PaymentPasswordField";
import { feeAndNet, typedAmount } from "~/components/wallet/withdraw-amounts";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { usdtOf } from "#contract/usdt-amounts";
import type { WithdrawalActionData, WithdrawalPageData } from "./withdrawal-page.server";

/**
 * The cash or USDT withdrawal form with its live fee and net. Loaded after first paint with the
 * form kit and Conform (lazyForm in the route); its schemas load later still (useKitForm).
 */
export function WithdrawalForm({
  data: { tab, info, cards, formKey },
  actionData,
  returnTo,
}: {
  data: WithdrawalPageData;
  actionData: WithdrawalActionData;
  /** This page, encoded for a redirectTo parameter. */
  returnTo: string;
}) {
  const { t } = useTranslation("withdraw");
  const format = useFormat();
  const [network, setNetwork] = useState<"TRC20" | "BEP20">(
    info.walletErc && !info.walletTrc ? "BEP20" : "TRC20",
  );
  const remembered = network === "TRC20" ? info.walletTrc : info.walletErc;
  const [form, fields] = useKitForm({
    id: `withdraw-${tab}`,
    schemas: () => import("~/components/wallet/withdraw-forms"),
    schema: (m) =>
      m.withinBalance(
        tab,
        info.balance,
        t("validation.aboveBalance", { balance: format.money(info.balance) }),
      ),
    lastResult: actionData?.result,
    defaultValue: { network, address: remembered ?? "", userBankId: cards[0] ? String(cards[0].id) : "" },
  });
  const [typed, setTyped] = useState<string | null>(null);
  // What was typed or picked before the page came alive counts too.
  useValueTypedEarly(fields.amount.id, setTyped);
  useCheckedEarly(form.id, fields.network.name, (picked) => {
    if (picked === "TRC20" || picked === "BEP20") setNetwork(picked);
  });
  const serverAmount = actionData?.preview ?? typedAmount(String(fields.amount.initialValue ?? ""));
  const amount = typed === null ? serverAmount : typedAmount(typed);
  const split = feeAndNet(amount, info.withdrawFeeRate);

  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-4">
      <input type="hidden" hidden name="idempotencyKey" value={actionData?.idempotencyKey ?? formKey} />
      <AmountField
        label={t("amount")}
        meta={fields.amount}
        placeholder={t("amountPlaceholder")}
        inputProps={{
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
                ? format.usdt(usdtOf(Math.round(split.net * 100), Math.round(info.usdtRate * 100)))
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
          <legend className="mb-1 text-sm font-medium text-gray-800 dark:text-gray-200">{t("card")}</legend>
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
                <RadioCard
                  key={card.id}
                  name={fields.userBankId.name}
                  value={String(card.id)}
                  defaultChecked={String(fields.userBankId.initialValue ?? "") === String(card.id)}
                  className="min-h-[52px]"
                >
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{card.bankName}</span>
                    <span className="block text-sm text-gray-600 tabular-nums dark:text-gray-400">
                      {card.bankCardNo} · {card.holderName}
                    </span>
                  </span>
                </RadioCard>
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
                <RadioCard
                  key={n}
                  look="chip"
                  name={fields.network.name}
                  value={n}
                  defaultChecked={network === n}
                  onChange={() => {
                    setNetwork(n);
                    const next = n === "TRC20" ? info.walletTrc : info.walletErc;
                    form.update({ name: fields.address.name, value: next ?? "" });
                  }}
                >
                  {n}
                </RadioCard>
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

      <PaymentPasswordField meta={fields.assetPassword} />
      <FormSubmit form={form}>{t("submit")}</FormSubmit>
    </Form>
  );
}
