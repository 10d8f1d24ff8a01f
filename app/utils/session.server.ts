import { type Session, createCookieSessionStorage, createSession, redirect } from "@remix-run/node";
import { type Coin, coinSchema } from "../../contract/money";
import { getEnv, sessionSecrets } from "./env.server";
import { type Lang, fallbackLanguage, isLang } from "./i18n";
import { LOGIN_PATH } from "./paths";
import { safeRedirectTo } from "./safe-redirect";

export { LOGIN_PATH };

/**
 * The player's session lives in one signed, httpOnly cookie. It holds the upstream token, which
 * never appears in any response body, plus the preferences the original app kept in local storage.
 */
export type Theme = "light" | "dark";
export interface SessionData {
  token?: string;
  lang?: Lang;
  theme?: Theme;
  coin?: Coin;
  deviceId?: string;
  /** Id of the last game session whose result popup the player acknowledged. */
  ackSessionId?: string;
  /** Epoch ms before which "Send code" stays disabled (server-side countdown without JS). */
  smsUntil?: number;
}
export type AppSession = Session<SessionData>;

export const SESSION_COOKIE = "__session";

let cached: { key: string; storage: ReturnType<typeof build> } | undefined;

function build(secrets: string[], secure: boolean) {
  return createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE,
      httpOnly: true,
      secure,
      sameSite: "lax",
      path: "/",
      secrets,
      // A year: the preferences outlive a login; the token is checked by the upstream anyway.
      maxAge: 60 * 60 * 24 * 365,
    },
  });
}

export function sessionStorage() {
  const env = getEnv();
  const secrets = sessionSecrets(env);
  const secure = env.NODE_ENV === "production";
  const key = `${secure}|${secrets.join(",")}`;
  if (!cached || cached.key !== key) cached = { key, storage: build(secrets, secure) };
  return cached.storage;
}

/**
 * The cookie of a request is verified and parsed once: a page's loader and each of its upstream
 * calls read the session, so the parsed data is kept per Request (a WeakMap: it goes with the
 * request). Each caller still gets its own Session object, as before.
 */
const parsed = new WeakMap<Request, { storage: object; data: Promise<Record<string, unknown>> }>();

export async function getSession(request: Request): Promise<AppSession> {
  const storage = sessionStorage();
  let entry = parsed.get(request);
  if (!entry || entry.storage !== storage) {
    entry = {
      storage,
      data: storage.getSession(request.headers.get("Cookie")).then((session) => session.data),
    };
    parsed.set(request, entry);
  }
  return createSession({ ...(await entry.data) }) as AppSession;
}

export function commitSession(session: AppSession) {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession) {
  return sessionStorage().destroySession(session);
}

export function newDeviceId(): string {
  return crypto.randomUUID();
}

/** Preference readers with the spec's defaults (section 9). */
export function langOf(session: AppSession): Lang {
  const lang = session.get("lang");
  return isLang(lang) ? lang : fallbackLanguage;
}
export function themeOf(session: AppSession): Theme {
  return session.get("theme") === "dark" ? "dark" : "light";
}
export function coinOf(session: AppSession): Coin {
  const parsed = coinSchema.safeParse(session.get("coin"));
  return parsed.success ? parsed.data : "CHIP";
}

export async function getToken(request: Request): Promise<string | undefined> {
  return (await getSession(request)).get("token") || undefined;
}

/** The token, or a redirect to the login page that comes back here afterwards. */
export async function requireToken(request: Request): Promise<string> {
  const token = await getToken(request);
  if (token) return token;
  const params = new URLSearchParams({ redirectTo: safeRedirectTo(request) });
  throw redirect(`${LOGIN_PATH}?${params}`);
}

/**
 * Login rotates the session: a brand-new session (new cookie value) carries over only the
 * preferences and the device id, never anything tied to a previous identity.
 */
export async function createLoginSession(request: Request, token: string): Promise<string> {
  const old = await getSession(request);
  const fresh = await sessionStorage().getSession();
  fresh.set("token", token);
  fresh.set("lang", langOf(old));
  fresh.set("theme", themeOf(old));
  fresh.set("coin", coinOf(old));
  fresh.set("deviceId", old.get("deviceId") || newDeviceId());
  return commitSession(fresh);
}

/** Logout keeps language, theme and device id (they are device preferences) and drops the rest. */
export async function createLoggedOutSession(request: Request): Promise<string> {
  const old = await getSession(request);
  const fresh = await sessionStorage().getSession();
  fresh.set("lang", langOf(old));
  fresh.set("theme", themeOf(old));
  fresh.set("deviceId", old.get("deviceId") || newDeviceId());
  return commitSession(fresh);
}
