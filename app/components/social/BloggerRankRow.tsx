import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import type { BloggerRank } from "#contract/bloggers";

/**
 * A blogger in a ranking, linked to their page: the rank in a badge, the name (else the masked
 * phone) and the fans. `compact` for a card's list (the lobby), else a full-width row (the list
 * page, whose card has no padding).
 */
export function BloggerRankRow({
  blogger,
  compact = false,
  testId,
}: {
  blogger: BloggerRank;
  compact?: boolean;
  testId: string;
}) {
  const { t } = useTranslation("social");
  return (
    <li>
      <Link
        to={`${PAGES.bloggerDetails}?id=${blogger.bloggerId}`}
        className={`flex items-center gap-3 ${compact ? "py-2" : "px-4 py-3"}`}
        data-testid={testId}
      >
        <span
          className={`flex shrink-0 items-center justify-center rounded-full bg-pink-100 font-bold text-pink-900 dark:bg-gray-800 dark:text-pink-200 ${
            compact ? "h-7 w-7 text-xs" : "h-8 w-8 text-sm"
          }`}
        >
          {blogger.rank}
        </span>
        <span className={`min-w-0 flex-1 ${compact ? "" : "font-semibold"}`}>
          {blogger.nickName || blogger.phone}
        </span>
        <span className="text-sm text-gray-600 dark:text-gray-400">
          {t("blogger.fans", { count: blogger.fans })}
        </span>
      </Link>
    </li>
  );
}
