import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";

export function Balances({ chip, gold, point }: { chip: number; gold: number; point: number }) {
  const { t } = useTranslation("common");
  const { coinMoney: money } = useFormat();
  const items = [
    { key: "chip", label: t("balance.chip"), value: money(chip, "CHIP") },
    { key: "gold", label: t("balance.gold"), value: money(gold, "GOLD") },
    { key: "point", label: t("balance.point"), value: money(point, "POINT") },
  ];
  return (
    <section
      aria-label={t("balance.title")}
      className="card grid grid-cols-3 divide-x divide-gray-200 p-0 dark:divide-gray-700"
    >
      {items.map((item) => (
        <div key={item.key} className="flex flex-col items-center gap-1 px-2 py-4">
          <span className="text-xs text-gray-600 dark:text-gray-300">{item.label}</span>
          <span className="text-base font-bold tabular-nums" data-testid={`balance-${item.key}`}>
            {item.value}
          </span>
        </div>
      ))}
    </section>
  );
}
