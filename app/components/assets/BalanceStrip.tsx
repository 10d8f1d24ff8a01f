import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";

/** The three balances in one compact row, on the wallet pages (exchange, staking). */
export function BalanceStrip({ balances }: { balances: { chip: number; gold: number; point: number } }) {
  const { t } = useTranslation("common");
  const { coinMoney } = useFormat();
  const items = [
    { key: "chip", coin: "CHIP", value: balances.chip },
    { key: "gold", coin: "GOLD", value: balances.gold },
    { key: "point", coin: "POINT", value: balances.point },
  ];
  return (
    <section
      aria-label={t("balance.title")}
      className="grid grid-cols-3 gap-2 rounded-xl bg-gradient-to-br from-brand to-brand-dark p-3 text-white shadow-sm"
    >
      {items.map((item) => (
        <div key={item.key} className="min-w-0 text-center">
          <div className="text-xs text-white/85">{t(`balance.${item.key}`)}</div>
          <div className="truncate font-bold tabular-nums" data-testid={`balance-${item.key}`}>
            {coinMoney(item.value, item.coin)}
          </div>
        </div>
      ))}
    </section>
  );
}
