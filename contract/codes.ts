/**
 * Response codes of the upstream envelope. 200 is success; 401 and 50001 end the session
 * (spec section 8). The transport codes are what the BFF client reports when no envelope
 * arrived at all (spec section 8, design section 3).
 */
export const Code = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  SERVER_ERROR: 500,
  TOKEN_EXPIRED: 50001,
  /** Transport: request timed out, or the network failed (requests). */
  TRANSPORT_TIMEOUT: 5,
  TRANSPORT_NETWORK: 5,
  /** Transport: network failure on an upload or download. */
  TRANSPORT_UPLOAD: 602001,
  /** Transport: the request was aborted by the caller. */
  TRANSPORT_ABORT: 600003,
  /** The upstream answered, but not with a readable envelope. */
  BAD_RESPONSE: 600010,
} as const;

/** Codes after which the player's session is over. */
export function endsSession(code: number): boolean {
  return code === Code.UNAUTHENTICATED || code === Code.TOKEN_EXPIRED;
}
