import { refusalOr } from "./limit-refusal.server";

/**
 * The player's words for a refused team claim (a task's gift, a rebate), whether the upstream's
 * refusal came back as an error or as an envelope: player protection's first, then the claim's own
 * reason (`reasons`: the core's `reason` to a key of `t`), else the upstream's message.
 */
export async function teamRefusal(
  request: Request,
  refusal: { message: string; detail?: unknown },
  t: (key: string) => string,
  reasons: Record<string, string>,
): Promise<string> {
  const reason = (refusal.detail as { reason?: string } | null | undefined)?.reason;
  const own = reason && reasons[reason] ? t(reasons[reason]) : refusal.message;
  return refusalOr(request, refusal.detail, own);
}
