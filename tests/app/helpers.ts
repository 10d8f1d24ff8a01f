import { sessionStorage } from "~/utils/session.server";
import type { SessionData } from "~/utils/session.server";
import { getToast } from "~/utils/toast.server";

/**
 * A Request carrying a session cookie with the given values. A token comes with a sign-in that
 * happened now (loginAt, seenAt), as createLoginSession writes it, unless the values say otherwise.
 */
export async function requestWithSession(
  url: string,
  values: Partial<SessionData>,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Request> {
  const session = await sessionStorage().getSession();
  const signedIn = values.token ? { loginAt: Date.now(), seenAt: Date.now() } : {};
  for (const [k, v] of Object.entries({ ...signedIn, ...values })) {
    session.set(k as keyof SessionData, v as never);
  }
  // Not commitSession: that would move seenAt to now, and tests set it to the past on purpose.
  const cookie = (await sessionStorage().commitSession(session)).split(";")[0];
  return new Request(url, { ...init, headers: { ...(init.headers ?? {}), cookie } });
}

/** name=value pairs of every Set-Cookie header of a response. */
export function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

/** The Cookie header a browser sends back after `response` (its Set-Cookie name=value pairs). */
function replayedCookie(response: Response): string {
  return setCookies(response)
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Reads the session a response sets (by replaying its cookie). */
export async function sessionFromResponse(response: Response) {
  return sessionStorage().getSession(replayedCookie(response));
}

/** The toast a response flashes (by replaying its cookie). */
export async function toastOf(response: Response) {
  const request = new Request("http://app.test/", { headers: { cookie: replayedCookie(response) } });
  return (await getToast(request)).toast;
}
