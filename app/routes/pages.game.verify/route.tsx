import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { Datum } from "~/components/Disclosure";
import { NavBar } from "~/components/NavBar";
import { UpstreamError, asPageError } from "~/utils/api/errors.server";
import { getBetRecord, getRoundForVerify } from "~/utils/api/game.server";
import { useTranslation } from "~/utils/i18n-react";
import { i18n } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/meta";
import { PAGES } from "~/utils/paths";
import { type Chained, ChainedVerdict } from "./ChainedVerdict";
import { LatestDraws } from "./LatestDraws";
import { DigitStep, SeedStep, SelfCheck, VerdictCard, type VerdictKind } from "./VerdictCard";
import { verifyChainedRound, verifyRound } from "./game-fairness.server";
import { latestDraws } from "./latest-draws.server";

export const handle = { i18n: ["game"] };
export const meta = pageTitle("verify.title", "game");

const HEX64 = /^[0-9a-fA-F]{64}$/;

/**
 * The commitment the player kept: their bet's (?betId=, signed in) or one they paste
 * (?commitment=), checked instead of what the database says today. Null when neither.
 */
async function keptCommitment(request: Request, params: URLSearchParams, roundId: number) {
  const pasted = params.get("commitment")?.trim() ?? "";
  if (HEX64.test(pasted)) return { commitment: pasted.toLowerCase(), betId: null };
  const betId = params.get("betId")?.trim() ?? "";
  if (!/^\d{1,16}$/.test(betId)) return null;
  const bet = await getBetRecord(request, Number(betId)).catch(() => null);
  if (!bet?.commitment || bet.gameSessionId !== roundId) return null;
  return { commitment: bet.commitment, betId: bet.id };
}

/**
 * Verifies a round (?sessionId=, optionally ?betId= or ?commitment=): the upstream gives the
 * public facts (commitment, revealed seed, chain, beacon signature); every check is recomputed
 * here, not taken from the upstream. Public; `Accept: application/json` answers this data
 * (decision 004), so anyone can verify with curl.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const raw = params.get("sessionId")?.trim() ?? "";
  const empty = {
    sessionId: raw,
    error: null,
    verification: null,
    chained: null,
    round: null,
    settled: false,
    voided: false,
    latest: null as Awaited<ReturnType<typeof latestDraws>>,
  };
  if (!raw) return json({ ...empty, latest: await latestDraws(request, params) });
  const t = await i18n.getFixedT(request, "game");
  if (!/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < 1) {
    return json({ ...empty, error: t("errors.invalidRound") }, { status: 400 });
  }
  try {
    const round = await getRoundForVerify(request, Number(raw));
    if (round.scheme === 2) {
      const kept = await keptCommitment(request, params, round.id);
      const chained = verifyChainedRound(round, kept?.commitment ?? null);
      chained.command = chained.command.replace("<site>", new URL(request.url).origin);
      return json({
        ...empty,
        round,
        settled: round.settled,
        voided: round.voided === true,
        // The same fields as a scheme-1 verification (publishedDigit, recomputedDigit, …) and more.
        verification: { ...chained, betId: kept?.betId ?? null },
      });
    }
    return json({ ...empty, round, verification: verifyRound(round), settled: round.settled });
  } catch (error) {
    if (error instanceof UpstreamError && error.failure === "refused" && error.code < 500) {
      return json({ ...empty, error: t("verify.unknownRound") }, { status: 404 });
    }
    return asPageError(error);
  }
}

export default function Verify() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const navigation = useNavigation();
  const v = data.verification;
  return (
    <>
      <NavBar title={t("verify.title")} backTo={PAGES.rules} />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <Form method="get" className="card space-y-3">
          {v ? null : <p className="text-sm text-gray-700 dark:text-gray-300">{t("verify.intro")}</p>}
          <label htmlFor="sessionId" className="block text-sm font-semibold">
            {t("verify.roundId")}
          </label>
          <input
            id="sessionId"
            name="sessionId"
            inputMode="numeric"
            pattern="[0-9]*"
            required
            defaultValue={data.sessionId}
            className="input"
            aria-invalid={data.error ? true : undefined}
            aria-describedby={data.error ? "verify-error" : undefined}
          />
          {data.error ? (
            <p
              id="verify-error"
              role="alert"
              className="text-sm font-semibold text-red-700 dark:text-red-300"
            >
              {data.error}
            </p>
          ) : null}
          <button type="submit" className="btn-primary w-full" disabled={navigation.state !== "idle"}>
            {t("verify.submit")}
          </button>
        </Form>
        {v && "chainMatches" in v ? (
          <ChainedVerdict v={v as unknown as Chained} settled={data.settled} voided={data.voided} />
        ) : null}
        {v && !("chainMatches" in v) ? <Verdict v={v} settled={data.settled} /> : null}
        {data.latest ? <LatestDraws {...data.latest} /> : null}
      </main>
    </>
  );
}

type VerificationView = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["verification"]>;

/**
 * The answer for a player first: "Verified" (or not, or not drawn yet) and the two steps in
 * words; the hashes, the seed and the one-line command stay in a collapsed "check it yourself".
 */
function Verdict({ v, settled }: { v: VerificationView; settled: boolean }) {
  const { t } = useTranslation("game");
  const verified = v.hashMatches === true && v.digitMatches === true;
  const failed = v.hashMatches === false || v.digitMatches === false;
  const verdict: VerdictKind = !settled
    ? "notDrawn"
    : verified
      ? "verified"
      : failed
        ? "notVerified"
        : "notDrawn";
  return (
    <VerdictCard
      verdict={verdict}
      roundId={v.roundId}
      settled={settled}
      selfCheck={
        <SelfCheck command={v.command} algorithm={t("verify.algorithm")}>
          <Datum label={t("verify.seedHash")} value={v.seedHash} />
          <Datum label={t("verify.seed")} value={v.seed ?? t("verify.notRevealed")} />
          {v.publishedDigit !== null ? (
            <Datum label={t("verify.published")} value={v.publishedDigit} />
          ) : null}
        </SelfCheck>
      }
    >
      <ol className="list-decimal space-y-3 pl-5">
        <SeedStep what={t("verify.stepSeed")} ok={v.hashMatches} />
        <DigitStep
          what={t("verify.stepDigit")}
          ok={v.digitMatches}
          recomputed={v.recomputedDigit}
          published={v.publishedDigit}
        />
      </ol>
    </VerdictCard>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
