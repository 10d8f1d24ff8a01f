import { type SelectHTMLAttributes, useEffect, useRef } from "react";

/**
 * A select whose choice is sent as soon as it is made (its form's requestSubmit): a language, a
 * records filter. Its form keeps a <noscript> button for a browser without JavaScript. A choice
 * made on the server's page before the code came (a slow phone: no button shows, nothing sends)
 * is sent once the code has come, instead of sitting there unapplied.
 */
export function SendingSelect({
  defaultValue,
  children,
  ...rest
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, "defaultValue" | "onChange"> & { defaultValue: string }) {
  const ref = useRef<HTMLSelectElement>(null);
  // Once, when the code has come.
  useEffect(() => {
    const select = ref.current;
    if (!select) return;
    // Another option than the page's own (a value of no option has none: nothing to send).
    const picked = select.selectedOptions[0];
    const own = [...select.options].some((option) => option.defaultSelected);
    if (picked && !picked.defaultSelected && own) select.form?.requestSubmit();
  }, []);
  return (
    <select
      ref={ref}
      defaultValue={defaultValue}
      onChange={(event) => event.currentTarget.form?.requestSubmit()}
      {...rest}
    >
      {children}
    </select>
  );
}
