import { Link } from "@remix-run/react";

interface Tab<K extends string> {
  key: K;
  to: string;
  label: string;
}

/**
 * The one switch between a page's views or filters (Cash / USDT on recharge and withdrawal, the bet
 * records' tabs, a coin, a claim status): links, so it works without JavaScript; the current one
 * carries aria-current.
 * Each link replaces the history entry, so Back leaves the page instead of walking its tabs. Each
 * tab is as wide as its words and shares what is left, so that a long label ("Neueste Gewinne")
 * stays on one line beside short ones.
 */
export function SegmentedTabs<K extends string>({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: readonly Tab<K>[];
  current: K;
}) {
  return (
    <nav
      aria-label={label}
      className="flex flex-wrap gap-1 rounded-lg bg-white p-1 shadow-sm dark:bg-gray-900"
    >
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          replace
          aria-current={tab.key === current ? "page" : undefined}
          className={`flex min-h-[44px] flex-auto items-center justify-center rounded-md px-3 text-center text-sm font-semibold ${
            tab.key === current ? "bg-brand text-white shadow-sm" : "text-gray-800 dark:text-gray-200"
          }`}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
