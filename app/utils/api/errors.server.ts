import { json } from "@remix-run/node";

/**
 * The one error type of upstream calls (thrown by client.server.ts) and the one mapping from it
 * to our HTTP status. Pages and forms import these; only app/utils/api calls the upstream.
 */
export class UpstreamError extends Error {
  override name = "UpstreamError";
  constructor(
    /** Envelope code, or a transport code (5 timeout/network, 602001 upload, 600003 abort). */
    readonly code: number,
    message: string,
    /** HTTP status of the upstream answer, when there was one. */
    readonly status?: number,
    /** What went wrong: the field to branch on (the code cannot: 5 is a timeout and a network error). */
    readonly failure: UpstreamFailure = "refused",
    /** A refusal's `result` (why, with its amounts: a limit, a balance), for the player's own words. */
    readonly detail: unknown = null,
  ) {
    super(message);
  }
}

/**
 * Why an upstream call failed:
 * - "refused": the upstream answered with a readable envelope whose code is not 200;
 * - "unreachable": no connection could be made, so nothing was sent;
 * - "no-reply": the request was (or may have been) sent, then the connection died without an answer;
 * - "timeout": no answer within the deadline;
 * - "aborted": the page request that made the call went away;
 * - "bad-answer": an answer came but could not be read (HTTP 5xx page, garbage, off-contract).
 */
type UpstreamFailure = "refused" | "unreachable" | "no-reply" | "timeout" | "aborted" | "bad-answer";

/**
 * True when the upstream may have carried out the call although no answer says so: a call that
 * changes something (a bet) has an unknown outcome, never a refusal (design section 6).
 */
export function outcomeUnknown(error: UpstreamError): boolean {
  return error.failure === "no-reply" || error.failure === "timeout" || error.failure === "bad-answer";
}

/**
 * The one mapping from an upstream failure to the HTTP status of our answer, for pages, forms
 * and the bet alike: a timeout is 504 wherever it happens. A refusal keeps its 4xx code (a 5xx
 * code is the upstream's fault: 502; its own business codes: 400); nothing sent is 503; a lost or
 * unreadable answer is 502.
 */
export function statusOf(error: UpstreamError): number {
  switch (error.failure) {
    case "timeout":
      return 504;
    case "unreachable":
    case "aborted":
      return 503;
    case "no-reply":
    case "bad-answer":
      return 502;
    case "refused":
      if (error.code >= 400 && error.code < 500) return error.code;
      return error.code >= 500 && error.code < 600 ? 502 : 400;
  }
}

/**
 * For loaders: turns an UpstreamError into a thrown JSON Response, so the error boundary shows
 * the server's message (Remix hides the text of thrown Errors in production).
 */
export function asPageError(error: unknown): never {
  if (error instanceof UpstreamError) {
    throw json({ message: error.message, code: error.code }, { status: statusOf(error) });
  }
  throw error;
}
