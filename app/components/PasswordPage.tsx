import { NavBar } from "~/components/NavBar";
import type { PasswordFormProps } from "~/components/PasswordForm";
import { lazyForm, withForms } from "~/utils/lazy-form";
import { ACCOUNT_PATH } from "~/utils/paths";

// The form, with the form kit and Conform, loads after first paint; the server renders it.
const PasswordForm = lazyForm(() => import("~/components/PasswordForm").then((m) => m.PasswordForm));
/** The password pages' `clientLoader`: a client-side navigation waits for the form's code too. */
export const passwordPageClientLoader = withForms(PasswordForm);

/** The page of the two password pages (login password, payment password). */
export function PasswordPage({ title, ...form }: PasswordFormProps & { title: string }) {
  return (
    <>
      <NavBar title={title} backTo={ACCOUNT_PATH} />
      <main className="mx-auto max-w-md p-4">
        <PasswordForm {...form} />
      </main>
    </>
  );
}
