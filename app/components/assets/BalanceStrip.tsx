import { useTranslation } from "~/utils/i18n-react";
import { useBalanceItems } from "../Balances";

/** The three balances in one compact row (rows for long amounts), on the exchange and staking pages. */
export function BalanceStrip({ balances }: { balances: { chip: number; gold: number; point: number } }) {
  const { t } = useTranslation("common");
  const { items, long } = useBalanceItems(balances);
  return (
    <section
      aria-label={t("balance.title")}
      className={`rounded-xl bg-gradient-to-br from-brand to-brand-dark p-3 text-white shadow-sm ${
        long ? "space-y-1" : "grid grid-cols-[repeat(auto-fit,minmax(min(100%,5.5rem),1fr))] gap-2"
      }`}
    >
      {items.map((item) => (
        <div
          key={item.key}
          className={long ? "flex flex-wrap items-baseline justify-between gap-x-3" : "min-w-0 text-center"}
        >
          <div className="text-xs text-white/85">{item.label}</div>
          {/* An amount breaks only when it alone is wider than its line: anywhere would let the
              row squeeze it beside its name ("9,943,5" / "34.56" at 200 %) rather than wrap it. */}
          <div
            className={`max-w-full font-bold tabular-nums [overflow-wrap:break-word] ${long ? "ml-auto text-right" : ""}`}
            data-testid={`balance-${item.key}`}
          >
            {item.value}
          </div>
        </div>
      ))}
    </section>
  );
}
