import { TitledCard } from "~/components/TitledCard";
import { useTranslation } from "~/utils/i18n-react";

/** A hash shown in a sentence: its first 12 characters (the full one is under "Check it yourself"). */
const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;

/**
 * What the day's ticket list is: sealed before the beacon round (decision 078), with when and its
 * hash, or read at the draw for a day committed before lists were sealed. For a day drawn on an
 * operator's acceptance (decision 080) a note says that its settled bets changed after the seal and
 * that the draw still took the sealed list. Times come formatted (`useFormat`).
 */
export function SealedList({
  sealed,
  acceptedAt,
}: {
  sealed: { hash: string; committedAt: string } | null;
  acceptedAt: string | null;
}) {
  const { t } = useTranslation("social");
  return (
    <>
      <p className="break-words" data-testid="tickets-sealed">
        {sealed
          ? t("yesterday.sealed", { time: sealed.committedAt, hash: shortHash(sealed.hash) })
          : t("yesterday.notSealed")}
      </p>
      {acceptedAt ? (
        <p
          className="rounded-lg bg-amber-50 p-3 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          data-testid="sealed-accepted"
        >
          {t("yesterday.acceptedSealed", { time: acceptedAt })}
        </p>
      ) : null}
    </>
  );
}

/**
 * The next draw, whose list is sealed and public before its beacon round exists. It waits for that
 * round; or, once a recount found the day's settled bets changed after the seal, it is held
 * (`heldSince`) until the operator accepts the sealed list and it is drawn from it (decision 080).
 */
export function PendingDraw({
  endedAt,
  sealedAt,
  hash,
  beaconRound,
  heldSince,
}: {
  endedAt: string;
  sealedAt: string;
  hash: string;
  beaconRound: number;
  heldSince: string | null;
}) {
  const { t } = useTranslation("social");
  return (
    <TitledCard id="pending-title" title={t("yesterday.pendingTitle")} className="space-y-1 text-sm">
      <p data-testid="pending-sealed">{t("yesterday.pending", { end: endedAt, time: sealedAt })}</p>
      <p className="break-all font-mono text-xs text-gray-700 dark:text-gray-300">{hash}</p>
      {heldSince ? (
        <p
          className="rounded-lg bg-amber-50 p-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100"
          data-testid="pending-held"
        >
          {t("yesterday.pendingHeld", { time: heldSince, round: beaconRound })}
        </p>
      ) : (
        <p className="text-gray-700 dark:text-gray-300">
          {t("yesterday.pendingRound", { round: beaconRound })}
        </p>
      )}
    </TitledCard>
  );
}
