/** Header names of the wire contract (spec section 7, design section 3). */
export const Header = {
  authorization: "authorization",
  accessToken: "access-token",
  language: "accept-language",
  /** "1" when the body (or query) is scrambled and the answer should be too; "0" otherwise. */
  encrypt: "encrypt",
  requestId: "x-request-id",
  /** Optional; a retried mutation with the same key takes effect once. */
  idempotencyKey: "idempotency-key",
  /** Device identifier of the player's browser, for tracking and sign-in limits (trusted devices, decision 063). */
  deviceId: "x-device-id",
  /** The player's address as the BFF saw it, for per-IP rate limits in the core. */
  forwardedFor: "x-forwarded-for",
} as const;

/** Language sent when the session has none (spec section 9). */
export const DEFAULT_REQUEST_LANGUAGE = "ja-JP";

/**
 * The result of a 409 when an idempotency key comes again with other values (another amount, say):
 * the first request was done, this one was not; the client says so in the player's words.
 */
export const KEY_REUSED_DETAIL = { reason: "KEY_REUSED" } as const;
