import { useTranslation } from "~/utils/i18n-react";
import { useFormat } from "~/utils/use-format";

/** A log entry's body (canonical JSON, core/src/game/fairness-log.ts), as far as the page reads it. */
interface Body {
  at?: number;
  kind?: string;
  roundId?: number;
  chainId?: number;
  coin?: string;
  level?: number;
  lane?: number;
  length?: number;
  commitment?: string;
  terminalHash?: string;
  beaconSource?: string;
  beaconRound?: number;
  bettingClosesAt?: number;
  /** A hand-over entry's new signing key. */
  publicKey?: string;
  /** A retired chain's rounds given (kind retire). */
  used?: number;
  /** A voided round's refunded bets (kind void). */
  refundedBets?: number;
}

function parse(body: string): Body {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === "object" ? (value as Body) : {};
  } catch {
    return {};
  }
}

/**
 * One signed entry of the public log, in words: which round's commitment or which chain's end was
 * published (or which new key signs the entries after it, which chain ended early, which round
 * was voided and its stakes refunded), when, and with what; the signed body and its signature, exactly as archived, fold
 * away below (what an archiver or a verifier copies).
 */
export function LogEntry({ seq, body, signature }: { seq: number; body: string; signature: string }) {
  const { t } = useTranslation("game");
  const { dateTime } = useFormat();
  const e = parse(body);
  const coin = e.coin ? t(`common:coin.${e.coin}`) : "";
  // A chain's place (chain and retire entries) and a round's (round and void entries).
  const chain = { id: e.chainId, coin, level: e.level, lane: (e.lane ?? 0) + 1 };
  const round = { round: e.roundId, coin, level: e.level };
  const title =
    e.kind === "round"
      ? t("fairness.entryRound", round)
      : e.kind === "chain"
        ? t("fairness.entryChain", { ...chain, length: e.length })
        : e.kind === "key"
          ? t("fairness.entryKey")
          : e.kind === "retire"
            ? t("fairness.entryRetire", { ...chain, used: e.used })
            : e.kind === "void"
              ? t("fairness.entryVoid", { ...round, count: e.refundedBets })
              : t("fairness.unknownEntry");
  const hash =
    e.kind === "round" || e.kind === "void"
      ? e.commitment
      : e.kind === "chain"
        ? e.terminalHash
        : e.kind === "key"
          ? e.publicKey
          : undefined;
  const hashLabel =
    e.kind === "round" || e.kind === "void"
      ? t("commitment.label")
      : e.kind === "chain"
        ? t("fairness.chainEnd")
        : t("fairness.newKey");
  return (
    <li className="space-y-1 py-2" data-testid="log-entry">
      <p className="font-semibold">{title}</p>
      <p className="text-xs text-gray-700 dark:text-gray-300">
        {t("fairness.entryMeta", { seq, at: e.at ? dateTime(e.at) : "" })}
      </p>
      {hash ? (
        <p className="break-all font-mono text-xs">
          <span className="font-sans text-gray-700 dark:text-gray-300">{hashLabel}: </span>
          {hash}
        </p>
      ) : null}
      {e.kind === "round" ? (
        <p className="text-xs">
          {t("commitment.beaconRound", { round: e.beaconRound })} ({e.beaconSource}) ·{" "}
          {t("fairness.closes", { at: e.bettingClosesAt ? dateTime(e.bettingClosesAt) : "" })}
        </p>
      ) : null}
      <details className="text-xs">
        <summary className="min-h-[44px] cursor-pointer py-2.5">{t("fairness.raw")}</summary>
        <p className="break-all rounded bg-gray-100 p-2 font-mono dark:bg-gray-800">{body}</p>
        <p className="mt-1 break-all font-mono text-[10px] text-gray-700 dark:text-gray-300">
          {t("common:labelled", { label: t("fairness.signature") })} {signature}
        </p>
      </details>
    </li>
  );
}
