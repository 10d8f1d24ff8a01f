import { type LoaderFunctionArgs, json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { NavBar } from "~/components/NavBar";
import { UpstreamError, asPageError } from "~/utils/api/errors.server";
import { sandboxLaunch } from "~/utils/api/lobby.server";
import { useTranslation } from "~/utils/i18n-react";
import { pageTitle } from "~/utils/meta";
import { useFormat } from "~/utils/use-format";

export const handle = { i18n: ["common", "social"] };
export const meta = pageTitle("sandboxGame.title", "social");

const FIELDS = ["gameId", "player", "exp", "nonce", "sig"] as const;

/**
 * The sandbox game provider's page: a real provider serves its own site; the sandbox's is served
 * by the app (the browser cannot reach the core), and the core checks the launch URL's signature
 * and expiry, as a provider would. No sign-in: the signed URL is the credential.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const query = Object.fromEntries(FIELDS.map((f) => [f, params.get(f) ?? ""]));
  const headers = { "cache-control": "no-store", "referrer-policy": "no-referrer" };
  try {
    return json({ launch: await sandboxLaunch(request, query), refused: null }, { headers });
  } catch (error) {
    if (error instanceof UpstreamError && error.failure === "refused" && error.code < 500)
      return json({ launch: null, refused: error.message }, { status: 403, headers });
    return asPageError(error);
  }
}

export default function SandboxGame() {
  const { t } = useTranslation("social");
  const fmt = useFormat();
  const { launch, refused } = useLoaderData<typeof loader>();
  return (
    <>
      <NavBar title={t("sandboxGame.title")} backTo="/" />
      <main className="mx-auto max-w-md space-y-4 p-4">
        {launch ? (
          <section
            className="space-y-3 rounded-2xl bg-gradient-to-br from-teal-500 to-cyan-600 p-5 text-white shadow-md"
            data-testid="sandbox-game"
          >
            <p className="text-sm text-white/90">{t("sandboxGame.provider")}</p>
            <h2 className="text-2xl font-extrabold">{launch.gameName}</h2>
            <p className="font-semibold">✓ {t("sandboxGame.verified", { player: launch.player })}</p>
            <p className="text-sm text-white/90">
              {t("sandboxGame.expires", { time: fmt.dateTime(launch.expiresAt) })}
            </p>
            <p className="text-sm">{t("sandboxGame.body")}</p>
          </section>
        ) : (
          <section className="card space-y-2" role="alert" data-testid="sandbox-refused">
            <h2 className="text-lg font-semibold">{t("sandboxGame.refused")}</h2>
            <p className="text-sm">{refused}</p>
          </section>
        )}
        <Link to="/" className="btn-secondary w-full">
          {t("sandboxGame.back")}
        </Link>
      </main>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/GeneralErrorBoundary";
