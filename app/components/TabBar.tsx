import { NavLink, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { RootLoaderData } from "~/root";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";

const icon = (d: string) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor">
    <path strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" d={d} />
  </svg>
);

interface Tab {
  key: string;
  to: string;
  label: string;
  icon: ReactNode;
  /** Extra paths that light this tab up. */
  match?: string[];
}

/**
 * The bottom tab bar (spec section 2), in order: home, Points Game, jackpot, team, account. The
 * jackpot entry shows only when JACKPOT_APPLY reads as a non-zero number (root loader).
 */
export function TabBar({ active }: { active?: "home" | "points" | "jackpot" | "team" | "account" }) {
  const { t } = useTranslation("common");
  const root = useRouteLoaderData<RootLoaderData>("root");
  const tabs: Tab[] = [
    {
      key: "home",
      to: PAGES.home,
      label: t("tab.home"),
      icon: icon("M3 11l9-7 9 7v9a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1z"),
    },
    {
      key: "points",
      to: `${PAGES.gameList}?coin=POINT`,
      label: t("tab.points"),
      icon: icon("M12 3a9 9 0 100 18 9 9 0 000-18zm0 4v10m-3-7h6"),
    },
    ...(root?.jackpot
      ? [
          {
            key: "jackpot",
            to: PAGES.jackpot,
            label: t("tab.jackpot"),
            icon: icon("M6 4h12v4a6 6 0 01-12 0zM9 20h6m-3-6v6M4 5h2m12 0h2"),
          },
        ]
      : []),
    {
      key: "team",
      to: PAGES.team,
      label: t("tab.team"),
      icon: icon("M16 11a4 4 0 10-8 0m12 9a8 8 0 00-16 0m16-9a3 3 0 100-5"),
    },
    {
      key: "account",
      to: PAGES.account,
      label: t("tab.account"),
      icon: icon("M12 12a4 4 0 100-8 4 4 0 000 8zm-8 9a8 8 0 0116 0"),
    },
  ];
  return (
    <>
      {/* Keeps page content clear of the fixed bar. */}
      <div aria-hidden="true" className="h-16" />
      <nav
        aria-label={t("tab.label")}
        className="fixed inset-x-0 bottom-0 z-tabbar border-t border-gray-200 bg-white pb-[env(safe-area-inset-bottom)] dark:border-gray-800 dark:bg-gray-900"
      >
        <ul className="mx-auto flex max-w-md">
          {tabs.map((tab) => {
            const isActive = tab.key === active;
            return (
              <li key={tab.key} className="min-w-0 flex-1">
                <NavLink
                  to={tab.to}
                  prefetch="intent"
                  aria-current={isActive ? "page" : undefined}
                  className={`flex min-h-[56px] flex-col items-center justify-center gap-0.5 text-xs ${
                    isActive
                      ? "font-semibold text-brand-dark dark:text-pink-300"
                      : "text-gray-600 dark:text-gray-300"
                  }`}
                >
                  {tab.icon}
                  <span className="max-w-full truncate px-0.5">{tab.label}</span>
                </NavLink>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
