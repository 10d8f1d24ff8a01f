import { type SubmissionResult, getFormProps, getSelectProps } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ErrorList, Field, SubmitButton, useKitForm } from "~/components/forms";
import { PaymentPasswordField } from "~/components/wallet/PaymentPasswordField";
import { useTranslation } from "~/utils/i18n-react";
import type { Bank, UserBank } from "#contract/withdrawal";

/**
 * Add a bank card, or edit one (?edit=ID). Loaded after first paint with the form kit and
 * Conform (lazyForm in the route); its schema loads later still (useKitForm).
 */
export function CardForm({
  banks,
  editing,
  self,
  actionData,
}: {
  banks: Bank[];
  editing: UserBank | null;
  /** This page without ?edit (where "Cancel" leads). */
  self: string;
  actionData?: { result?: SubmissionResult<string[]> };
}) {
  const { t } = useTranslation("withdraw");
  const [form, fields] = useKitForm({
    id: editing ? `card-${editing.id}` : "card-new",
    schemas: () => import("~/components/wallet/withdraw-forms"),
    schema: (m) => m.bankCardFormSchema,
    lastResult: actionData?.result,
    defaultValue: editing
      ? {
          id: String(editing.id),
          bankId: String(editing.bankId),
          holderName: editing.holderName,
          ifsc: editing.ifsc ?? "",
        }
      : { bankId: "" },
  });
  const bankSelect = getSelectProps(fields.bankId);
  return (
    <Form method="post" {...getFormProps(form)} className="card space-y-4" aria-labelledby="card-form-title">
      <h2 id="card-form-title" className="font-semibold">
        {editing ? t("bank.edit") : t("bank.add")}
      </h2>
      {editing ? <input type="hidden" hidden name="id" value={String(editing.id)} /> : null}
      <div className="space-y-1">
        <label htmlFor={bankSelect.id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
          {t("bank.bank")}
        </label>
        <select
          {...bankSelect}
          key={bankSelect.key}
          className="input"
          aria-invalid={fields.bankId.errors?.length ? true : undefined}
          aria-describedby={fields.bankId.errors?.length ? fields.bankId.errorId : undefined}
        >
          <option value="">{t("bank.choose")}</option>
          {banks.map((bank) => (
            <option key={bank.id} value={String(bank.id)}>
              {bank.bankName}
            </option>
          ))}
        </select>
        <ErrorList id={fields.bankId.errorId} errors={fields.bankId.errors} />
      </div>
      <Field
        label={t("bank.holder")}
        meta={fields.holderName}
        inputProps={{ autoComplete: "name", maxLength: 60 }}
      />
      <Field
        label={t("bank.number")}
        meta={fields.bankCardNo}
        hint={editing ? t("bank.numberKeep", { last4: editing.last4 }) : undefined}
        inputProps={{ inputMode: "numeric", autoComplete: "off", maxLength: 24 }}
      />
      <Field
        label={t("bank.ifsc")}
        meta={fields.ifsc}
        hint={t("bank.ifscHint")}
        inputProps={{
          autoCapitalize: "characters",
          autoComplete: "off",
          maxLength: 11,
          spellCheck: false,
        }}
      />
      <PaymentPasswordField meta={fields.assetPassword} />
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <SubmitButton>{t("bank.save")}</SubmitButton>
      {editing ? (
        <Link to={self} className="btn-secondary w-full">
          {t("bank.cancel")}
        </Link>
      ) : null}
    </Form>
  );
}
