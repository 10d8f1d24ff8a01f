import { NavLink, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import type { RootLoaderData } from "~/root";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";

/** In px, not rem: at 200 % text the labels grow and the icons keep their size. */
const ICON = "h-[24px] w-[24px]";

const icon = (d: string) => (
  <svg aria-hidden="true" viewBox="0 0 24 24" className={ICON} fill="none" stroke="currentColor">
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
      <KeptClear tabs={tabs} active={active} />
      <nav
        aria-label={t("tab.label")}
        data-testid="tab-bar"
        className={`fixed inset-x-0 bottom-0 z-tabbar bg-white dark:border-gray-800 dark:bg-gray-900 ${BAR}`}
      >
        <ul className={ROW}>
          {tabs.map((tab) => (
            <li key={tab.key} className={CELL}>
              <NavLink
                to={tab.to}
                prefetch="intent"
                aria-current={tab.key === active ? "page" : undefined}
                className={faceOf(tab.key === active)}
              >
                {tab.icon}
                <span data-testid="tab-label">{tab.label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}

/*
 * The bar's layout. A tab is at least as wide as its longest word and the tabs share the row; at
 * 100 % every label fits a fifth of it, so they are equal. With larger text a label wraps between
 * its words, and tabs whose words do not fit one row go on to a second: the bar grows, and no
 * label is cut ("Acco…").
 */
const BAR = "border-t border-gray-200 pb-[env(safe-area-inset-bottom)]";
// break-word, not the page's anywhere: a tab's least width is its longest whole word.
const ROW = "mx-auto flex max-w-md flex-wrap [overflow-wrap:break-word]";
const CELL = "min-w-min flex-1";
function faceOf(active: boolean) {
  return `flex h-full min-h-[56px] flex-col items-center justify-center gap-0.5 px-0.5 text-center text-xs ${
    active ? "font-semibold text-brand-dark dark:text-pink-300" : "text-gray-600 dark:text-gray-300"
  }`;
}

/**
 * Keeps the page's end clear of the fixed bar, however tall it grows: an invisible copy of its
 * layout, whose labels are drawn from an attribute (CSS `content`), so that no text is there twice.
 */
function KeptClear({ tabs, active }: { tabs: Tab[]; active?: string }) {
  return (
    // At least the 64 px it always kept (the bar is 57 at 100 %).
    <div aria-hidden="true" className={`invisible min-h-[64px] ${BAR}`}>
      <ul className={ROW}>
        {tabs.map((tab) => (
          <li key={tab.key} className={CELL}>
            <div className={faceOf(tab.key === active)}>
              <span className={`block ${ICON}`} />
              <span data-label={tab.label} className="after:content-[attr(data-label)]" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
