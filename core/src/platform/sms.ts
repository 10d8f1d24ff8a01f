import type { SmsPurpose } from "#contract/auth";

/**
 * The SMS channel as the platform sees it: what a text is, what sends one (Deps.sms) and the
 * HTTP gateway's settings (read by config.ts). The providers and the codes are the auth domain's
 * (auth/sms.ts, auth/sms-http.ts).
 */

/** One text to one phone. `code` is set when the text carries a verification code. */
export interface SmsMessage {
  /** Unique per message and the same on every retry (a gateway dedupes by it). */
  id: string;
  areaCode: string;
  phone: string;
  purpose: SmsPurpose;
  text: string;
  code?: string;
  /** The request that asked for it, for the log lines of its delivery only (never sent on). */
  reqId?: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/**
 * The production gateway (auth/sms-http.ts): one POST per message, configured by environment
 * (docs/operations.md).
 */
export interface HttpSmsConfig {
  url: string;
  /** Header that carries the secret, e.g. "authorization" or "x-api-key"; with authValue. */
  authHeader: string;
  authValue?: string;
  /** "json": the body template as JSON; "form": the same fields form-encoded (flat template). */
  format: "json" | "form";
  /** The body: a JSON object whose strings may hold {{to}} {{areaCode}} {{phone}} {{text}} {{code}} {{id}} {{purpose}}. */
  body: Record<string, unknown>;
  timeoutMs: number;
  /** Attempts after the first one. */
  retries: number;
}
