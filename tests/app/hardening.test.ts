import { beforeAll, describe, expect, it } from "vitest";
import { sessionStorage } from "~/utils/session.server";
import { AVATAR_MAX_BYTES, BODY_LIMITS } from "../../server/body-limits";
import { DEMO_PLAYER, Jar, ROOT } from "../support/app-server";
import { describeBuilt, useBuiltApp } from "../support/built-app";
import { LOCALE_ESCAPES, getAsWritten, rssOf, sendBody } from "./raw-http";

/**
 * Issue 6, points 4, 5, 6 and 13 (CSRF scheme, static misses), as an attacker sends them: the
 * real product (`node build/server/index.js` as `npm start` runs it, development mode, embedded core).
 */

const ACCOUNT = "/pages/account/account";
const FORM = "application/x-www-form-urlencoded";

/** Redirect targets that must never leave the site (a browser drops tabs and newlines). */
const ATTACKS = [
  "/%09/evil.example.com",
  "/\t/evil.example.com",
  "/%0a/x",
  "/\n/x",
  "/%0d%0aSet-Cookie:%20a=b",
  "//evil.example.com",
  "/\\evil.example.com",
  "/%5cevil.example.com",
  "/%2f%2fevil.example.com",
  "%2f%2fevil.example.com",
  "/%2509/evil.example.com",
  "https://evil.example.com",
  "javascript:alert(1)",
];

/** Nothing a player can reach shows a stack or a path of the machine. */
function expectNoStack(text: string) {
  expect(text).not.toContain(ROOT);
  expect(text).not.toContain("/work/");
  expect(text).not.toMatch(/"stack"/);
  expect(text).not.toMatch(/\bat [^\n]*:\d+:\d+/);
}

describeBuilt("hardening of the built server (development mode, as npm start runs it)", () => {
  const { app, jar: player } = useBuiltApp();
  const base = () => app().base;

  async function post(
    path: string,
    body: BodyInit,
    headers: Record<string, string>,
    jar: Jar | null = player,
  ): Promise<{ status: number; location: string | null; text: string }> {
    const res = await fetch(`${base()}${path}`, {
      method: "POST",
      headers: { ...headers, ...(jar ? { cookie: jar.header() } : {}) },
      body,
      redirect: "manual",
    });
    jar?.store(res);
    return { status: res.status, location: res.headers.get("location"), text: await res.text() };
  }

  /** The Location stays on this site: a path, resolving to our own origin. */
  function expectOnSite(location: string | null, expected: string) {
    expect(location).toBe(expected);
    expect(new URL(location ?? "", base()).origin).toBe(new URL(base()).origin);
  }

  beforeAll(async () => {
    const login = await post("/pages/login/login", new URLSearchParams(DEMO_PLAYER), {
      "content-type": FORM,
      accept: "application/json",
    });
    expect(login.status, login.text).toBe(200);
  });

  describe("open redirect (point 4)", () => {
    it("the login page keeps every attack spelling on the site, signed in or not", async () => {
      for (const attack of ATTACKS) {
        const query = `redirectTo=${encodeURIComponent(attack)}`;
        const signedIn = await fetch(`${base()}/pages/login/login?${query}`, {
          headers: { cookie: player.header() },
          redirect: "manual",
        });
        expect(signedIn.status, attack).toBe(302);
        expectOnSite(signedIn.headers.get("location"), "/");
        const anonymous = await fetch(`${base()}/pages/login/login?${query}`, {
          headers: { accept: "application/json" },
        });
        expect(anonymous.status, attack).toBe(200);
        expect(((await anonymous.json()) as { redirectTo: string }).redirectTo).toBe("/");
        const page = await fetch(`${base()}/pages/login/login?${query}`);
        expect(page.status, attack).toBe(200);
        expect(await page.text()).toContain('name="redirectTo" value="/"');
      }
    });

    it("a successful login does not follow an attack either", async () => {
      for (const attack of ["/%09/evil.example.com", "/%0a/x", "/\\evil.example.com", "//evil.example.com"]) {
        const login = await post(
          "/pages/login/login",
          new URLSearchParams({ ...DEMO_PLAYER, redirectTo: attack }),
          { "content-type": FORM },
          new Jar(),
        );
        expect(login.status, `${attack}: ${login.text.slice(0, 200)}`).toBe(302);
        expectOnSite(login.location, "/");
      }
      const followed = await post(
        "/pages/login/login",
        new URLSearchParams({ ...DEMO_PLAYER, redirectTo: "/pages/team/team?x=1" }),
        { "content-type": FORM },
        new Jar(),
      );
      expectOnSite(followed.location, "/pages/team/team?x=1");
    });

    it("the theme and language forms do not follow an attack, signed in or not", async () => {
      for (const jar of [player, null]) {
        for (const attack of ATTACKS) {
          for (const [path, field] of [
            ["/resources/theme", { theme: "dark" }],
            ["/resources/lang", { lang: "en-US" }],
          ] as const) {
            const res = await post(
              path,
              new URLSearchParams({ ...field, redirectTo: attack }),
              { "content-type": FORM },
              jar,
            );
            expect(res.status, `${path} ${attack}`).toBe(302);
            expectOnSite(res.location, ACCOUNT);
          }
        }
      }
      const followed = await post(
        "/resources/theme",
        new URLSearchParams({ theme: "light", redirectTo: "/pages/team/team" }),
        { "content-type": FORM },
      );
      expectOnSite(followed.location, "/pages/team/team");
    });
  });

  describe("bodies the app does not take (point 6)", () => {
    const ROUTES = [
      "/pages/login/login",
      "/pages/loginPassword/loginPassword",
      "/pages/paymentPassword/paymentPassword",
      "/pages/myProfile/myProfile",
      "/pages/game/game?level=1",
      "/resources/theme",
      "/resources/lang",
      // Every form that came after the issue: the same shared reader must refuse them alike.
      "/pages/bankCard/bankCard",
      "/pages/blogger/blogger",
      "/pages/bloggerDetails/bloggerDetails?id=1",
      "/pages/exchange/exchange",
      "/pages/pledge/pledge",
      "/pages/recharge/recharge",
      "/pages/responsiblePlay/responsiblePlay",
      "/pages/team/team",
      "/pages/team/claimBonus/claimBonus",
      "/pages/withdrawal/withdrawal",
    ];
    const part = '--zz\r\nContent-Disposition: form-data; name="theme"\r\n\r\ndark\r\n--zz--\r\n';
    const BODIES: Array<{ name: string; type?: string; body: string; status: number; message: RegExp }> = [
      {
        name: "JSON",
        type: "application/json",
        body: '{"theme":"dark"}',
        status: 415,
        message: /Unsupported content type application\/json/,
      },
      {
        name: "broken JSON",
        type: "application/json",
        body: '{"a":',
        status: 415,
        message: /application\/json/,
      },
      { name: "no content type", body: "theme=dark", status: 415, message: /The body has no content type/ },
      { name: "text", type: "text/plain", body: "theme=dark", status: 415, message: /text\/plain/ },
      {
        name: "broken multipart",
        type: "multipart/form-data; boundary=zz",
        body: '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
        status: 400,
        message: /The form could not be read/,
      },
      {
        name: "multipart without a boundary",
        type: "multipart/form-data",
        body: part,
        status: 400,
        message: /no boundary/,
      },
    ];

    for (const accept of ["text/html", "application/json"]) {
      it(`answers 400 or 415 with a message and no stack on every route (${accept})`, async () => {
        for (const route of ROUTES) {
          for (const bad of BODIES) {
            const headers: Record<string, string> = { accept };
            if (bad.type) headers["content-type"] = bad.type;
            // Bytes, not a string: fetch would add text/plain to a string body.
            const res = await post(route, new TextEncoder().encode(bad.body), headers);
            const label = `${route} ${bad.name} (${accept})`;
            expect(res.status, `${label}: ${res.text.slice(0, 300)}`).toBe(bad.status);
            expect(res.text, label).toMatch(bad.message);
            expectNoStack(res.text);
            if (accept === "application/json") {
              expect(JSON.parse(res.text)).toMatchObject({ ok: false, message: expect.any(String) });
            }
          }
        }
      });
    }

    it("still takes ordinary forms, urlencoded and multipart", async () => {
      const urlencoded = await post("/resources/theme", new URLSearchParams({ theme: "dark" }), {
        "content-type": FORM,
        accept: "application/json",
      });
      expect(JSON.parse(urlencoded.text)).toEqual({ ok: true, theme: "dark" });
      const multipart = new FormData();
      multipart.set("theme", "light");
      const res = await post("/resources/theme", multipart, { accept: "application/json" });
      expect(JSON.parse(res.text)).toEqual({ ok: true, theme: "light" });
    });

    it("an unexpected error in development mode carries no stack either", async () => {
      // A POST to a page without an action: Remix's own error, with a stack in its development mode.
      for (const accept of ["application/json", "text/html"]) {
        const res = await post("/pages/notice/notice", new URLSearchParams({ a: "1" }), {
          "content-type": FORM,
          accept,
        });
        expect(res.status).toBe(405);
        expectNoStack(res.text);
      }
      const data = await post("/pages/notice/notice?_data=routes%2Fpages.notice.notice", "a=1", {
        "content-type": FORM,
      });
      expect(data.status).toBe(405);
      expectNoStack(data.text);
    });
  });

  describe("body limits (point 5)", () => {
    const OVERSIZE = 200 * 1024 * 1024;
    const ROUTES = [
      "/resources/theme",
      "/pages/login/login",
      "/pages/game/game?level=1",
      "/pages/myProfile/myProfile",
    ];

    it("refuses oversize bodies fast, announced or chunked, without the memory growing", async () => {
      const pid = app().child.pid ?? 0;
      const before = await rssOf(pid);
      const started = Date.now();
      const answers = await Promise.all(
        ROUTES.flatMap((route) =>
          [true, false].map((announce) =>
            sendBody(`${base()}${route}`, {
              headers: { "content-type": FORM, cookie: player.header() },
              prefix: "theme=",
              size: OVERSIZE,
              announce,
            }),
          ),
        ),
      );
      const elapsed = Date.now() - started;
      for (const answer of answers) {
        expect(answer.status).toBe(413);
        expect(answer.text).toMatch(/^Request body too large: this address takes at most \d+ KB$/);
        expect(answer.headers.connection).toBe("close");
        expectNoStack(answer.text);
      }
      // 8 × 200 MB offered: each was refused after a few megabytes at most.
      expect(answers.reduce((sum, a) => sum + a.sent, 0)).toBeLessThan(8 * 40 * 1024 * 1024);
      expect(elapsed).toBeLessThan(10_000);
      const after = await rssOf(pid);
      if (before !== null && after !== null) {
        console.info(`server RSS before ${before >> 20} MB, after ${after >> 20} MB, ${elapsed} ms`);
        expect(after - before).toBeLessThan(64 * 1024 * 1024);
      }
      // Still serving, and the connection of an ordinary request is kept alive.
      const ok = await fetch(`${base()}/healthz`);
      expect(ok.status).toBe(200);
    });

    it("takes an avatar upload up to its image limit, and no more", async () => {
      const upload = (bytes: number, announce: boolean) =>
        sendBody(`${base()}/pages/myProfile/myProfile`, {
          headers: {
            "content-type": "multipart/form-data; boundary=zz",
            accept: "application/json",
            cookie: player.header(),
          },
          prefix:
            '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n' +
            "Content-Type: text/plain\r\n\r\n",
          size: bytes,
          suffix: "\r\n--zz--\r\n",
          announce,
        });
      for (const announce of [true, false]) {
        // Within the image limit the route reads it all and answers about the file itself.
        const near = await upload(AVATAR_MAX_BYTES - 64 * 1024, announce);
        expect(near.status, near.text).toBe(400);
        expect(JSON.parse(near.text).message).toBe("Please choose a JPEG, PNG, WebP or GIF image");
        // A little over it: the page's own message, in the player's language.
        const over = await upload(AVATAR_MAX_BYTES + 1024 * 1024, announce);
        expect(over.status).toBe(413);
        expect(JSON.parse(over.text).message).toBe("The image is too large");
        // Over the route's body limit: announced, refused by the server before the route reads it.
        const huge = await upload(BODY_LIMITS["/pages/myprofile/myprofile"], announce);
        expect(huge.status).toBe(413);
        if (announce) expect(JSON.parse(huge.text).message).toMatch(/^Request body too large/);
      }
    });
  });

  describe("nothing of a player's is stored by a browser or a proxy", () => {
    const cacheControlOf = async (path: string, headers: Record<string, string> = {}) =>
      (await fetch(`${base()}${path}`, { headers: { cookie: player.header(), ...headers } })).headers.get(
        "cache-control",
      );

    it("every page, signed in or not, and every data answer says no-store", async () => {
      expect(await cacheControlOf("/pages/account/account")).toBe("no-store");
      expect(await cacheControlOf("/pages/withdrawal/withdrawalRecords/withdrawalRecords")).toBe("no-store");
      expect(await cacheControlOf("/pages/account/account?_data=root")).toBe("no-store");
      expect(await cacheControlOf("/pages/account/account", { accept: "application/json" })).toBe("no-store");
      const signedOut = await fetch(`${base()}/pages/login/login`);
      expect(signedOut.status).toBe(200);
      expect(signedOut.headers.get("cache-control")).toBe("no-store");
    });

    it("a route's own Referrer-Policy replaces the server's, not beside it", async () => {
      const home = await (await fetch(`${base()}/`, { headers: { cookie: player.header() } })).text();
      const launch = home.match(/\/games\/launch\?gameId=\d+/g)?.[0];
      expect(launch).toBeTruthy();
      const res = await fetch(`${base()}${launch}`, {
        headers: { cookie: player.header() },
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const page = await fetch(`${base()}/pages/account/account`, { headers: { cookie: player.header() } });
      expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    });

    it("a public page's answer that keeps a session alive is kept by no cache; its JSON varies by Accept", async () => {
      // The player's session, last seen two minutes ago: the next answer renews its cookie. The
      // test process seals with the built app's secret (tests/setup-env.ts, app-server.ts).
      const storage = sessionStorage();
      const session = await storage.getSession(player.header());
      session.set("seenAt", Date.now() - 2 * 60_000);
      const stale = (await storage.commitSession(session)).split(";")[0];
      for (const page of ["/pages/game/rules", "/pages/game/fairness"]) {
        for (const [how, path, headers] of [
          ["JSON mode", page, { accept: "application/json" }],
          [
            "the router's data request",
            `${page}?_data=${encodeURIComponent(`routes/${page.slice(1).replaceAll("/", ".")}`)}`,
            {},
          ],
        ] as const) {
          const res = await fetch(`${base()}${path}`, { headers: { ...headers, cookie: stale } });
          expect(res.status, `${page} ${how}`).toBe(200);
          // The sign-in's clock, apart from the session (decision 016).
          expect(res.headers.getSetCookie().join(), `${page} ${how}`).toMatch(/^__seen=/);
          expect(res.headers.get("cache-control"), `${page} ${how}`).toBe("private, no-store");
        }
        // Without a cookie to renew it stays public (the same for everyone), but only for JSON.
        const json = await fetch(`${base()}${page}`, { headers: { accept: "application/json" } });
        expect(json.headers.getSetCookie()).toEqual([]);
        expect(json.headers.get("cache-control")).toMatch(/^public/);
        expect(json.headers.get("vary")?.split(/,\s*/)).toContain("Accept");
      }
    });

    it("the app's own scripts keep their year-long cache", async () => {
      const page = await (await fetch(`${base()}/pages/login/login`)).text();
      const script = page.match(/\/build\/[^"]+\.js/)?.[0];
      expect(script).toBeTruthy();
      expect(await cacheControlOf(script ?? "")).toMatch(/max-age=31536000/);
    });
  });

  describe("static files (point 13)", () => {
    const get = (path: string) => getAsWritten(base(), path);

    it.each([
      "/locales/nope.json",
      "/locales/en-US/nope.json",
      ...LOCALE_ESCAPES,
      "/build/nope.js",
      "/build/../server/app.ts",
      "/nope.png",
      "/%2e%2e/package.json",
      "/..%2fpackage.json",
      "/%",
      "/pages/%E0%A4%A",
    ])("%s answers 404 or 400, never 500 nor the file", async (path) => {
      const res = await get(path);
      expect([400, 404]).toContain(res.status);
      expect(res.text).not.toContain('"name": "colour-lottery"');
      expectNoStack(res.text);
    });
  });
});
