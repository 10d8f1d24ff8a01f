import { type SubmissionResult, getFormProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { withdrawalRefusal } from "~/components/wallet/refusals";
import { bankCardFormSchema } from "~/components/wallet/withdraw-forms";
import { asPageError } from "~/utils/api/errors.server";
import {
  getBanks,
  getUserBanks,
  getWithdrawalInfo,
  saveUserBank,
} from "~/utils/api/wallet/withdrawal.server";
import { formatsFor } from "~/utils/format.server";
import { formError, readForm, upstreamFormError } from "~/utils/forms.server";
import { useTranslation } from "~/utils/i18n-react";
import { i18n } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { safeRedirect } from "~/utils/safe-redirect";
import { requireToken } from "~/utils/session.server";
import { finish } from "~/utils/toast.server";
import { MAX_BANK_CARDS } from "#contract/withdrawal";

export const handle = { i18n: ["common", "withdraw"] };
export const meta = pageTitle("bank.title", "withdraw");

/** ?edit=ID edits that card; ?redirectTo=PATH (a page of this app) is where a saved card leads. */
function paramsOf(request: Request) {
  const url = new URL(request.url);
  const edit = url.searchParams.get("edit");
  return {
    editId: edit && /^\d{1,15}$/.test(edit) ? Number(edit) : null,
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), ""),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const { editId, redirectTo } = paramsOf(request);
  const [banks, cards, info] = await Promise.all([
    getBanks(request),
    getUserBanks(request),
    getWithdrawalInfo(request, "CASH"),
  ]).catch(asPageError);
  const editing = editId === null ? null : (cards.content.find((c) => c.id === editId) ?? null);
  return json({
    banks: banks.content,
    cards: cards.content,
    editing,
    redirectTo,
    hasAssetPassword: info.hasAssetPassword,
  });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireToken(request);
  const { redirectTo } = paramsOf(request);
  const formData = await readForm(request);
  const hideFields = ["assetPassword"];
  const submission = parseWithZod(formData, { schema: bankCardFormSchema });
  if (submission.status !== "success") return formError(request, submission.reply({ hideFields }));
  const t = await i18n.getFixedT(request, "withdraw");
  const { id, bankId, holderName, bankCardNo, ifsc, assetPassword } = submission.value;
  if (!id && !bankCardNo) {
    return formError(
      request,
      submission.reply({ fieldErrors: { bankCardNo: ["withdraw:validation.numberRequired"] }, hideFields }),
    );
  }
  try {
    const answer = await saveUserBank(request, {
      id: id ? Number(id) : undefined,
      bankId: Number(bankId),
      holderName,
      bankCardNo,
      ifsc,
      assetPassword,
    });
    if (answer.code !== 200) {
      const message = withdrawalRefusal(t, await formatsFor(request), answer.detail, answer.message);
      return formError(request, submission.reply({ formErrors: [message], hideFields }));
    }
    return finish(request, redirectTo || PAGES.bankCard, {
      type: "success",
      message: t(id ? "withdraw:bank.saved" : "withdraw:bank.added"),
    });
  } catch (error) {
    return upstreamFormError(request, submission, error, hideFields);
  }
}

export default function BankCardPage() {
  const { t } = useTranslation("withdraw");
  const { banks, cards, editing, redirectTo, hasAssetPassword } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const [form, fields] = useForm({
    id: editing ? `card-${editing.id}` : "card-new",
    lastResult: actionData?.result,
    defaultValue: editing
      ? {
          id: String(editing.id),
          bankId: String(editing.bankId),
          holderName: editing.holderName,
          ifsc: editing.ifsc ?? "",
        }
      : { bankId: "" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bankCardFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const query = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const self = `${PAGES.bankCard}${query}`;
  const full = !editing && cards.length >= MAX_BANK_CARDS;
  const bankSelect = getSelectProps(fields.bankId);
  return (
    <>
      <NavBar title={t("bank.title")} backTo={redirectTo || PAGES.account} />
      <main className="mx-auto max-w-md space-y-4 p-4">
        <section aria-labelledby="cards-title" className="space-y-2">
          <h2 id="cards-title" className="px-1 text-sm font-semibold text-gray-700 dark:text-gray-300">
            {t("bank.list")}
          </h2>
          {cards.length === 0 ? (
            <div className="card">
              <EmptyState message={t("bank.empty")} />
            </div>
          ) : (
            <ul className="space-y-2" data-testid="bank-cards">
              {cards.map((card) => (
                <li
                  key={card.id}
                  className="flex items-center gap-3 rounded-xl bg-gradient-to-r from-brand to-brand-dark p-4 text-white shadow-sm"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold">{card.bankName}</p>
                    <p className="text-lg font-semibold tracking-widest tabular-nums">{card.bankCardNo}</p>
                    <p className="truncate text-sm text-white/90">
                      {card.holderName}
                      {card.ifsc ? ` · ${card.ifsc}` : ""}
                    </p>
                  </div>
                  <Link
                    to={`${PAGES.bankCard}?edit=${card.id}${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`}
                    className="flex min-h-[44px] items-center rounded-full bg-white/20 px-4 text-sm font-semibold hover:bg-white/30"
                    aria-label={`${t("bank.editAction")} ${card.bankName} ${card.bankCardNo}`}
                  >
                    {t("bank.editAction")}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p className="px-1 text-xs text-gray-600 dark:text-gray-400">{t("bank.masked")}</p>
        </section>

        {!hasAssetPassword ? (
          <section className="card space-y-2 border border-amber-300 dark:border-amber-700">
            <h2 className="font-semibold">{t("needPassword.title")}</h2>
            <p className="text-sm text-gray-700 dark:text-gray-300">{t("needPassword.body")}</p>
            <Link
              to={`${PAGES.paymentPassword}?redirectTo=${encodeURIComponent(self)}`}
              className="btn-primary w-full"
            >
              {t("needPassword.action")}
            </Link>
          </section>
        ) : full ? (
          <p className="card text-sm">{t("bank.max", { max: MAX_BANK_CARDS })}</p>
        ) : (
          <Form
            method="post"
            {...getFormProps(form)}
            className="card space-y-4"
            aria-labelledby="card-form-title"
          >
            <h2 id="card-form-title" className="font-semibold">
              {editing ? t("bank.edit") : t("bank.add")}
            </h2>
            {editing ? <input type="hidden" name="id" value={String(editing.id)} /> : null}
            <div className="space-y-1">
              <label
                htmlFor={bankSelect.id}
                className="block text-sm font-medium text-gray-800 dark:text-gray-200"
              >
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
            <SubmitButton>{t("bank.save")}</SubmitButton>
            {editing ? (
              <Link to={self} className="btn-secondary w-full">
                {t("bank.cancel")}
              </Link>
            ) : null}
          </Form>
        )}
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
