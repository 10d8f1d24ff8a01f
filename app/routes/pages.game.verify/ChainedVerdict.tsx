import { useTranslation } from "~/utils/i18n-react";
import { PAGES } from "~/utils/paths";
import { Step } from "./Step";
import type { verifyChainedRound } from "./game-fairness.server";

export type Chained = ReturnType<typeof verifyChainedRound> & { betId: number | null };

/** A hash, in full, breakable anywhere. */
function Hash({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <dt className="text-gray-700 dark:text-gray-300">{label}</dt>
      <dd className="break-all font-mono">{value ?? "—"}</dd>
    </div>
  );
}

/**
 * The answer for a chained round (decision 040): "Verified" only when the seed matches the
 * commitment the player kept (else the published one), its chain, a beacon signature that
 * verifies, and the published digit; each step in words, the data in "check it yourself".
 */
export function ChainedVerdict({ v, settled }: { v: Chained; settled: boolean }) {
  const { t } = useTranslation("game");
  const checks = [v.hashMatches, v.chainMatches, v.beaconMatches, v.digitMatches];
  const failed = checks.includes(false);
  const verdict = failed ? "notVerified" : settled && v.ok ? "verified" : "notDrawn";
  const tone = {
    verified: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200",
    notVerified: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200",
    notDrawn: "bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100",
  }[verdict];
  const notYet = t("verify.notRevealed");
  return (
    <section className="card space-y-3 text-sm" aria-labelledby="verify-result">
      <div className={`flex items-center gap-3 rounded-lg p-3 ${tone}`} data-testid="verdict">
        <span aria-hidden="true" className="text-3xl font-bold leading-none">
          {verdict === "verified" ? "✓" : verdict === "notVerified" ? "✗" : "…"}
        </span>
        <div>
          <h2 id="verify-result" className="text-xl font-bold">
            {t(`verify.${verdict}`)}
          </h2>
          <p>{t("round.id", { id: v.roundId })}</p>
        </div>
      </div>
      {v.keptCommitment ? (
        <p data-testid="kept-commitment">
          {t(v.commitmentChanged ? "verify.keptChanged" : "verify.keptUsed")}
        </p>
      ) : null}
      <ol className="list-decimal space-y-3 pl-5">
        <Step
          what={t(v.keptCommitment ? "verify.stepKept" : "verify.stepSeed")}
          ok={v.hashMatches}
          outcome={v.hashMatches === null ? notYet : t(v.hashMatches ? "verify.hashOk" : "verify.hashBad")}
        />
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
              : t(v.beaconMatches ? "verify.beaconOk" : "verify.beaconBad", { round: v.beacon?.round ?? "" })
          }
        />
        <Step
          what={t("verify.stepDigit2")}
          ok={v.digitMatches}
          ball={v.recomputedDigit}
          outcome={
            v.recomputedDigit === null
              ? null
              : v.digitMatches === false
                ? t("verify.digitBadIs", { recomputed: v.recomputedDigit, published: v.publishedDigit })
                : t("verify.digitOkIs", { digit: v.recomputedDigit })
          }
        />
      </ol>
      {!settled ? <p>{t("verify.pending")}</p> : null}
      {v.beacon?.sandbox ? (
        <p className="text-xs text-gray-700 dark:text-gray-300">{t("verify.sandbox")}</p>
      ) : null}
      <details
        className="rounded-lg border border-gray-200 p-3 dark:border-gray-700"
        data-testid="self-check"
      >
        <summary className="min-h-[44px] cursor-pointer py-2.5 font-semibold">
          {t("verify.selfCheck")}
        </summary>
        <dl className="mt-2 space-y-2">
          {v.keptCommitment ? <Hash label={t("verify.keptCommitment")} value={v.keptCommitment} /> : null}
          <Hash label={t("verify.seedHash")} value={v.seedHash} />
          <Hash label={t("verify.seed")} value={v.seed ?? notYet} />
          <Hash
            label={t("verify.chainTerminal", { index: v.chain?.index ?? "" })}
            value={v.chain?.terminalHash}
          />
          <Hash
            label={t("verify.beaconSignature", { round: v.beacon?.round ?? "" })}
            value={v.beacon?.signature}
          />
          <Hash label={t("verify.beaconKey")} value={v.beacon?.publicKey} />
        </dl>
        <div className="mt-2">
          <p className="text-gray-700 dark:text-gray-300">{t("verify.command")}</p>
          <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-gray-100 p-2 font-mono text-xs dark:bg-gray-800">
            {v.command}
          </pre>
        </div>
        <p className="mt-2 text-xs text-gray-700 dark:text-gray-300">{t("verify.algorithm2")}</p>
        <a className="mt-2 inline-flex min-h-[44px] items-center underline" href={PAGES.fairness}>
          {t("fairness.link")}
        </a>
      </details>
    </section>
  );
}
