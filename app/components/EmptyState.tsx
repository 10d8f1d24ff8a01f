import { useTranslation } from "~/utils/i18n-react";

export function EmptyState({ message }: { message?: string }) {
  const { t } = useTranslation("common");
  return (
    <div className="flex flex-col items-center justify-center gap-2 py-12 text-gray-600 dark:text-gray-300">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-12 w-12 opacity-60"
        fill="none"
        stroke="currentColor"
      >
        <path strokeWidth="1.5" d="M4 7h16v12H4zM4 7l3-3h10l3 3M9 12h6" />
      </svg>
      <p>{message ?? t("empty.noData")}</p>
    </div>
  );
}
