import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";

/**
 * The one empty state (ui.md "one set of parts"): an illustration, what is missing in words and,
 * when there is one, the way on (a link styled as a button). Used for empty lists and for pages
 * reached without the id they show (a notice, a bet), instead of a bare 404. A title alone says it
 * all ("No bloggers yet" needs no "No Data" under it); with neither, "No Data". The title is a
 * heading under the bar's h1.
 */
export function EmptyState({
  title,
  message,
  action,
}: {
  title?: string;
  message?: string;
  action?: { to: string; label: string };
}) {
  const { t } = useTranslation("common");
  return (
    <div
      className="flex flex-col items-center justify-center gap-3 px-4 py-12 text-center"
      data-testid="empty-state"
    >
      <svg aria-hidden="true" viewBox="0 0 96 96" className="h-24 w-24" fill="none">
        <circle cx="48" cy="48" r="44" className="fill-pink-100 dark:fill-gray-800" />
        <rect
          x="26"
          y="30"
          width="44"
          height="38"
          rx="6"
          className="fill-white stroke-brand dark:fill-gray-900"
          strokeWidth="3"
        />
        <path d="M26 40h44" className="stroke-brand" strokeWidth="3" />
        <path d="M38 52h20M38 60h12" className="stroke-gray-400" strokeWidth="3" strokeLinecap="round" />
        <circle cx="68" cy="66" r="10" className="fill-brand" />
        <path d="M68 61v6M68 70.5v.5" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {title ? <h2 className="text-lg font-semibold">{title}</h2> : null}
      {message || !title ? (
        <p className="text-gray-700 dark:text-gray-300">{message ?? t("empty.noData")}</p>
      ) : null}
      {action ? (
        <Link to={action.to} className="btn-primary">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
