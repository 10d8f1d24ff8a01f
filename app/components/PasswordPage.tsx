import { NavBar } from "~/components/NavBar";
import type { PasswordFormProps } from "~/components/PasswordForm";
import { useTranslation } from "~/utils/i18n-react";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { pageTitle } from "~/utils/meta";
import { ACCOUNT_PATH } from "~/utils/paths";

// The form, with the form kit and Conform, loads after first paint; the server renders it.
const PasswordForm = lazyForm(() => import("~/components/PasswordForm").then((m) => m.PasswordForm));
/** The password pages' `clientLoader`: a client-side navigation waits for the form's code too. */
export const passwordPageClientLoader = withForms(PasswordForm);

/** What each of the two password pages asks for, and its title (in the account namespace). */
const PAGES: Record<"login" | "payment", PasswordFormProps & { title: string }> = {
  login: {
    id: "login-password",
    title: "password.loginTitle",
    schema: (m) => m.loginPasswordSchema,
    secretField: "password",
    kind: "new",
  },
  payment: {
    id: "payment-password",
    title: "password.paymentTitle",
    schema: (m) => m.paymentPasswordSchema,
    secretField: "assetPassword",
    kind: "payment",
  },
};

/** Which password page: the login password or the payment password. */
export type PasswordPageName = keyof typeof PAGES;

/** The page's document title, the same words as its bar. */
export const passwordPageMeta = (page: PasswordPageName) => pageTitle(PAGES[page].title, "account");

/** The page of the two password pages (login password, payment password). */
export function PasswordPage({ page }: { page: PasswordPageName }) {
  const { t } = useTranslation("account");
  const { title, ...form } = PAGES[page];
  return (
    <>
      <NavBar title={t(title)} backTo={ACCOUNT_PATH} />
      <main className="mx-auto max-w-md p-4">
        <PasswordForm {...form} />
      </main>
    </>
  );
}
