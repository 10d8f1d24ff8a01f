import { afterEach, describe, expect, it, vi } from "vitest";
import { getEnv } from "~/utils/env.server";
import {
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

restoreEnvAfterEach("NODE_ENV", "SESSION_SECRET", "CURRENCY_SIGN");
afterEach(() => {
  vi.restoreAllMocks();
});

describe("session cookie", () => {
  it("is __session, httpOnly, SameSite=Lax, path /, not Secure outside production", async () => {
    process.env.NODE_ENV = "test";
    const cookie = await commitSession(await sessionStorage().getSession());
    expect(cookie).toMatch(/^__session=/);
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).not.toContain("Secure");
  });

  it("is Secure in production", async () => {
    process.env.NODE_ENV = "production";
    process.env.SESSION_SECRET = "a-production-secret-of-32-chars-or-more";
    const cookie = await commitSession(await sessionStorage().getSession());
    expect(cookie).toContain("Secure");
  });

  it("keeps the sign-in alive in __seen, with the same attributes: httpOnly, Lax, Secure in production", async () => {
    for (const [mode, secure] of [
      ["test", false],
      ["production", true],
    ] as const) {
      process.env.NODE_ENV = mode;
      process.env.SESSION_SECRET = "a-production-secret-of-32-chars-or-more";
      const signedIn = await createLoginSession(new Request("http://app.test/"), "t".repeat(64));
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 2 * 60_000);
      const seen = await keepAliveCookieFor(
        new Request("http://app.test/", { headers: { cookie: signedIn.split(";")[0] } }),
        new Headers(),
      );
      vi.useRealTimers();
      expect(seen, mode).toMatch(/^__seen=v1\./);
      expect(seen, mode).toContain("HttpOnly");
      expect(seen, mode).toContain("SameSite=Lax");
      expect(seen, mode).toContain("Path=/");
      expect(seen?.includes("Secure"), mode).toBe(secure);
    }
  });

  it("accepts cookies signed with any secret of the comma list (rotation)", async () => {
    process.env.SESSION_SECRET = "old-secret";
    const request = await requestWithSession("http://app.test/", { token: "t1" });
    process.env.SESSION_SECRET = "new-secret,old-secret";
    expect(await requireToken(request)).toBe("t1");
  });

  it("ignores a tampered cookie", async () => {
    const request = await requestWithSession("http://app.test/", { token: "t1" });
    const forged = new Request("http://app.test/", {
      headers: { cookie: `${request.headers.get("cookie")?.slice(0, -3)}abc` },
    });
    await expect(requireToken(forged)).rejects.toBeInstanceOf(Response);
  });
});

describe("requireToken", () => {
  it("redirects a visitor to the login page with redirectTo", async () => {
    const thrown = await requireToken(
      new Request("http://app.test/pages/account/account?x=1&_data=routes%2Fa"),
    ).catch((e) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get("location")).toBe(
      "/pages/login/login?redirectTo=%2Fpages%2Faccount%2Faccount%3Fx%3D1",
    );
  });
});

describe("login rotation", () => {
  it("writes a fresh session keeping only preferences and the device id", async () => {
    const request = await requestWithSession("http://app.test/", {
      lang: "de-DE",
      theme: "dark",
      deviceId: "dev-7",
      ackSessionId: "old-identity-state",
    });
    const cookie = await createLoginSession(request, "new-token");
    const session = await sessionStorage().getSession(cookie.split(";")[0]);
    expect(session.get("token")).toBe("new-token");
    expect(session.get("lang")).toBe("de-DE");
    expect(session.get("theme")).toBe("dark");
    expect(session.get("deviceId")).toBe("dev-7");
    expect(session.get("coin")).toBe("CHIP");
    expect(session.get("ackSessionId")).toBeUndefined();
    expect(cookie.split(";")[0]).not.toBe(request.headers.get("cookie"));
  });

  it("logout drops the token", async () => {
    const request = await requestWithSession("http://app.test/", { token: "t", lang: "ko-KR" });
    const cookie = await createLoggedOutSession(request);
    const session = await sessionStorage().getSession(cookie.split(";")[0]);
    expect(session.get("token")).toBeUndefined();
    expect(session.get("lang")).toBe("ko-KR");
  });
});

describe("reading the cookie", () => {
  it("opens a cookie once for every request that carries it (Remix copies the Request per loader)", async () => {
    const first = await requestWithSession("http://app.test/", { token: "t1", lang: "fr-FR" });
    const other = await requestWithSession("http://app.test/", { token: "t2", lang: "ko-KR" });
    const cookie = first.headers.get("cookie") ?? "";
    const open = vi.spyOn(sessionStorage(), "getSession");
    const copies = [1, 2, 3].map((n) => new Request(`http://app.test/page/${n}`, { headers: { cookie } }));
    const sessions = await Promise.all(copies.map(getSession));
    expect(sessions.map((s) => s.get("lang"))).toEqual(["fr-FR", "fr-FR", "fr-FR"]);
    expect(open).toHaveBeenCalledTimes(1);
    // Each caller still has its own session: a change to one is not seen by the next.
    sessions[0].set("lang", "de-DE");
    expect((await getSession(copies[1])).get("lang")).toBe("fr-FR");
    expect((await getSession(other)).get("lang")).toBe("ko-KR");
    expect(open).toHaveBeenCalledTimes(2);
  });
});

describe("the configuration", () => {
  it("is parsed once in production; elsewhere again when a variable changes", () => {
    process.env.NODE_ENV = "production";
    process.env.SESSION_SECRET = "a-production-secret-of-32-chars-or-more";
    process.env.CURRENCY_SIGN = "₹";
    expect(getEnv().CURRENCY_SIGN).toBe("₹");
    process.env.CURRENCY_SIGN = "$";
    expect(getEnv().CURRENCY_SIGN).toBe("₹");
    process.env.NODE_ENV = "test";
    expect(getEnv().CURRENCY_SIGN).toBe("$");
    process.env.CURRENCY_SIGN = "€";
    expect(getEnv().CURRENCY_SIGN).toBe("€");
  });
});
