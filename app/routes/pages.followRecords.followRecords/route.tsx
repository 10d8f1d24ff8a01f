import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/EmptyState";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { StatusPill } from "~/components/StatusPill";
import { betLabel } from "~/components/game/names";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { loader } from "./follow-records.server";

export const handle = { i18n: ["common", "social", "game"] };
export const meta = pageTitle("followRecords.title", "social");

export { loader };

const TONE = { WAITING: "waiting", WIN: "done", LOSE: "neutral", REFUNDED: "neutral" } as const;

export default function FollowRecords() {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  const { rows, pageNo, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <NavBar title={t("followRecords.title")} backTo={PAGES.blogger} />
      <main className="mx-auto max-w-md space-y-3 p-4">
        {rows.length ? (
          <ul className="space-y-2">
            {rows.map(({ bet, bloggerId, bloggerName }) => (
              <li key={bet.id} className="card space-y-1" data-testid="follow-record">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-semibold">
                    {betLabel(t, bet.betName)} · {fmt.coinMoney(bet.totalBetAmount, bet.coin)}
                  </span>
                  <StatusPill tone={TONE[bet.status]}>{t(`followRecords.status.${bet.status}`)}</StatusPill>
                </div>
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  <Link className="underline" to={`${PAGES.bloggerDetails}?id=${bloggerId}`}>
                    {t("followRecords.from", { name: bloggerName })}
                  </Link>{" "}
                  · {t("detail.round", { id: bet.gameSessionId })} · {fmt.dateTime(bet.createTime)}
                </p>
                {bet.status === "WIN" ? (
                  <p className="text-sm font-semibold text-green-700 dark:text-green-400">
                    +{fmt.coinMoney(bet.winAmount, bet.coin)}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            title={t("followRecords.none")}
            action={{ to: PAGES.blogger, label: t("blogger.title") }}
          />
        )}
        <Pager
          page={pageNo}
          pages={pages}
          hrefOf={(p) => (p > 1 ? `${PAGES.followRecords}?page=${p}` : PAGES.followRecords)}
        />
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
