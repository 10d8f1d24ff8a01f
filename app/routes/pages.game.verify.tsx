import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/GeneralErrorBoundary";
import { NavBar } from "~/components/NavBar";
import { DigitBall } from "~/components/game/DigitBall";
import { verifyRound } from "~/utils/game-fairness.server";
import { getRoundForVerify } from "~/utils/game.server";
import { useTranslation } from "~/utils/i18n-react";
import { i18n } from "~/utils/i18n.server";
import { pageTitle } from "~/utils/meta";
import { UpstreamError, asPageError } from "~/utils/upstream.server";

export const handle = { i18n: ["game"] };
export const meta = pageTitle("verify.title", "game");

/**
 * Verifies a round (?sessionId=): the upstream gives the committed hash and the revealed seed;
 * the digit is recomputed here with node:crypto, not taken from the upstream. Public.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const raw = new URL(request.url).searchParams.get("sessionId")?.trim() ?? "";
  if (!raw) return json({ sessionId: "", error: null, verification: null, settled: false });
  const t = await i18n.getFixedT(request, "game");
  if (!/^\d{1,16}$/.test(raw) || !Number.isSafeInteger(Number(raw)) || Number(raw) < 1) {
    return json(
      { sessionId: raw, error: t("errors.invalidRound"), verification: null, settled: false },
      { status: 400 },
    );
  }
  try {
    const round = await getRoundForVerify(request, Number(raw));
    return json({ sessionId: raw, error: null, verification: verifyRound(round), settled: round.settled });
  } catch (error) {
    if (error instanceof UpstreamError && error.failure === "refused" && error.code < 500) {
      return json(
        { sessionId: raw, error: error.message, verification: null, settled: false },
        { status: 404 },
      );
    }
    return asPageError(error);
  }
}

function Check({ ok, yes, no }: { ok: boolean | null; yes: string; no: string }) {
  if (ok === null) return null;
  return (
    <p
      className={`font-semibold ${ok ? "text-green-800 dark:text-green-300" : "text-red-700 dark:text-red-300"}`}
    >
      <span aria-hidden="true">{ok ? "✓ " : "✗ "}</span>
      {ok ? yes : no}
    </p>
  );
}

export default function Verify() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("game");
  const navigation = useNavigation();
  const v = data.verification;
  return (
    <>
      <NavBar title={t("verify.title")} backTo="/pages/game/rules" />
      <main className="mx-auto max-w-md space-y-3 p-3 pb-24">
        <Form method="get" className="card space-y-3">
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
        {v ? (
          <section className="card space-y-2 text-sm" aria-labelledby="verify-result">
            <h2 id="verify-result" className="text-base font-semibold">
              {t("round.id", { id: v.roundId })}
            </h2>
            <dl className="space-y-2">
              <div>
                <dt className="text-gray-700 dark:text-gray-300">{t("verify.seedHash")}</dt>
                <dd className="break-all font-mono">{v.seedHash}</dd>
              </div>
              <div>
                <dt className="text-gray-700 dark:text-gray-300">{t("verify.seed")}</dt>
                <dd className="break-all font-mono">{v.seed ?? t("verify.notRevealed")}</dd>
              </div>
              {v.recomputedDigit !== null ? (
                <div>
                  <dt className="text-gray-700 dark:text-gray-300">{t("verify.recomputed")}</dt>
                  <dd>
                    <DigitBall digit={v.recomputedDigit} size={36} />
                  </dd>
                </div>
              ) : null}
              {v.publishedDigit !== null ? (
                <div>
                  <dt className="text-gray-700 dark:text-gray-300">{t("verify.published")}</dt>
                  <dd>
                    <DigitBall digit={v.publishedDigit} size={36} />
                  </dd>
                </div>
              ) : null}
            </dl>
            <Check ok={v.hashMatches} yes={t("verify.hashOk")} no={t("verify.hashBad")} />
            <Check ok={v.digitMatches} yes={t("verify.digitOk")} no={t("verify.digitBad")} />
            {!data.settled ? <p>{t("verify.pending")}</p> : null}
            {v.command ? (
              <div>
                <p className="text-gray-700 dark:text-gray-300">{t("verify.command")}</p>
                <pre className="mt-1 overflow-x-auto whitespace-pre-wrap break-all rounded bg-gray-100 p-2 font-mono text-xs dark:bg-gray-800">
                  {v.command}
                </pre>
              </div>
            ) : null}
            <p className="text-xs text-gray-700 dark:text-gray-300">{t("verify.algorithm")}</p>
          </section>
        ) : null}
      </main>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
