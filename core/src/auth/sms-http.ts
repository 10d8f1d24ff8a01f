import type { Logger } from "pino";
import type { HttpSmsConfig, SmsMessage, SmsSender } from "../platform/sms";

/**
 * The production SMS provider: one POST per message to the operator's HTTP gateway, configured by
 * environment (core/src/platform/config.ts, docs/operations.md). Each attempt has a timeout; network
 * failures, timeouts, 408, 429 and 5xx are retried a bounded number of times with a growing pause;
 * other 4xx answers are final (the gateway refused the message: retrying cannot help). Every
 * attempt carries the message's id (Idempotency-Key header, and {{id}} for the body), so that a
 * gateway that dedupes never sends a retried message twice. Codes and bodies are never logged.
 */
/** Pause before retry n (0-based): 250 ms, 500 ms, 1 s, 2 s, then 2 s. */
export function retryPauseMs(attempt: number): number {
  return Math.min(2000, 250 * 2 ** attempt);
}

const PLACEHOLDERS = ["to", "areaCode", "phone", "text", "code", "id", "purpose"] as const;

/** Fills the placeholders in every string of the template (JSON escaping is the serialiser's job). */
function renderBody(template: unknown, values: Record<(typeof PLACEHOLDERS)[number], string>): unknown {
  if (typeof template === "string") {
    return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      name in values ? values[name as keyof typeof values] : whole,
    );
  }
  if (Array.isArray(template)) return template.map((item) => renderBody(item, values));
  if (template && typeof template === "object") {
    return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, renderBody(v, values)]));
  }
  return template;
}

export class SmsDeliveryError extends Error {
  override name = "SmsDeliveryError";
}

export function httpSmsSender(
  config: HttpSmsConfig,
  log: Logger,
  pause: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): SmsSender {
  return {
    async send(message: SmsMessage) {
      const values = {
        to: `+${message.areaCode}${message.phone}`,
        areaCode: message.areaCode,
        phone: message.phone,
        text: message.text,
        code: message.code ?? "",
        id: message.id,
        purpose: message.purpose,
      };
      const fields = renderBody(config.body, values) as Record<string, unknown>;
      const body =
        config.format === "json"
          ? JSON.stringify(fields)
          : new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
      const headers: Record<string, string> = {
        "content-type": config.format === "json" ? "application/json" : "application/x-www-form-urlencoded",
        "idempotency-key": message.id,
      };
      if (config.authValue) headers[config.authHeader] = config.authValue;

      let problem = "";
      for (let attempt = 0; attempt <= config.retries; attempt++) {
        if (attempt > 0) await pause(retryPauseMs(attempt - 1));
        try {
          const res = await fetch(config.url, {
            method: "POST",
            headers,
            body,
            signal: AbortSignal.timeout(config.timeoutMs),
          });
          await res.arrayBuffer().catch(() => undefined); // free the socket; the body may echo the code
          if (res.ok) return;
          problem = `HTTP ${res.status}`;
          const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
          if (!retryable) break;
        } catch (error) {
          problem =
            (error as Error).name === "TimeoutError"
              ? `no answer in ${config.timeoutMs} ms`
              : "network error";
        }
        log.warn(
          { sms: true, reqId: message.reqId, id: message.id, attempt: attempt + 1, problem },
          "SMS gateway attempt failed",
        );
      }
      throw new SmsDeliveryError(`The SMS gateway did not take message ${message.id}: ${problem}`);
    },
  };
}
