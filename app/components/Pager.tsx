import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";

/** The one pager of every paged list: previous / next links and "page n of m"; `hrefOf(page)` builds each link. */
export function Pager({
  page,
  pages,
  hrefOf,
}: {
  page: number;
  pages: number;
  hrefOf: (page: number) => string;
}) {
  const { t } = useTranslation("common");
  if (pages <= 1) return null;
  const link = "btn-secondary min-w-[44px] px-4 text-sm";
  return (
    <nav className="mt-3 flex items-center justify-between gap-2" aria-label={t("pager.label")}>
      {page > 1 ? (
        <Link className={link} to={hrefOf(page - 1)} preventScrollReset rel="prev">
          {t("pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-700 dark:text-gray-300">{t("pager.status", { page, pages })}</span>
      {page < pages ? (
        <Link className={link} to={hrefOf(page + 1)} preventScrollReset rel="next">
          {t("pager.next")}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
