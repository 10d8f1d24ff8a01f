import type { AppSession } from "./session.server";

/** Seconds until "Send code" may be pressed again (stored in the session as `smsUntil`). */
export function smsRemaining(session: AppSession): number {
  const until = session.get("smsUntil");
  return until ? Math.max(0, Math.ceil((until - Date.now()) / 1000)) : 0;
}
