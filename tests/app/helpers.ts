import { commitSession, sessionStorage } from "~/utils/session.server";
import type { SessionData } from "~/utils/session.server";

/** A Request carrying a session cookie with the given values. */
export async function requestWithSession(
  url: string,
  values: Partial<SessionData>,
  init: RequestInit & { headers?: Record<string, string> } = {},
): Promise<Request> {
  const session = await sessionStorage().getSession();
  for (const [k, v] of Object.entries(values)) session.set(k as keyof SessionData, v as never);
  const cookie = (await commitSession(session)).split(";")[0];
  return new Request(url, { ...init, headers: { ...(init.headers ?? {}), cookie } });
}

/** name=value pairs of every Set-Cookie header of a response. */
export function setCookies(response: Response): string[] {
  return response.headers.getSetCookie();
}

/** Reads the session a response sets (by replaying its cookie). */
export async function sessionFromResponse(response: Response) {
  const cookie = setCookies(response)
    .map((c) => c.split(";")[0])
    .join("; ");
  return sessionStorage().getSession(cookie);
}
