import type { Formats } from "~/utils/format";
import type { TFunction } from "~/utils/translate";
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
