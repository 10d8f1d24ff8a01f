import { UpstreamError, statusOf } from "~/utils/api/errors.server";
import type { Formats } from "~/utils/format";
import { formatsFor } from "~/utils/format.server";
import { i18n } from "~/utils/i18n.server";
import type { TFunction } from "~/utils/translate";
import { KEY_REUSED_DETAIL } from "#contract/headers";
import { type LimitRefusal, limitRefusalSchema } from "#contract/limits";

/**
 * A refusal by player protection (a loss or deposit limit, a time-out, a self-exclusion) in the
 * player's words, from the refusal's detail: which limit, what is left and when it resets, or
 * until when the break lasts. `t` is the "limits" namespace. Null when `detail` is not one.
 */
export function limitRefusalText(t: TFunction, format: Formats, detail: unknown): string | null {
  const parsed = limitRefusalSchema.safeParse(detail);
  if (!parsed.success) return null;
  const r: LimitRefusal = parsed.data;
  if (r.reason === "EXCLUDED" && r.block && r.until !== undefined) {
    return t(`refusal.${r.block}`, { until: format.dateTime(r.until) });
  }
  if (r.period && r.limit !== undefined && r.left !== undefined && r.resetsAt !== undefined) {
    return t(`refusal.${r.reason}`, {
      period: t(`periodAdj.${r.period}`),
      limit: format.money(r.limit),
      left: format.money(r.left),
      resets: format.dateTime(r.resetsAt),
    });
  }
  return null;
}

/**
 * What a page says for a refusal its upstream call answered: player protection's own words when
 * the refusal is one (the same on every page: a claim, an exchange, a stake, a recharge), else
 * `fallback` (the page's own words for its own reasons, or the upstream's message).
 */
export async function refusalOr(request: Request, detail: unknown, fallback: string): Promise<string> {
  return (await protectionRefusal(request, detail)) ?? (await keyReusedRefusal(request, detail)) ?? fallback;
}

/** True when the upstream refused a form's key sent again with other values (KEY_REUSED_DETAIL). */
export function isKeyReused(detail: unknown): boolean {
  return (detail as { reason?: unknown } | null)?.reason === KEY_REUSED_DETAIL.reason;
}

/**
 * A money form sent again with its key but other values (the back button, a retry after a lost
 * answer, then another amount): the first one was done and this one was not, in the player's
 * language; null when the refusal is another.
 */
export async function keyReusedRefusal(request: Request, detail: unknown): Promise<string | null> {
  if (!isKeyReused(detail)) return null;
  return (await i18n.getFixedT(request, "common"))("error.keyReused");
}

/** Player protection's words for a refusal's detail, in the request's language; null when it is not one. */
export async function protectionRefusal(request: Request, detail: unknown): Promise<string | null> {
  if (!limitRefusalSchema.safeParse(detail).success) return null;
  const [t, format] = await Promise.all([i18n.getFixedT(request, "limits"), formatsFor(request)]);
  return limitRefusalText(t, format, detail);
}

/**
 * The player's words for a refusal of a page's own rules, whether the upstream's refusal came
 * back as an error or as an envelope: player protection's first, then the page's own words for
 * the core's `reason` (`reasons`: a reason to a key of `t`, said with `values`), else the
 * upstream's message.
 */
export async function reasonRefusal(
  request: Request,
  refusal: { message: string; detail?: unknown },
  t: TFunction,
  reasons: Record<string, string>,
  values?: Record<string, unknown>,
): Promise<string> {
  const reason = (refusal.detail as { reason?: string } | null | undefined)?.reason;
  const own = reason && reasons[reason] ? t(reasons[reason], values) : refusal.message;
  return refusalOr(request, refusal.detail, own);
}

/**
 * What a one-button claim's upstream call came to (a task's gift, rebates): its result, or the
 * refusal in the player's words (reasonRefusal) with the status to answer it with, whether the
 * upstream failed or answered a refusing envelope. Anything but an upstream failure is rethrown.
 */
export async function resultOrRefusal<T>(
  request: Request,
  call: Promise<{ code: number; message: string; result: T | null; detail: unknown }>,
  t: TFunction,
  reasons: Record<string, string>,
): Promise<{ result: T } | { refusal: string; status: number }> {
  const outcome = await call.catch((error) => {
    if (error instanceof UpstreamError) return error;
    throw error;
  });
  if (outcome instanceof UpstreamError)
    return { refusal: await reasonRefusal(request, outcome, t, reasons), status: statusOf(outcome) };
  if (outcome.code !== 200 || !outcome.result) {
    const refusal = await reasonRefusal(request, outcome, t, reasons);
    return { refusal, status: statusOf(new UpstreamError(outcome.code, outcome.message)) };
  }
  return { result: outcome.result };
}
