import {
  type Cookie,
  type Session,
  createCookieSessionStorage,
  createSession,
  redirect,
} from "@remix-run/node";
import { type Coin, coinSchema } from "#contract/money";
import { setNewest } from "./bounded-map";
import { type Env, getEnv, sessionSecrets } from "./env.server";
import { type Lang, fallbackLanguage, isLang } from "./i18n";
import { LOGIN_PATH } from "./paths";
import { safeRedirectTo } from "./safe-redirect";
import { createSealedCookie } from "./sealed-cookie.server";

export { LOGIN_PATH };

/**
 * The player's session lives in one httpOnly cookie, sealed with AES-256-GCM (sealed-cookie.server.ts):
 * the browser holds it but cannot read it. It holds the upstream token, which never appears in any
 * response body, plus the preferences the original app kept in local storage.
 */
const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];
export const isTheme = (value: unknown): value is Theme => THEMES.includes(value as Theme);
export interface SessionData {
  token?: string;
  /** Epoch ms of the sign-in: the token is dropped SESSION_MAX_DAYS later. */
  loginAt?: number;
  /** Epoch ms of the last request seen (to the minute): the token is dropped after SESSION_IDLE_MINUTES. */
  seenAt?: number;
  lang?: Lang;
  theme?: Theme;
  coin?: Coin;
  deviceId?: string;
  /** Id of the last game session whose result popup the player acknowledged. */
  ackSessionId?: string;
  /** Core-clock ms when the player last chose "continue" at a reality check (player protection). */
  realityAckAt?: number;
  /** Epoch ms before which "Send code" stays disabled (server-side countdown without JS). */
  smsUntil?: number;
}
export type AppSession = Session<SessionData>;

export const SESSION_COOKIE = "__session";
/**
 * The sliding idle timeout's clock, apart from the session: `{loginAt, seenAt}`, sealed like it.
 * A request that only keeps the sign-in alive sets this cookie, never the session's: a page's
 * data reloading while the player acts (a popup closed, the language changed) would otherwise
 * answer with the session as it was before, and the browser, taking the last cookie it got, would
 * undo what the action saved. It counts only for the sign-in whose loginAt it names.
 */
export const SEEN_COOKIE = "__seen";
/** seenAt is rewritten (a new cookie) at most this often: most responses set no cookie. */
const SEEN_REFRESH_MS = 60_000;

interface SeenData {
  loginAt?: number;
  seenAt?: number;
}

let cached: { key: string; storage: ReturnType<typeof build>; seen: Cookie } | undefined;

function cookieOptions(secrets: string[], secure: boolean) {
  // A year: the preferences outlive a login; the token inside has its own timeouts.
  return { httpOnly: true, secure, sameSite: "lax" as const, path: "/", secrets, maxAge: 60 * 60 * 24 * 365 };
}

function build(secrets: string[], secure: boolean) {
  return createCookieSessionStorage<SessionData>({
    cookie: createSealedCookie(SESSION_COOKIE, cookieOptions(secrets, secure)),
  });
}

function cookies() {
  const env = getEnv();
  const secrets = sessionSecrets(env);
  const secure = env.NODE_ENV === "production";
  const key = `${secure}|${secrets.join(",")}`;
  if (!cached || cached.key !== key) {
    const options = cookieOptions(secrets, secure);
    cached = { key, storage: build(secrets, secure), seen: createSealedCookie(SEEN_COOKIE, options) };
  }
  return cached;
}

export function sessionStorage() {
  return cookies().storage;
}

/** Where a signed-in session stands now: no token, in use, due for a new seenAt, or over. */
type SessionState = "anonymous" | "live" | "stale" | "expired";

function sessionState(data: SessionData, now: number, env: Env = getEnv()): SessionState {
  if (!data.token) return "anonymous";
  const { loginAt, seenAt } = data;
  // A token without its times was not written by this code: it is not trusted to be fresh.
  if (typeof loginAt !== "number" || typeof seenAt !== "number") return "expired";
  if (now - seenAt >= env.SESSION_IDLE_MINUTES * 60_000) return "expired";
  if (now - loginAt >= env.SESSION_MAX_DAYS * 24 * 60 * 60_000) return "expired";
  return now - seenAt >= SEEN_REFRESH_MS ? "stale" : "live";
}

/** What a session keeps without a sign-in: the device's preferences. */
function preferencesOf(data: SessionData): SessionData {
  const session = createSession(data) as AppSession;
  return {
    lang: langOf(session),
    theme: themeOf(session),
    coin: coinOf(session),
    deviceId: session.get("deviceId") || newDeviceId(),
  };
}

/**
 * A cookie is opened and parsed once: a page's loaders (each gets its own copy of the Request
 * from Remix), its upstream calls and entry.server all read the session, and a player sends the
 * same cookie for a minute at a time (seenAt moves at most once a minute). So the parsed data is
 * kept by the cookie's value, which alone decides it (with the secrets: the storage), for the
 * last REMEMBERED_COOKIES values. Each caller still gets its own Session object, as before.
 */
const REMEMBERED_COOKIES = 1_000;
const parsed = new Map<string, { storage: object; data: Promise<SessionData> }>();

/**
 * The session data as the cookies hold it, timeouts not applied: the session's, its seenAt the
 * later of its own and the seen cookie's when that one names the same sign-in.
 */
function cookieData(request: Request): Promise<SessionData> {
  const { storage, seen } = cookies();
  const header = request.headers.get("Cookie") ?? "";
  const entry = parsed.get(header);
  if (entry?.storage === storage) return entry.data;
  const data = Promise.all([
    storage.getSession(header || null).then((session) => session.data as SessionData),
    seen.parse(header || null).then((value: SeenData | null) => value),
  ]).then(([session, clock]) => {
    const later =
      session.token &&
      typeof session.loginAt === "number" &&
      typeof session.seenAt === "number" &&
      clock?.loginAt === session.loginAt &&
      typeof clock.seenAt === "number" &&
      clock.seenAt > session.seenAt;
    return later ? { ...session, seenAt: clock.seenAt } : session;
  });
  setNewest(parsed, header, { storage, data }, REMEMBERED_COOKIES);
  return data;
}

/** The request's session; a sign-in past its idle or absolute timeout is already gone from it. */
export async function getSession(request: Request): Promise<AppSession> {
  const data = await cookieData(request);
  const fresh = sessionState(data, Date.now()) !== "expired";
  return createSession(fresh ? { ...data } : preferencesOf(data)) as AppSession;
}

/** Every commit is a request seen: a signed-in session's seenAt moves to now. */
export function commitSession(session: AppSession) {
  if (session.get("token")) session.set("seenAt", Date.now());
  return sessionStorage().commitSession(session);
}

export function destroySession(session: AppSession) {
  return sessionStorage().destroySession(session);
}

/**
 * The Set-Cookie header a response needs for the session's timeouts, or null (most responses):
 * a new seenAt (in the seen cookie, SEEN_COOKIE) when the one the cookies hold is a minute old,
 * or the logged-out session once the sign-in has expired (the token leaves the cookie too).
 * entry.server.tsx calls it for every page and data request, unless the response already sets
 * the session cookie.
 */
async function sessionKeepAliveCookie(request: Request): Promise<string | null> {
  const data = await cookieData(request);
  const now = Date.now();
  const state = sessionState(data, now);
  if (state === "stale")
    return cookies().seen.serialize({ loginAt: data.loginAt, seenAt: now } satisfies SeenData);
  if (state === "expired") return commitSession(createSession(preferencesOf(data)) as AppSession);
  return null;
}

/** sessionKeepAliveCookie for a response with these headers, unless they set the session cookie. */
export async function keepAliveCookieFor(request: Request, headers: Headers): Promise<string | null> {
  if (headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))) return null;
  return sessionKeepAliveCookie(request);
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

async function getToken(request: Request): Promise<string | undefined> {
  return (await getSession(request)).get("token") || undefined;
}

/**
 * The token, or a redirect to the login page that comes back here afterwards. An expired sign-in
 * leaves the cookie with the same redirect (its token is dropped there and then).
 */
export async function requireToken(request: Request): Promise<string> {
  const token = await getToken(request);
  if (token) return token;
  const cookie = await sessionKeepAliveCookie(request);
  throw redirect(loginUrlFor(request), cookie ? { headers: { "set-cookie": cookie } } : undefined);
}

/**
 * The login page that brings the player back to where the request was going (a form posted after
 * the sign-in ended opens again after signing in, without being done), whoever ended the sign-in:
 * the app's session or the upstream's token.
 */
export function loginUrlFor(request: Request): string {
  const redirectTo = safeRedirectTo(request);
  if (new URL(redirectTo, "http://app.invalid").pathname === LOGIN_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirectTo })}`;
}

/**
 * The device id a sign-in sends the core and its new session keeps: the cookie's, or a new one
 * when the cookie has none yet (createLoginSession then keeps that one).
 */
export async function signInDeviceId(request: Request): Promise<string> {
  return (await getSession(request)).get("deviceId") || newDeviceId();
}

/**
 * Login rotates the session: a brand-new session (new cookie value) carries over only the
 * preferences and the device id, never anything tied to a previous identity. The idle and
 * absolute timeouts start now. `deviceId` (signInDeviceId) is the one the core was sent; the
 * device id survives logout and expiry (preferencesOf), so the core keeps trusting this device.
 */
export async function createLoginSession(
  request: Request,
  token: string,
  deviceId?: string,
): Promise<string> {
  const old = await getSession(request);
  const fresh = createSession(preferencesOf(old.data as SessionData)) as AppSession;
  if (deviceId) fresh.set("deviceId", deviceId);
  const now = Date.now();
  fresh.set("token", token);
  fresh.set("loginAt", now);
  fresh.set("seenAt", now);
  return commitSession(fresh);
}

/** Logout keeps the device's preferences (language, theme, coin, device id) and drops the rest. */
export async function createLoggedOutSession(request: Request): Promise<string> {
  const old = await getSession(request);
  return commitSession(createSession(preferencesOf(old.data as SessionData)) as AppSession);
}
