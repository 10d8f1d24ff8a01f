import { useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "~/utils/i18n-react";

/**
 * The parts of the form kit (./forms) that do not need Conform: a page that uses only these
 * imports them from here, so that Conform is not in its start-up JavaScript (a page's import of
 * any export of ./forms brings the whole module and Conform with it).
 */
/**
 * Error messages are i18n keys (validation.*) or server text; both go through t(). A form's own
 * errors (not a field's: no field takes focus to read them) are an `alert`, read out as they appear.
 */
export function ErrorList({
  id,
  errors,
  alert = false,
}: { id?: string; errors?: string[] | null; alert?: boolean }) {
  const { t } = useTranslation("common");
  const list = errors?.filter(Boolean) ?? [];
  if (!list.length) return null;
  return (
    <ul
      id={id}
      role={alert ? "alert" : undefined}
      className="mt-1 space-y-0.5 text-sm text-red-700 dark:text-red-400"
    >
      {list.map((e) => (
        <li key={e}>{t(e, { defaultValue: e })}</li>
      ))}
    </ul>
  );
}

/**
 * A submit button that shows pending state and cannot double-submit. Disabled while pending, it
 * loses the focus it had (to the page's body); when the answer has come and focus is still
 * nowhere, it takes it back, so a keyboard or screen-reader player goes on from the form.
 */
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
  const ref = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  useEffect(() => {
    if (pending) {
      hadFocus.current = hadFocus.current || document.activeElement === ref.current;
    } else if (hadFocus.current) {
      hadFocus.current = false;
      if (document.activeElement === document.body) ref.current?.focus();
    }
  }, [pending]);
  return (
    <button
      ref={ref}
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

/** The form's own errors (not a field's), then its submit button: the end of every kit form. */
export function FormSubmit({
  form,
  children,
  className,
}: {
  form: { errorId: string; errors?: string[] | null };
  children: ReactNode;
  className?: string;
}) {
  return (
    <>
      <ErrorList id={form.errorId} errors={form.errors} alert />
      <SubmitButton className={className}>{children}</SubmitButton>
    </>
  );
}

/**
 * What the form's answer will be, live as the player types (a quote, an estimate), read out by
 * screen readers when it changes.
 */
export function LiveLine({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p
      className="min-h-[1.5rem] rounded-lg bg-gray-50 px-3 py-2 text-sm dark:bg-gray-800"
      aria-live="polite"
      data-testid={testId}
    >
      {children}
    </p>
  );
}

const CHOICE_TONES = {
  pink: "border-gray-200 has-[:checked]:border-brand has-[:checked]:bg-pink-50 dark:border-gray-700 dark:has-[:checked]:border-pink-300 dark:has-[:checked]:bg-gray-800",
  brand:
    "border-gray-300 has-[:checked]:border-brand has-[:checked]:bg-brand-light/60 dark:border-gray-600 dark:has-[:checked]:bg-pink-950/60",
};

/**
 * One radio option drawn as a tappable box, checked when its box is outlined: a "row" (the radio,
 * then what it picks: a plan, a pair, a card, a channel) or a "chip" (a short label, centred, in a
 * grid of them). `className` adds to the box (its height, padding, text size).
 */
export function RadioCard({
  name,
  value,
  defaultChecked,
  onChange,
  look = "row",
  tone = "pink",
  small = false,
  className = "",
  children,
}: {
  name: string;
  value: string | number;
  defaultChecked: boolean;
  onChange?: () => void;
  look?: "row" | "chip";
  tone?: keyof typeof CHOICE_TONES;
  /** A smaller radio (chips in a grid of three). */
  small?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const layout = look === "row" ? "gap-3 px-3" : "min-h-[44px] justify-center gap-2 font-semibold";
  return (
    <label
      className={`flex cursor-pointer items-center rounded-lg border ${layout} ${CHOICE_TONES[tone]} ${className}`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        onChange={onChange}
        className={`${small ? "h-4 w-4" : "h-5 w-5"} flex-none accent-brand`}
      />
      {children}
    </label>
  );
}
