import type { ReactNode } from "react";
import { Disclosure } from "~/components/Disclosure";
import { useTranslation } from "~/utils/i18n-react";
import { Step } from "./Step";

export type VerdictKind = "verified" | "notVerified" | "notDrawn" | "voided";

const TONE: Record<VerdictKind, string> = {
  verified: "bg-green-50 text-green-900 dark:bg-green-950 dark:text-green-200",
  notVerified: "bg-red-50 text-red-900 dark:bg-red-950 dark:text-red-200",
  notDrawn: "bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100",
  voided: "bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100",
};
const ICON: Record<VerdictKind, string> = { verified: "✓", notVerified: "✗", notDrawn: "…", voided: "⊘" };

/**
 * The answer for a round, for a player first (both schemes): "Verified" (or not, or not drawn
 * yet, or voided) with the round, then the steps in words (`children`), "pending" while the
 * round is open (or why it never will be drawn),
 * any `footnote`, and last the collapsed "check it yourself" (`selfCheck`).
 */
export function VerdictCard({
  verdict,
  roundId,
  settled,
  children,
  footnote,
  selfCheck,
}: {
  verdict: VerdictKind;
  roundId: string;
  settled: boolean;
  children: ReactNode;
  footnote?: ReactNode;
  selfCheck: ReactNode;
}) {
  const { t } = useTranslation("game");
  return (
    <section className="card space-y-3 text-sm" aria-labelledby="verify-result">
      <div className={`flex items-center gap-3 rounded-lg p-3 ${TONE[verdict]}`} data-testid="verdict">
        <span aria-hidden="true" className="text-3xl font-bold leading-none">
          {ICON[verdict]}
        </span>
        <div>
          <h2 id="verify-result" className="text-xl font-bold">
            {t(`verify.${verdict}`)}
          </h2>
          <p>{t("round.id", { id: roundId })}</p>
        </div>
      </div>
      {children}
      {!settled ? <p>{t(verdict === "voided" ? "verify.voidedText" : "verify.pending")}</p> : null}
      {footnote}
      {selfCheck}
    </section>
  );
}

/**
 * The collapsed "check it yourself": the data (`children`, Datum rows), the one-line command
 * when there is one (under `commandLabel`), the algorithm in words (`algorithm`) and anything after it (`more`).
 */
export function SelfCheck({
  children,
  command,
  commandLabel,
  algorithm,
  more,
}: {
  children: ReactNode;
  command: string | null | undefined;
  /** What the command is, when not "the same check in one command". */
  commandLabel?: string;
  algorithm: string;
  more?: ReactNode;
}) {
  const { t } = useTranslation("game");
  return (
    <Disclosure summary={t("verify.selfCheck")} testId="self-check">
      <dl className="mt-2 space-y-2">{children}</dl>
      {command ? (
        <div className="mt-2">
          <p className="text-gray-700 dark:text-gray-300">{commandLabel ?? t("verify.command")}</p>
          <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-gray-100 p-2 font-mono text-xs dark:bg-gray-800">
            {command}
          </pre>
        </div>
      ) : null}
      <p className="mt-2 text-xs text-gray-700 dark:text-gray-300">{algorithm}</p>
      {more}
    </Disclosure>
  );
}

/** The step "the seed matches its commitment" (`what` says which commitment). */
export function SeedStep({ what, ok }: { what: string; ok: boolean | null }) {
  const { t } = useTranslation("game");
  return (
    <Step
      what={what}
      ok={ok}
      outcome={ok === null ? t("verify.notRevealed") : t(ok ? "verify.hashOk" : "verify.hashBad")}
    />
  );
}

/** The step "the seed gives the published digit", with the recomputed digit as a ball. */
export function DigitStep({
  what,
  ok,
  recomputed,
  published,
}: { what: string; ok: boolean | null; recomputed: number | null; published: number | null }) {
  const { t } = useTranslation("game");
  return (
    <Step
      what={what}
      ok={ok}
      ball={recomputed}
      outcome={
        recomputed === null
          ? null
          : ok === false
            ? t("verify.digitBadIs", { recomputed, published })
            : t("verify.digitOkIs", { digit: recomputed })
      }
    />
  );
}
