import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "~/utils/i18n-react";

/**
 * The parts of the form kit (./forms) that do not need Conform: a page that uses only these
 * imports them from here, so that Conform is not in its start-up JavaScript (a page's import of
 * any export of ./forms brings the whole module and Conform with it).
 */
/** Error messages are i18n keys (validation.*) or server text; both go through t(). */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const { t } = useTranslation("common");
  const list = errors?.filter(Boolean) ?? [];
  if (!list.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700 dark:text-red-400">
      {list.map((e) => (
        <li key={e}>{t(e, { defaultValue: e })}</li>
      ))}
    </ul>
  );
}

/** A submit button that shows pending state and cannot double-submit. */
export function SubmitButton({
  children,
  intent,
  className = "btn-primary w-full",
}: {
  children: ReactNode;
  intent?: string;
  className?: string;
}) {
  const { t } = useTranslation("common");
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formMethod?.toUpperCase() === "POST" &&
    (!intent || navigation.formData?.get("intent") === intent);
  return (
    <button
      type="submit"
      name={intent ? "intent" : undefined}
      value={intent}
      disabled={pending}
      className={className}
    >
      {pending ? t("form.pending") : children}
    </button>
  );
}
