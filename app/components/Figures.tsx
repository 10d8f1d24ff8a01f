/** A figure longer than this ("₹1,234.00") does not fit a third of a card on a phone. */
const LONG_FIGURE = 8;

export interface Figure {
  label: string;
  value: string;
  testId?: string;
}

/**
 * A few figures side by side, each value above its label (a fan count, a win rate, a turnover).
 * When one value is too long for its share of a 360 px card (a large turnover, a profit in the
 * millions), the figures stand in rows instead, label left and value right, as the balance card
 * does: no figure is ever cut. `tone="hero"` sits on a gradient (white text).
 */
export function Figures({ items, tone = "card" }: { items: Figure[]; tone?: "card" | "hero" }) {
  const rows = items.some((item) => item.value.length > LONG_FIGURE);
  const divider = tone === "hero" ? "divide-white/25" : "divide-gray-100 dark:divide-gray-800";
  return (
    <dl className={rows ? `divide-y ${divider}` : "grid grid-cols-3 gap-2 text-center"}>
      {items.map((item) => (
        // The label comes first for screen readers (a dl's order); side by side, the value shows above it.
        <div
          key={item.label}
          className={
            rows ? "flex items-baseline justify-between gap-3 py-1.5" : "flex min-w-0 flex-col-reverse"
          }
        >
          <dt
            className={tone === "hero" ? "text-xs text-white/90" : "text-xs text-gray-600 dark:text-gray-400"}
          >
            {item.label}
          </dt>
          <dd className={`font-bold tabular-nums ${rows ? "" : "text-lg"}`} data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
