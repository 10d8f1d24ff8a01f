import type { ReactNode } from "react";
import { EmptyState } from "~/components/EmptyState";
import { NavBar } from "~/components/NavBar";
import { Pager } from "~/components/Pager";
import { SegmentedTabs } from "~/components/SegmentedTabs";

type Kind = "cash" | "usdt";

/**
 * The wallet's records pages (recharge and withdrawal, each Cash and USDT): one title, the Cash /
 * USDT switch under it, the list or its empty state with the way on, and the pager. Links only, so
 * the pages work without JavaScript; the switch replaces the history entry, so Back leaves the page.
 */
export function WalletRecords({
  title,
  backTo,
  kind,
  tabs,
  page,
  pages,
  empty,
  children,
}: {
  title: string;
  backTo: string;
  kind: Kind;
  /** The switch's name for screen readers, and each tab's words and page. */
  tabs: { label: string } & Record<Kind, { label: string; to: string }>;
  page: number;
  pages: number;
  /** What an empty list says and where it leads; null when there are rows. */
  empty: { message: string; action: { to: string; label: string } } | null;
  children: ReactNode;
}) {
  const self = tabs[kind].to;
  return (
    <>
      <NavBar title={title} backTo={backTo} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <SegmentedTabs
          label={tabs.label}
          current={kind}
          tabs={(["cash", "usdt"] as const).map((key) => ({ key, ...tabs[key] }))}
        />
        {empty ? (
          <div className="card">
            <EmptyState message={empty.message} action={empty.action} />
          </div>
        ) : (
          children
        )}
        <Pager page={page} pages={pages} hrefOf={(n) => (n > 1 ? `${self}?page=${n}` : self)} />
      </main>
    </>
  );
}
