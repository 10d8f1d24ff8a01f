import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { useTranslation } from "~/utils/i18n-react";

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

/** Field metadata of any Conform form (the components only read generic parts of it). */
// biome-ignore lint/suspicious/noExplicitAny: Conform's generics vary per form; the fields read here do not.
export type AnyField = FieldMetadata<any, any, any>;

type InputType = "text" | "password" | "tel" | "number" | "email" | "search";

/**
 * One labelled input wired to a Conform field: id, name, default value, constraint attributes,
 * aria-invalid and aria-describedby pointing at the error list.
 */
export function Field({
  label,
  meta,
  type = "text",
  inputProps,
  addon,
  hint,
}: {
  label: ReactNode;
  meta: AnyField;
  type?: InputType;
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  /** Rendered after the input on the same row (e.g. a "Send code" button). */
  addon?: ReactNode;
  hint?: ReactNode;
}) {
  const fallbackId = useId();
  const props = getInputProps(meta, { type, ariaAttributes: false });
  const id = props.id ?? fallbackId;
  const errorId = meta.errors?.length ? meta.errorId : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          {...props}
          key={props.key}
          {...inputProps}
          id={id}
          className="input flex-1"
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {hint ? (
        <p id={hintId} className="text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={meta.errors} />
    </div>
  );
}
