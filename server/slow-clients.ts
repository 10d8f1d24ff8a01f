// How slowly a client may send its request (decision 069): its headers within a bound, its body at
// a minimum rate. Node's own request timeout (300 s for the whole request) would both hold a
// trickling connection for minutes and cut off a 10 MB avatar upload from a phone on EDGE.
import http, { type RequestListener } from "node:http";
import { BODY_LIMITS, DEFAULT_BODY_LIMIT } from "./body-limits";

export interface SlowClientLimits {
  /** A request's headers must all be in within this long (Node then answers 408 and closes). */
  headersTimeoutMs: number;
  /** After this long, a body must have arrived at bodyBytesPerSecond on average (middleware/body-rate.ts). */
  bodyGraceMs: number;
  bodyBytesPerSecond: number;
}

/** A phone sends a request's headers (a few hundred bytes and the cookie) in a round trip or two. */
const HEADERS_TIMEOUT_MS = 20_000;
/** Radio wake-up and TCP slow start on a 2G link: no body is judged before this. */
const BODY_GRACE_MS = 10_000;
/** How often Node looks for connections past their header or request timeout. */
const CONNECTION_CHECK_MS = 1_000;

/** The limits at the operator's minimum body rate (BODY_MIN_BYTES_PER_SECOND). */
export function slowClientLimits(bodyBytesPerSecond: number): SlowClientLimits {
  return { headersTimeoutMs: HEADERS_TIMEOUT_MS, bodyGraceMs: BODY_GRACE_MS, bodyBytesPerSecond };
}

/**
 * The longest a whole request can take within the limits: the headers, then the largest body any
 * address takes at the minimum rate. Node's request timeout is set to it, as a backstop only.
 */
function longestRequestMs(limits: SlowClientLimits): number {
  const largestBody = Math.max(DEFAULT_BODY_LIMIT, ...Object.values(BODY_LIMITS));
  const atMinimumRate = Math.ceil((largestBody / limits.bodyBytesPerSecond) * 1000);
  return limits.headersTimeoutMs + Math.max(limits.bodyGraceMs, atMinimumRate);
}

/** The HTTP server for `app`, with the limits' header timeout and the backstop request timeout. */
export function httpServerFor(app: RequestListener, limits: SlowClientLimits): http.Server {
  return http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: longestRequestMs(limits),
      connectionsCheckingInterval: CONNECTION_CHECK_MS,
    },
    app,
  );
}
