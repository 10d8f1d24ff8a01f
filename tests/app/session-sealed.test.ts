import { randomBytes } from "node:crypto";
import { createCookieSessionStorage, json } from "@remix-run/node";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { handleDataRequest } from "~/entry.server";
import { loader as accountLoader } from "~/routes/pages.account.account";
import { getEnv } from "~/utils/env.server";
import {
  SEEN_COOKIE,
  SESSION_COOKIE,
  commitSession,
  createLoggedOutSession,
  createLoginSession,
  getSession,
  keepAliveCookieFor,
  requireToken,
  sessionStorage,
} from "~/utils/session.server";
import { restoreEnvAfterEach } from "../support/env";
import { requestWithSession } from "./helpers";

const env = restoreEnvAfterEach("NODE_ENV", "SESSION_SECRET", "SESSION_IDLE_MINUTES", "SESSION_MAX_DAYS");
afterEach(() => {
  vi.useRealTimers();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const TOKEN = randomBytes(32).toString("hex");
const DEVICE = "device-4711-abcdef";

/** The `__session=value` pair of a Set-Cookie header, and its value alone. */
const pairOf = (setCookie: string) => setCookie.split(";")[0];
const cookieValue = (setCookie: string) => pairOf(setCookie).slice(`${SESSION_COOKIE}=`.length);

/** A cookie a player gets at login, with known preferences. */
async function loginCookie(): Promise<string> {
  const before = await requestWithSession("http://app.test/", {
    lang: "ko-KR",
    theme: "dark",
    deviceId: DEVICE,
  });
  return createLoginSession(before, TOKEN);
}

const withCookie = (cookie: string, url = "http://app.test/pages/account/account") =>
  new Request(url, { headers: { cookie: pairOf(cookie) } });
/** A request with the cookies of these Set-Cookie headers (the empty ones left out), as a browser sends them. */
const withCookies = (setCookies: string[], url = "http://app.test/pages/account/account") =>
  new Request(url, { headers: { cookie: setCookies.filter(Boolean).map(pairOf).join("; ") } });

/** Every way an attacker might try to read the value: raw, URI-decoded, base64 and base64url of it and its parts. */
function decodings(value: string): string[] {
  const parts = [value, ...value.split(/[.\-_~!*'()]/)].filter(Boolean);
  const out = new Set<string>();
  for (const part of parts) {
    for (const text of [part, decodeURIComponent(part)]) {
      out.add(text);
      for (const encoding of ["base64", "base64url"] as const) {
        const bytes = Buffer.from(text, encoding);
        out.add(bytes.toString("utf8"));
        out.add(bytes.toString("latin1"));
        out.add(bytes.toString("hex"));
      }
    }
  }
  return [...out];
}

/** What JSON.parse makes of a text (a bare "1" is JSON too), or undefined. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

describe("the session cookie holds nothing readable", () => {
  it("shows neither the token nor any field, however it is decoded", async () => {
    const cookie = await loginCookie();
    const value = cookieValue(cookie);
    expect(value).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const secrets = [
      TOKEN,
      "token",
      "lang",
      "ko-KR",
      "theme",
      "dark",
      "deviceId",
      DEVICE,
      "loginAt",
      "seenAt",
      "coin",
    ];
    for (const text of decodings(value)) {
      for (const secret of secrets) expect(text).not.toContain(secret);
      expect(typeof parseJson(text), text).not.toMatch(/object|string/);
      // A JSON key, as a readable payload writes one. (Not a bare `{a:` or `"a:`: random bytes
      // read as Latin-1 hold one of those in about one cookie in 200, a false alarm.)
      expect(text).not.toMatch(/[{,]\s*"\w+"\s*:/);
    }
    // Yet the server reads it back.
    const session = await getSession(withCookie(cookie));
    expect(session.get("token")).toBe(TOKEN);
    expect(session.get("lang")).toBe("ko-KR");
  });

  it("is different at every write (random IV), even for the same data", async () => {
    const session = await getSession(withCookie(await loginCookie()));
    const storage = sessionStorage();
    const a = cookieValue(await storage.commitSession(session));
    const b = cookieValue(await storage.commitSession(session));
    expect(a).not.toBe(b);
  });
});

describe("a cookie that does not open is an empty session, never an error", () => {
  async function variants(): Promise<Record<string, string>> {
    const value = cookieValue(await loginCookie());
    const body = value.slice(3);
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    process.env.SESSION_SECRET = "another-secret-entirely-0123456789abcdef";
    const otherKey = cookieValue(await loginCookie());
    process.env.SESSION_SECRET = env.SESSION_SECRET;
    // The format before this change: a Remix signed cookie (base64 JSON) with the same secret.
    const legacy = createCookieSessionStorage({
      cookie: { name: SESSION_COOKIE, secrets: [getEnv().SESSION_SECRET ?? ""] },
    });
    const old = await legacy.getSession();
    old.set("token", TOKEN);
    const oldFormat = cookieValue(await legacy.commitSession(old));
    return {
      "first byte flipped": `v1.${flip(body, 0)}`,
      "IV flipped": `v1.${flip(body, 5)}`,
      "ciphertext flipped": `v1.${flip(body, 30)}`,
      "tag flipped": `v1.${flip(body, body.length - 2)}`,
      truncated: value.slice(0, -4),
      extended: `${value}AAAA`,
      "too short": "v1.AAAA",
      "no version": body,
      "another version": `v2.${body}`,
      "sealed with another key": otherKey,
      "old signed format": oldFormat,
      "plain JSON": encodeURIComponent(JSON.stringify({ token: TOKEN })),
      "base64 JSON": Buffer.from(JSON.stringify({ token: TOKEN })).toString("base64"),
      garbage: "%%%not-a-cookie%%%",
    };
  }

  it("reads as logged out, and a protected page sends the player to login", async () => {
    for (const [name, value] of Object.entries(await variants())) {
      const request = withCookie(`${SESSION_COOKIE}=${value}`);
      expect((await getSession(request)).get("token"), name).toBeUndefined();
      const thrown = await requireToken(request).catch((e) => e);
      expect(thrown, name).toBeInstanceOf(Response);
      expect(thrown.status, name).toBe(302);
      const page = await accountLoader({
        request: withCookie(`${SESSION_COOKIE}=${value}`),
        params: {},
        context: {},
      }).catch((e) => e);
      expect(page.status, name).toBe(302);
      expect(page.headers.get("location"), name).toMatch(/^\/pages\/login\/login\?redirectTo=/);
    }
  });
});

describe("key rotation", () => {
  it("opens cookies sealed with any secret of the list, seals with the first", async () => {
    process.env.SESSION_SECRET = "old-secret-0123456789abcdef0123456789";
    const cookie = await loginCookie();
    process.env.SESSION_SECRET =
      "new-secret-0123456789abcdef0123456789,old-secret-0123456789abcdef0123456789";
    const session = await getSession(withCookie(cookie));
    expect(session.get("token")).toBe(TOKEN);
    const resealed = await sessionStorage().commitSession(session);
    process.env.SESSION_SECRET = "new-secret-0123456789abcdef0123456789";
    expect((await getSession(withCookie(resealed))).get("token")).toBe(TOKEN);
    expect((await getSession(withCookie(cookie))).get("token")).toBeUndefined();
  });
});

describe("idle and absolute timeouts (app side)", () => {
  let now = Date.UTC(2026, 0, 5, 9, 0, 0);
  beforeEach(() => {
    now = Date.UTC(2026, 0, 5, 9, 0, 0);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(now);
  });
  const at = (ms: number) => vi.setSystemTime(now + ms);

  it("defaults to 30 minutes idle: the token is dropped, the player goes to login with redirectTo", async () => {
    const cookie = await loginCookie();
    at(29 * MINUTE);
    expect(await requireToken(withCookie(cookie))).toBe(TOKEN);
    at(30 * MINUTE);
    const url = "http://app.test/pages/account/account?tab=2";
    const thrown = await requireToken(withCookie(cookie, url)).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.headers.get("location")).toBe(
      "/pages/login/login?redirectTo=%2Fpages%2Faccount%2Faccount%3Ftab%3D2",
    );
    // The redirect also rewrites the cookie: no token in it any more, the preferences kept.
    const setCookie = thrown.headers.get("set-cookie") ?? "";
    const after = await getSession(withCookie(setCookie));
    expect(after.get("token")).toBeUndefined();
    expect(after.data).toMatchObject({ lang: "ko-KR", theme: "dark", deviceId: DEVICE, coin: "CHIP" });
    at(0);
    const raw = await sessionStorage().getSession(pairOf(setCookie));
    expect(raw.get("token")).toBeUndefined();
  });

  it("slides: a request refreshes seenAt, at most once a minute (most responses set no cookie)", async () => {
    const cookie = await loginCookie();
    let seen = "";
    at(30_000);
    expect(await keepAliveCookieFor(withCookie(cookie), new Headers())).toBeNull();
    // Every 20 minutes for two hours: each request more than a minute on gets a new seen cookie;
    // the session cookie itself is never rewritten to keep the sign-in alive.
    for (let minutes = 20; minutes <= 120; minutes += 20) {
      at(minutes * MINUTE);
      const refreshed = await keepAliveCookieFor(withCookies([cookie, seen]), new Headers());
      expect(refreshed, `${minutes} min`).toMatch(/^__seen=v1\./);
      seen = refreshed ?? "";
      expect(await requireToken(withCookies([cookie, seen]))).toBe(TOKEN);
    }
    expect((await getSession(withCookie(cookie))).get("token")).toBeUndefined();
    // A response that sets the session cookie itself gets no second one.
    at(150 * MINUTE);
    const own = new Headers({ "set-cookie": `${SESSION_COOKIE}=x; Path=/` });
    expect(await keepAliveCookieFor(withCookies([cookie, seen]), own)).toBeNull();
  });

  it("a page reloading while the player acts does not undo what the action saved", async () => {
    const before = await loginCookie();
    at(5 * MINUTE);
    // The action (the result popup closed) saves to the session; a reload of the page's data,
    // sent with the cookie from before, answers after it.
    const session = await getSession(withCookie(before));
    session.set("ackSessionId", "2026112710168700");
    const saved = await commitSession(session);
    const reload = await keepAliveCookieFor(withCookie(before), new Headers());
    expect(reload).toMatch(/^__seen=v1\./);
    // The browser keeps the last cookie of each name: the action's session and the reload's clock.
    at(30 * MINUTE);
    const after = await getSession(withCookies([saved, reload ?? ""]));
    expect(after.get("ackSessionId")).toBe("2026112710168700");
    expect(after.get("token")).toBe(TOKEN);
  });

  it("a seen cookie counts only for the sign-in it was given to", async () => {
    const first = await loginCookie();
    at(6 * MINUTE);
    const second = await createLoginSession(withCookie(first), "c".repeat(64));
    at(10 * MINUTE);
    const seen = (await keepAliveCookieFor(withCookie(first), new Headers())) ?? "";
    expect(seen).toMatch(/^__seen=v1\./);
    // 36 minutes: the first sign-in was seen at 10, the second at 6 (its login), 30 minutes ago.
    at(36 * MINUTE);
    expect(await requireToken(withCookies([first, seen]))).toBe(TOKEN);
    expect((await getSession(withCookies([second, seen]))).get("token")).toBeUndefined();
    // A seen cookie that was changed is no seen cookie.
    const forged = seen.replace(/^(__seen=v1\.)(.)/, (_, head, c) => head + (c === "A" ? "B" : "A"));
    expect(forged).not.toBe(seen);
    expect((await getSession(withCookies([first, forged]))).get("token")).toBeUndefined();
  });

  it("data requests carry the refresh (entry.server handleDataRequest)", async () => {
    const cookie = await loginCookie();
    at(5 * MINUTE);
    const request = withCookie(cookie, "http://app.test/pages/account/account?_data=root");
    const response = await handleDataRequest(json({ ok: true }), { request, params: {}, context: {} });
    const refreshed = response.headers.getSetCookie().find((c) => c.startsWith(`${SEEN_COOKIE}=`));
    expect(refreshed).toBeDefined();
    expect(await response.json()).toEqual({ ok: true });
    at(34 * MINUTE);
    expect(await requireToken(withCookies([cookie, refreshed ?? ""]))).toBe(TOKEN);
    expect((await getSession(withCookie(cookie))).get("token")).toBeUndefined();
  });

  it("ends 7 days after the login however active the player is", async () => {
    const cookie = await loginCookie();
    let seen = "";
    let elapsed = 0;
    while (elapsed + 25 * MINUTE < 7 * DAY) {
      elapsed += 25 * MINUTE;
      at(elapsed);
      seen = (await keepAliveCookieFor(withCookies([cookie, seen]), new Headers())) ?? seen;
      expect((await getSession(withCookies([cookie, seen]))).get("token")).toBe(TOKEN);
    }
    at(7 * DAY);
    expect((await getSession(withCookies([cookie, seen]))).get("token")).toBeUndefined();
    const expired = await keepAliveCookieFor(withCookies([cookie, seen]), new Headers());
    expect(expired).toMatch(/^__session=v1\./);
    expect((await getSession(withCookie(expired ?? ""))).data).toMatchObject({
      lang: "ko-KR",
      deviceId: DEVICE,
    });
  });

  it("reads SESSION_IDLE_MINUTES and SESSION_MAX_DAYS", async () => {
    process.env.SESSION_IDLE_MINUTES = "5";
    process.env.SESSION_MAX_DAYS = "1";
    const cookie = await loginCookie();
    at(4 * MINUTE);
    expect((await getSession(withCookie(cookie))).get("token")).toBe(TOKEN);
    at(5 * MINUTE);
    expect((await getSession(withCookie(cookie))).get("token")).toBeUndefined();
    process.env.SESSION_IDLE_MINUTES = "0";
    expect(() => getEnv()).toThrow(/SESSION_IDLE_MINUTES/);
  });

  it("a login rotates the session and restarts both clocks; logout drops the token, keeps preferences", async () => {
    const first = await loginCookie();
    at(10 * DAY);
    const second = await createLoginSession(withCookie(first), "b".repeat(64));
    expect(cookieValue(second)).not.toBe(cookieValue(first));
    expect((await getSession(withCookie(second))).data).toMatchObject({
      token: "b".repeat(64),
      loginAt: now + 10 * DAY,
      seenAt: now + 10 * DAY,
      lang: "ko-KR",
    });
    const out = await createLoggedOutSession(withCookie(second));
    const session = await getSession(withCookie(out));
    expect(session.get("token")).toBeUndefined();
    expect(session.data).toMatchObject({ lang: "ko-KR", theme: "dark", coin: "CHIP", deviceId: DEVICE });
  });
});

describe("SESSION_SECRET in production", () => {
  const production = (secret: string) => {
    process.env.NODE_ENV = "production";
    process.env.SESSION_SECRET = secret;
    return () => getEnv();
  };

  it("refuses fewer than 32 characters, in any secret of the list, without showing it", () => {
    for (const secret of ["short-secret", "x".repeat(31), `${"n".repeat(40)},old-short-one`]) {
      const read = production(secret);
      expect(read).toThrow(/SESSION_SECRET must be at least 32 characters in production/);
      expect(read).not.toThrow(new RegExp(secret.split(",").pop() ?? ""));
    }
    expect(production("")).toThrow(/SESSION_SECRET is required when NODE_ENV=production/);
  });

  it("accepts 32 characters or more, and anything outside production", () => {
    expect(production("x".repeat(32))).not.toThrow();
    expect(production(`${"n".repeat(40)},${"o".repeat(32)}`)).not.toThrow();
    process.env.NODE_ENV = "development";
    process.env.SESSION_SECRET = "short";
    expect(() => getEnv()).not.toThrow();
  });
});
