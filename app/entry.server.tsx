import { Writable } from "node:stream";
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleDocumentRequestFunction,
} from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { START_SCRIPTS } from "./components/start-scripts.server";
import { I18nFallbackProvider } from "./utils/i18n-react";
import { getLocale, i18nData } from "./utils/i18n.server";
import { logger } from "./utils/logger.server";
import { NonceProvider, StartScriptProvider } from "./utils/nonce-provider";
import { keepAliveCookieFor } from "./utils/session.server";

const ABORT_DELAY = 10_000;

/**
 * Every page and every data answer is one player's (their balance, their records, a toast meant
 * once): no browser or proxy keeps it, so the back button after signing out asks the server again.
 * A route that means otherwise sets its own Cache-Control.
 */
function neverStored(headers: Headers) {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
}

/**
 * Renders the whole document, then answers it in one piece. No part of a page waits for data on
 * the server (loaders have run; lazy parts resolve at once there), so the shell is the page, and
 * one piece is gzipped in one call instead of one per small chunk React writes (decision 019:
 * a quarter of the BFF's time under load went to those calls). Translations come with the root
 * loader's data (on a page load, their address: translations-ref.ts); only when it is missing
 * (root error boundary) are they looked up here.
 */
const handleRequest: HandleDocumentRequestFunction = async (
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) => {
  const sessionCookie = await keepAliveCookieFor(request, responseHeaders);
  if (sessionCookie) responseHeaders.append("Set-Cookie", sessionCookie);
  neverStored(responseHeaders);
  const nonce = typeof loadContext?.cspNonce === "string" ? loadContext.cspNonce : "";
  const rootData = remixContext.staticHandlerContext.loaderData?.root as { i18n?: unknown } | undefined;
  const fallbackI18n = rootData?.i18n ? null : await i18nData(await getLocale(request));

  return new Promise<Response>((resolve, reject) => {
    // Cleared once the page is answered: a pending timer would keep the page's whole context
    // (its data, its tree) alive for ABORT_DELAY after it was sent.
    const timer = setTimeout(() => abort(), ABORT_DELAY);
    let shellRendered = false;
    let status = responseStatusCode;
    const { pipe, abort } = renderToPipeableStream(
      <I18nFallbackProvider value={fallbackI18n}>
        <NonceProvider value={nonce}>
          <StartScriptProvider value={START_SCRIPTS}>
            <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
          </StartScriptProvider>
        </NonceProvider>
      </I18nFallbackProvider>,
      {
        nonce,
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const page = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status }));
              done();
            },
          });
          pipe(page);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          // Errors inside the shell are reported by onShellError; log the rest once.
          if (shellRendered) logger.error({ err: String(error) }, "render error");
        },
      },
    );
  });
};

export default handleRequest;

/** Data requests (client navigations, fetchers, JSON mode) keep the sign-in alive too, never stored. */
export const handleDataRequest: HandleDataRequestFunction = async (response, { request }) => {
  const sessionCookie = await keepAliveCookieFor(request, response.headers);
  if (!sessionCookie && response.headers.has("Cache-Control")) return response;
  const headers = new Headers(response.headers);
  neverStored(headers);
  if (sessionCookie) headers.append("Set-Cookie", sessionCookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

/** Server-side errors are logged as JSON, never sent to the page. Aborted requests are noise. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error(
    {
      err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error),
      url: request.url,
    },
    "unhandled error",
  );
}
