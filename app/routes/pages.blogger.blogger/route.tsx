import { Form, Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { NavBar } from "~/components/NavBar";
import { StatusPill } from "~/components/StatusPill";
import { BloggerRankRow } from "~/components/social/BloggerRankRow";
import { IntentButton } from "~/components/social/IntentButton";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { action, loader } from "./blogger-page.server";

export const handle = { i18n: ["common", "social"] };
export const meta = pageTitle("blogger.title", "social");

export { action, loader };

const TONE = { UNDER_REVIEW: "waiting", APPROVED: "done", REJECTED: "refused" } as const;

export default function BloggerPage() {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  const { mine, bloggers } = useLoaderData<typeof loader>();
  return (
    <>
      <NavBar title={t("blogger.title")} backTo={PAGES.account} />
      <main className="mx-auto max-w-md space-y-4 p-4 pb-10">
        <section className="card space-y-3" aria-labelledby="mine-title" data-testid="my-application">
          <div className="flex items-center justify-between gap-2">
            <h2 id="mine-title" className="text-base font-semibold">
              {t("blogger.mine")}
            </h2>
            {mine.status ? (
              <StatusPill tone={TONE[mine.status]}>{t(`blogger.status.${mine.status}`)}</StatusPill>
            ) : null}
          </div>
          {mine.status === "REJECTED" && mine.reason ? (
            <p className="text-sm text-red-700 dark:text-red-300">
              {t("blogger.reason", { reason: mine.reason })}
            </p>
          ) : null}
          {mine.status === "UNDER_REVIEW" ? <p className="text-sm">{t("blogger.underReviewBody")}</p> : null}
          {mine.status === "APPROVED" ? <p className="text-sm">{t("blogger.approvedBody")}</p> : null}
          {mine.status === null || mine.status === "REJECTED" ? (
            <Form method="post" className="space-y-2">
              <p className="text-sm text-gray-700 dark:text-gray-300">
                {t("blogger.rule", { amount: fmt.coinMoney(mine.minTurnover ?? 0, "CHIP") })}
              </p>
              <IntentButton intent="apply" className="btn-primary w-full">
                {t("blogger.apply")}
              </IntentButton>
            </Form>
          ) : null}
        </section>
        <Link to={PAGES.followRecords} className="btn-secondary w-full">
          {t("followRecords.title")}
        </Link>
        <section className="space-y-2" aria-labelledby="list-title">
          <h2 id="list-title" className="px-1 text-base font-semibold">
            {t("blogger.list")}
          </h2>
          {bloggers.length ? (
            <ul className="card divide-y divide-gray-100 p-0 dark:divide-gray-800">
              {bloggers.map((b) => (
                <BloggerRankRow key={b.bloggerId} blogger={b} testId="blogger-row" />
              ))}
            </ul>
          ) : (
            <EmptyState title={t("blogger.none")} />
          )}
        </section>
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
