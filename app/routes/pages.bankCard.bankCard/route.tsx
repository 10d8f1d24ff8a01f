import type { SubmissionResult } from "@conform-to/react";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { NavBar } from "~/components/NavBar";
import { useTranslation } from "~/utils/i18n-react";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { action, loader } from "./bank-card-page.server";

// The form, with the form kit and Conform, loads after first paint (lazyForm); the server renders it.
const CardForm = lazyForm(() => import("./card-form").then((m) => m.CardForm));
export const clientLoader = withForms(CardForm);

export const handle = { i18n: ["common", "withdraw"] };
export const meta = pageTitle("bank.title", "withdraw");

export { action, loader };

export default function BankCardPage() {
  const { t } = useTranslation("withdraw");
  const { banks, cards, editing, redirectTo, hasAssetPassword, maxCards } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { result?: SubmissionResult<string[]> } | undefined;
  const query = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
  const self = `${PAGES.bankCard}${query}`;
  const full = !editing && cards.length >= maxCards;
  const savedCards = cards
    .map((c) => [c.id, c.bankId, c.holderName, c.ifsc, c.bankCardNo].join(" "))
    .join("|");
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
                    <p className="font-semibold">{card.bankName}</p>
                    <p className="text-lg font-semibold tracking-widest tabular-nums">{card.bankCardNo}</p>
                    <p className="text-sm text-white/90">
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
          <p className="card text-sm">{t("bank.max", { max: maxCards })}</p>
        ) : (
          // Keyed by the saved cards: a save that changed them starts the form afresh. With
          // JavaScript the page is not loaded again, and the fields kept the card just saved and
          // the payment password, ready to be sent twice; a refused save keeps what was typed.
          <CardForm key={savedCards} banks={banks} editing={editing} self={self} actionData={actionData} />
        )}
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
