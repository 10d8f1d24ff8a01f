import { Link } from "@remix-run/react";
import { type ReactNode, useRef } from "react";
import { useModalFocus } from "~/utils/use-modal-focus";

/**
 * A bottom-sheet dialog that works without JS (it is plain markup; closing is a link) and, with
 * JS, takes focus, keeps Tab inside, closes on Escape and gives focus back when it goes away
 * (useModalFocus).
 */
export function Dialog({
  titleId,
  onClose,
  closeHref,
  closeLabel,
  children,
}: {
  titleId: string;
  onClose?: () => void;
  /** Where the close link goes without JS; no close link when absent. */
  closeHref?: string;
  closeLabel?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalFocus(ref, onClose);
  return (
    <div className="fixed inset-0 z-[10070] flex items-end justify-center bg-black/50 sm:items-center">
      <dialog
        open
        ref={ref}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative z-[10075] m-0 max-h-[90vh] border-0 w-full max-w-md overflow-y-auto rounded-t-[25px] bg-white p-4 pb-6 text-gray-900 shadow-xl outline-none sm:rounded-[25px] dark:bg-gray-900 dark:text-gray-100"
      >
        {closeHref ? (
          <Link
            to={closeHref}
            preventScrollReset
            replace
            onClick={(e) => {
              if (onClose) {
                e.preventDefault();
                onClose();
              }
            }}
            className="absolute right-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-full text-2xl leading-none text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
            aria-label={closeLabel}
          >
            <span aria-hidden="true">×</span>
          </Link>
        ) : null}
        {children}
      </dialog>
    </div>
  );
}
