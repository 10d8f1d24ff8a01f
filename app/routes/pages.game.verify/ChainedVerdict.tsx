import { Datum } from "~/components/Disclosure";
import { useTranslation } from "~/utils/i18n-react";
import { PAGES, VERIFIER_PATH } from "~/utils/paths";
import { useFormat } from "~/utils/use-format";
import { Step } from "./Step";
import { DigitStep, SeedStep, SelfCheck, VerdictCard, type VerdictKind } from "./VerdictCard";
import type { verifyChainedRound } from "./game-fairness.server";

export type Chained = ReturnType<typeof verifyChainedRound> & { betId: number | null };

/**
 * The answer for a chained round (decision 040): "Verified" only when the seed matches the
 * commitment the player kept (else the published one), its chain, a beacon signature that
 * verifies, and the published digit; each step in words, the data in "check it yourself". A
 * voided round (no key could draw it, decision 058) says so: never drawn, every stake refunded.
 */
export function ChainedVerdict({ v, settled, voided }: { v: Chained; settled: boolean; voided: boolean }) {
  const { t } = useTranslation("game");
  const { dateTime } = useFormat();
  const checks = [v.hashMatches, v.chainMatches, v.beaconMatches, v.digitMatches];
  const failed = checks.includes(false);
  const verdict: VerdictKind = failed
    ? "notVerified"
    : settled && v.ok
      ? "verified"
      : voided
        ? "voided"
        : "notDrawn";
  const notYet = t("verify.notRevealed");
  return (
    <VerdictCard
      verdict={verdict}
      roundId={v.roundId}
      settled={settled}
      footnote={
        v.beacon?.sandbox ? (
          <p className="text-xs text-gray-700 dark:text-gray-300">{t("verify.sandbox")}</p>
        ) : null
      }
      selfCheck={
        <SelfCheck
          commandLabel={t("verify.nodeCommand")}
          command={v.nodeCommand}
          algorithm={t("verify.algorithm2")}
          more={
            <>
              <p className="mt-2 text-xs text-gray-700 dark:text-gray-300">{t("verify.scriptCommand")}</p>
              <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-gray-100 p-2 font-mono text-xs dark:bg-gray-800">
                {v.command}
              </pre>
              <a
                className="mt-1 inline-flex min-h-[44px] items-center underline"
                href={VERIFIER_PATH}
                download
              >
                {t("verify.scriptDownload")}
              </a>
              <a className="mt-2 inline-flex min-h-[44px] items-center underline" href={PAGES.fairness}>
                {t("fairness.link")}
              </a>
            </>
          }
        >
          {v.keptCommitment ? <Datum label={t("verify.keptCommitment")} value={v.keptCommitment} /> : null}
          <Datum label={t("verify.seedHash")} value={v.seedHash} />
          <Datum label={t("verify.seed")} value={v.seed ?? notYet} />
          <Datum
            label={t("verify.chainTerminal", { count: v.chain?.index ?? 0 })}
            value={v.chain?.terminalHash}
          />
          {v.betEndTime ? <Datum label={t("verify.betEnd")} value={dateTime(v.betEndTime)} /> : null}
          {v.beacon ? (
            <Datum
              label={t("verify.beaconRound")}
              value={`${v.beacon.round} · ${dateTime(v.beacon.time)}`}
              testId="beacon-round"
            />
          ) : null}
          <Datum
            label={t("verify.beaconSignature", { round: v.beacon?.round ?? "" })}
            value={v.beacon?.signature}
          />
          <Datum label={t("verify.randomness")} value={v.beacon?.randomness} testId="beacon-randomness" />
          <Datum label={t("verify.beaconKey")} value={v.beacon?.publicKey} />
        </SelfCheck>
      }
    >
      {v.keptCommitment ? (
        <p data-testid="kept-commitment">
          {t(v.commitmentChanged ? "verify.keptChanged" : "verify.keptUsed")}
        </p>
      ) : null}
      {/* A voided round has no draw to check: the card says why, and the data stays below. */}
      {verdict === "voided" ? null : (
        <ol className="list-decimal space-y-3 pl-5">
          <SeedStep what={t(v.keptCommitment ? "verify.stepKept" : "verify.stepSeed")} ok={v.hashMatches} />
          <Step
            what={t("verify.stepChain")}
            ok={v.chainMatches}
            outcome={
              v.chainMatches === null ? notYet : t(v.chainMatches ? "verify.chainOk" : "verify.chainBad")
            }
          />
          <Step
            what={t("verify.stepBeacon")}
            ok={v.beaconMatches}
            outcome={
              v.beaconMatches === null
                ? t("verify.beaconWaiting", { round: v.beacon?.round ?? "" })
                : t(v.beaconMatches ? "verify.beaconOk" : "verify.beaconBad", {
                    round: v.beacon?.round ?? "",
                  })
            }
          />
          <DigitStep
            what={t("verify.stepDigit2")}
            ok={v.digitMatches}
            recomputed={v.recomputedDigit}
            published={v.publishedDigit}
          />
        </ol>
      )}
    </VerdictCard>
  );
}
