import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A submit button that posts `intent` (apply, follow, copy a bet), disabled while the page is
 * submitting, so that a second tap does not post again.
 */
export function IntentButton({
  intent,
  className,
  children,
}: {
  intent: string;
  className: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <button type="submit" name="intent" value={intent} className={className} disabled={busy}>
      {children}
    </button>
  );
}
