import { Link } from "@remix-run/react";
import { BetTag } from "~/components/game/BetTag";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";

interface ReceiptData {
  id: string;
  roundId: string;
  betName: string;
  total: number;
  commitment: string;
  beaconRound: number | null;
}

/**
 * The receipt of the bet just placed: the commitment its round published before betting, kept on
 * the bet, in full (the player compares or copies it), the beacon round the draw will use, and
 * the verify link that checks the reveal against this very copy.
 */
export function Receipt({ receipt, money }: { receipt: ReceiptData; money: (n: number) => string }) {
  const { t } = useTranslation("game");
  return (
    <section className="card space-y-1 text-sm" aria-labelledby="receipt-title" data-testid="receipt">
      <h2 id="receipt-title" className="font-semibold">
        {t("receipt.title", { id: receipt.id })}
      </h2>
      <p className="flex items-center gap-2">
        <BetTag name={receipt.betName} /> {money(receipt.total)} · {t("round.id", { id: receipt.roundId })}
      </p>
      <p className="text-gray-700 dark:text-gray-300">{t("receipt.kept")}</p>
      <p className="break-all font-mono text-xs" data-testid="receipt-commitment">
        {receipt.commitment}
      </p>
      {receipt.beaconRound !== null ? (
        <p className="text-xs text-gray-700 dark:text-gray-300">
          {t("commitment.beaconRound", { round: receipt.beaconRound })}
        </p>
      ) : null}
      <Link
        to={`${PAGES.verify}?sessionId=${receipt.roundId}&betId=${receipt.id}`}
        className="inline-flex min-h-[44px] items-center underline"
        data-testid="receipt-verify"
      >
        {t("receipt.verify")}
      </Link>
    </section>
  );
}
