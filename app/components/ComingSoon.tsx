import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import { NavBar } from "./NavBar";
import { TabBar } from "./TabBar";

/** Pages of later issues: a clear notice, no fake data. */
export function ComingSoon({
  title,
  backTo = PAGES.account,
  tab,
}: {
  title: string;
  backTo?: string;
  tab?: "jackpot" | "team";
}) {
  const { t } = useTranslation("common");
  return (
    <>
      <NavBar title={title} backTo={tab ? undefined : backTo} />
      <main className="mx-auto flex max-w-md flex-col items-center gap-3 p-8 text-center">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-14 w-14 text-brand-dark dark:text-pink-300"
          fill="none"
          stroke="currentColor"
        >
          <path strokeWidth="1.5" strokeLinecap="round" d="M12 7v5l3 2M12 3a9 9 0 100 18 9 9 0 000-18z" />
        </svg>
        <h2 className="text-lg font-semibold">{t("comingSoon.title")}</h2>
        <p className="text-gray-700 dark:text-gray-300">{t("comingSoon.body")}</p>
      </main>
      {tab ? <TabBar active={tab} /> : null}
    </>
  );
}
