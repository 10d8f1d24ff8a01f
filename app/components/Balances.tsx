import { Link } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";

/** Amounts longer than this (₹12,345,678.00) do not fit a third of a phone: the card shows rows. */
const LONG_AMOUNT = 12;

type Amounts = { chip: number; gold: number; point: number };

/**
 * Chip, gold and point, each named and formatted, and whether one is too long for a third of a
 * phone (then they go in rows): what the balance card and the balance strip show.
 */
export function useBalanceItems({ chip, gold, point }: Amounts) {
  const { t } = useTranslation("common");
  const { coinMoney } = useFormat();
  const items = [
    { key: "chip", label: t("coin.CHIP"), value: coinMoney(chip, "CHIP") },
    { key: "gold", label: t("coin.GOLD"), value: coinMoney(gold, "GOLD") },
    { key: "point", label: t("coin.POINT"), value: coinMoney(point, "POINT") },
  ];
  return { items, long: items.some((item) => item.value.length > LONG_AMOUNT) };
}

/**
 * The balance card (ui.md "money first"): chip, gold and point, with the actions that change them
 * beside them: Recharge, Withdraw, Exchange. A player with nothing at all is led to recharge.
 * Pages that show it load the "assets" namespace.
 */
export function Balances({ chip, gold, point }: Amounts) {
  const { t } = useTranslation("common");
  const { t: ta } = useTranslation("assets");
  const { items, long } = useBalanceItems({ chip, gold, point });
  const empty = chip <= 0 && gold <= 0 && point <= 0;
  return (
    <section aria-label={t("balance.title")} className="card overflow-hidden p-0">
      {long ? (
        <dl className="divide-y divide-gray-100 dark:divide-gray-800">
          {items.map((item) => (
            // With large text the amount goes under its name rather than break the name ("Chi ps"),
            // and the row's side padding is in px so that the amount keeps the room ("9,810,734.5" / "6").
            <div
              key={item.key}
              className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 px-[16px] py-2.5"
            >
              <dt className="text-sm text-gray-600 dark:text-gray-300">{item.label}</dt>
              <dd
                className="ml-auto max-w-full text-right font-bold tabular-nums [overflow-wrap:break-word]"
                data-testid={`balance-${item.key}`}
              >
                {item.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        // Three in a row while each has 6.5rem; with large text or a 320 px phone fewer, so that an
        // amount is not broken inside ("₹1," / "00" / "0.0" at 200 %), and one left alone on its
        // row takes the whole row (no empty grey cell beside it). The gap draws the lines.
        <div className="flex flex-wrap gap-px bg-gray-200 dark:bg-gray-700">
          {items.map((item) => (
            <div
              key={item.key}
              className="flex min-w-0 flex-[1_1_6.5rem] flex-col items-center gap-1 bg-white px-2 py-4 dark:bg-gray-900"
            >
              <span className="text-xs text-gray-600 dark:text-gray-300">{item.label}</span>
              <span
                className="max-w-full text-center text-base font-bold tabular-nums [overflow-wrap:break-word]"
                data-testid={`balance-${item.key}`}
              >
                {item.value}
              </span>
            </div>
          ))}
        </div>
      )}
      {empty ? (
        <div
          className="flex items-center gap-3 border-t border-pink-100 bg-pink-50 px-4 py-3 dark:border-gray-800 dark:bg-gray-800/60"
          data-testid="recharge-cta"
        >
          <p className="flex-1 text-sm text-gray-800 dark:text-gray-200">{ta("wallet.emptyCta")}</p>
          <Link to={PAGES.recharge} className="btn-primary flex-none px-4 text-sm">
            {ta("wallet.rechargeNow")}
          </Link>
        </div>
      ) : null}
      {/* Three in a row while each has 6rem; with large text fewer, each label whole ("Aufla…"). */}
      <nav
        aria-label={ta("wallet.actions")}
        className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,6rem),1fr))] border-t border-gray-100 dark:border-gray-800"
      >
        <WalletAction to={PAGES.recharge} label={ta("wallet.recharge")} icon="M12 5v14M5 12h14" />
        <WalletAction to={PAGES.withdrawal} label={ta("wallet.withdraw")} icon="M12 19V5M6 11l6-6 6 6" />
        <WalletAction to={PAGES.exchange} label={ta("wallet.exchange")} icon="M7 7h11l-3-3M17 17H6l3 3" />
      </nav>
    </section>
  );
}

function WalletAction({ to, label, icon }: { to: string; label: string; icon: string }) {
  return (
    <Link
      to={to}
      className="flex min-h-[52px] min-w-0 flex-col items-center justify-center gap-0.5 px-1 py-1.5 text-xs font-semibold text-brand-dark hover:bg-pink-50 dark:text-pink-300 dark:hover:bg-gray-800"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5 flex-none"
        fill="none"
        stroke="currentColor"
      >
        <path strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" d={icon} />
      </svg>
      <span className="max-w-full text-center" data-testid="wallet-action-label">
        {label}
      </span>
    </Link>
  );
}
