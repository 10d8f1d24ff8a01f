import { Link, isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { useTranslation } from "~/utils/i18n-react";
import { NavBar } from "./NavBar";

/**
 * The error block every route renders. It shows the server's message for an expected failure
 * (a thrown Response with {message}), a generic text otherwise: never a stack trace. A failure
 * may pass, so it offers to try again; a page that does not exist offers only the way home.
 * A request the network lost (the browser's fetch failed: Chrome "Failed to fetch", Safari "Load
 * failed", Firefox "NetworkError…") says so; the page loads again when the connection returns
 * (utils/connection.ts, in the root's page and its error block).
 */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation("common");
  let title = t("error.title");
  let message = t("error.generic");
  let status: number | undefined;
  if (isNetworkFailure(error)) {
    title = t("connection.lostTitle");
    message = t("connection.lost");
  } else if (isRouteErrorResponse(error)) {
    status = error.status;
    if (error.status === 404) {
      title = t("error.notFoundTitle");
      message = t("error.notFound");
    } else if (error.data && typeof error.data === "object" && typeof error.data.message === "string") {
      message = error.data.message;
    } else if (typeof error.data === "string" && error.data.length < 300) {
      message = error.data;
    }
  }
  return (
    <main className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold">{title}</h1>
      {status ? (
        <p className="text-sm text-gray-600 dark:text-gray-300">{t("error.status", { status })}</p>
      ) : null}
      <p role="alert">{t(message, { defaultValue: message })}</p>
      <div className="flex gap-3">
        {status === 404 ? null : (
          <a href={`${location.pathname}${location.search}`} className="btn-secondary">
            {t("error.retry")}
          </a>
        )}
        <Link to="/" className="btn-primary">
          {t("error.home")}
        </Link>
      </div>
    </main>
  );
}

function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /failed to fetch|load failed|networkerror|network error/i.test(error.message)
  );
}

/** A page's error under its navigation bar (bare unless given a title), whose back action leads to `backTo`. */
export function ErrorBelowNavBar({ title = "", backTo }: { title?: string; backTo?: string }) {
  return (
    <>
      <NavBar title={title} backTo={backTo} />
      <GeneralErrorBoundary />
    </>
  );
}
