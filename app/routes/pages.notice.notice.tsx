import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { asPageError } from "~/utils/api/errors.server";
import { findUserMsgList } from "~/utils/api/messages.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { pageCount, parsePage, redirectPastLastPage } from "~/utils/paging.server";
import { PAGES } from "~/utils/paths";
import { requireToken } from "~/utils/session.server";
import { useFormat } from "~/utils/use-format";

export const handle = { i18n: ["common", "account"] };
export const meta = pageTitle("notice.title", "account");
const PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireToken(request);
  const pageNo = parsePage(new URL(request.url).searchParams.get("pageNo"));
  const page = await findUserMsgList(request, pageNo, PAGE_SIZE).catch(asPageError);
  const pages = pageCount(page.totalElements, PAGE_SIZE);
  redirectPastLastPage(request, pageNo, pages, "pageNo");
  return json({ page, pages });
}

export default function NoticePage() {
  const { t } = useTranslation("account");
  const { dateTime } = useFormat();
  const { page, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <NavBar title={t("notice.title")} backTo={PAGES.account} />
      <main className="mx-auto max-w-md space-y-3 p-4">
        {page.content.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="card divide-y divide-gray-100 p-0 dark:divide-gray-800">
            {page.content.map((msg) => (
              <li key={msg.id}>
                <Link
                  to={`${PAGES.noticeDetail}?id=${msg.id}`}
                  className="flex min-h-[56px] flex-col justify-center gap-0.5 px-4 py-3 hover:bg-gray-50 dark:hover:bg-gray-800"
                >
                  <span className="flex items-center gap-2">
                    {msg.read ? null : (
                      <span
                        className="h-2 w-2 flex-none rounded-full bg-brand"
                        role="img"
                        aria-label={t("notice.unread")}
                      />
                    )}
                    {/* In the list a long title may end in an ellipsis: the notice shows it whole. */}
                    <span className={`truncate ${msg.read ? "" : "font-semibold"}`} data-may-truncate>
                      {msg.title}
                    </span>
                  </span>
                  <span className="text-xs text-gray-600 dark:text-gray-400">{dateTime(msg.createTime)}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Pager page={page.pageNo} pages={pages} hrefOf={(n) => `?pageNo=${n}`} />
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
