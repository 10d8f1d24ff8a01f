import { Link } from "@remix-run/react";
import { showToast } from "~/components/Toasts";
import { copyText } from "~/utils/clipboard";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";

/** "3fa2c1…9e0b": enough to compare by eye; the full value is copied and in the title. */
function shortHash(hash: string): string {
  return hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-8)}` : hash;
}

/**
 * A round's commitment (SHA-256 of its secret seed, decision 040): short, a copy button for the
 * full value, and a "what is this" link to the rules' fairness part. Without JS the full value
 * is in the element's title and the copy button does nothing.
 */
export function Commitment({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation("game");
  return (
    <div className="flex flex-wrap items-center gap-x-2 text-xs">
      <span className="text-gray-700 dark:text-gray-300">{t("commitment.label")}</span>
      <code className="font-mono" title={value} data-testid={testId} data-commitment={value}>
        {shortHash(value)}
      </code>
      <button
        type="button"
        className="inline-flex min-h-[44px] min-w-[44px] items-center justify-center rounded-full hover:bg-gray-100 dark:hover:bg-gray-800"
        aria-label={t("commitment.copy")}
        onClick={async () => {
          if (await copyText(value)) showToast(t("commitment.copied"), "success");
          else showToast(t("commitment.copyFailed"), "error");
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor">
          <path strokeWidth="1.8" d="M9 9h10v10H9zM5 15V5h10" />
        </svg>
      </button>
      <Link to={`${PAGES.rules}#fair`} className="inline-flex min-h-[44px] items-center underline">
        {t("commitment.what")}
      </Link>
    </div>
  );
}
