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
        long ? "space-y-1" : "grid grid-cols-3 gap-2"
      }`}
    >
      {items.map((item) => (
        <div
          key={item.key}
          className={long ? "flex items-baseline justify-between gap-3" : "min-w-0 text-center"}
        >
          <div className="text-xs text-white/85">{item.label}</div>
          <div
            className="font-bold tabular-nums [overflow-wrap:anywhere]"
            data-testid={`balance-${item.key}`}
          >
            {item.value}
          </div>
        </div>
      ))}
    </section>
  );
}
