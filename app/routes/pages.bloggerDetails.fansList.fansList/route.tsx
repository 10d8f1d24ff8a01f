import { useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { BloggerErrorBoundary } from "~/components/social/BloggerErrorBoundary";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { loader } from "./fans-page.server";

export const handle = { i18n: ["common", "social"] };
export const meta = pageTitle("fans.title", "social");

export { loader };

export default function FansList() {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  const { id, fans, pageNo, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <NavBar title={t("fans.title")} backTo={`${PAGES.bloggerDetails}?id=${id}`} />
      <main className="mx-auto max-w-md space-y-3 p-4">
        <p className="px-1 text-sm text-gray-600 dark:text-gray-400">
          {t("fans.count", { count: fans.totalElements })}
        </p>
        {fans.content.length ? (
          <ul className="card divide-y divide-gray-100 p-0 dark:divide-gray-800">
            {fans.content.map((f) => (
              <li
                key={`${f.phone}-${f.since}`}
                className="flex items-center justify-between gap-3 px-4 py-3"
                data-testid="fan-row"
              >
                <span className="font-semibold">{f.nickName || f.phone}</span>
                <span className="text-xs text-gray-600 dark:text-gray-400">
                  {t("fans.since", { time: fmt.dateTime(f.since) })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState title={t("fans.none")} />
        )}
        <Pager
          page={pageNo}
          pages={pages}
          hrefOf={(p) => `${PAGES.fansList}?id=${id}${p > 1 ? `&page=${p}` : ""}`}
        />
      </main>
    </>
  );
}

/** The fans of a player who is not (or no longer) a blogger: say so, and lead back to the bloggers. */
export function ErrorBoundary() {
  const { t } = useTranslation("social");
  return <BloggerErrorBoundary title={t("fans.title")} />;
}
