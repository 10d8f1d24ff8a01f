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
