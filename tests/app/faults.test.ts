import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PAGES } from "~/utils/paths";
import { DEMO_PLAYER, Jar } from "../support/app-server";
import { describeBuilt, useBuiltApp } from "../support/built-app";

/**
 * Upstream faults against the real, built app: `node build/server/index.js` with UPSTREAM_URL pointing at a
 * small fault server started here. Every fault must end in a clear page or message (never a
 * stack trace, never a crash); 401 and 50001 end the session.
 */

const LOGIN = PAGES.login;
const ACCOUNT = "/pages/account/account";
const TIMEOUT_MS = 1000;

type Mode = "ok" | "hang" | "reset" | "http500" | "garbage" | "code401" | "code50001";

// ------------------------------------------------------------------------------------------------
// The fault server: a stand-in upstream under /core whose behaviour the test switches.

function envelope(res: ServerResponse, code: number, message: string, result: unknown) {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify({ code, message, result, timestamp: Date.now() }));
}

function okAnswer(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? "/", "http://x");
  switch (url.pathname) {
    case "/core/app/config/getSysCfgValue": {
      const key = url.searchParams.get("sysCfgKeyEnum");
      return envelope(res, 200, "success", key === "COUNTRY_CODE" ? "91,1" : "0");
    }
    case "/core/app/auth/login":
      return envelope(res, 200, "success", {
        token: "fault-test-token",
        userId: 1,
        expiresAt: Date.now() + 3_600_000,
      });
    case "/core/app/auth/logout":
    case "/core/app/track/pageView":
      return envelope(res, 200, "success", null);
    default:
      return envelope(res, 404, "Not found", null);
  }
}

async function startFaultServer() {
  let mode: Mode = "ok";
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      switch (mode) {
        case "ok":
          return okAnswer(req, res);
        case "hang":
          return; // Never answers: the app's UPSTREAM_TIMEOUT_MS must end the wait.
        case "reset":
          return req.socket.destroy(); // Took the request, then the connection died.
        case "http500":
          res.writeHead(500, { "content-type": "text/html" });
          return res.end("<html><body><h1>500 Internal Server Error</h1></body></html>");
        case "garbage":
          res.writeHead(200, { "content-type": "application/json" });
          return res.end("{not json at all \u0000\u0001 <<<");
        case "code401":
          return envelope(res, 401, "Fault: session expired (401)", null);
        case "code50001":
          return envelope(res, 50001, "Fault: token expired (50001)", null);
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}/core`,
    setMode(next: Mode) {
      mode = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

// ------------------------------------------------------------------------------------------------
// The app under test.

/** A stack trace in a body: "    at fn (/path/file.js:12:3)". */
const STACK = /\bat\s+[^\n]*\.(?:js|mjs|cjs|ts):\d+/;

describeBuilt("upstream faults against the built server", () => {
  let fault: Awaited<ReturnType<typeof startFaultServer>>;
  beforeAll(async () => {
    fault = await startFaultServer();
  });
  afterAll(async () => {
    await fault?.close();
  });
  const { app } = useBuiltApp({
    // Debug: the upstream calls' own lines are logged too (the request id test reads them).
    env: () => ({ UPSTREAM_URL: fault.base, UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), LOG_LEVEL: "debug" }),
  });

  async function request(
    jar: Jar,
    path: string,
    init: { form?: Record<string, string>; json?: boolean } = {},
  ): Promise<{ status: number; body: string; location: string | null }> {
    const res = await fetch(`${app().base}${path}`, {
      method: init.form ? "POST" : "GET",
      headers: {
        accept: init.json ? "application/json" : "text/html",
        cookie: jar.header(),
        ...(init.form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    jar.store(res);
    return { status: res.status, body: await res.text(), location: res.headers.get("location") };
  }

  /** A signed-in cookie jar, made while the upstream behaves. */
  async function signedIn(): Promise<Jar> {
    fault.setMode("ok");
    const jar = new Jar();
    const res = await request(jar, LOGIN, {
      form: { intent: "login", ...DEMO_PLAYER },
      json: true,
    });
    expect(res.status, res.body).toBe(200);
    return jar;
  }

  function expectClear(res: { status: number; body: string }, message: string, label: string) {
    expect(res.status, label).toBeLessThan(600);
    expect(res.status, label).toBeGreaterThanOrEqual(400);
    expect(res.body, `${label}: the message is shown`).toContain(message);
    expect(res.body, `${label}: no stack trace`).not.toMatch(STACK);
  }

  async function expectAlive() {
    const health = await fetch(`${app().base}/healthz`, { signal: AbortSignal.timeout(5000) });
    expect(health.status).toBe(200);
    expect(app().child.exitCode, app().log.join("").slice(-2000)).toBeNull();
  }

  const transportFaults: Array<{ mode: Mode; message: string; german: string }> = [
    {
      mode: "hang",
      message: "The server did not answer in time. Please try again.",
      german: "Der Server hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.",
    },
    {
      mode: "reset",
      message: "The server did not answer. Please try again.",
      german: "Der Server hat nicht geantwortet. Bitte versuchen Sie es erneut.",
    },
    {
      mode: "http500",
      message: "The server is unavailable (HTTP 500). Please try again later.",
      german: "Der Server ist nicht verfügbar (HTTP 500). Bitte versuchen Sie es später erneut.",
    },
    {
      mode: "garbage",
      message: "The server sent an answer that could not be read. Please try again later.",
      german: "Die Antwort des Servers konnte nicht gelesen werden. Bitte versuchen Sie es später erneut.",
    },
  ];

  for (const { mode, message } of transportFaults) {
    it(`${mode}: the login form and a signed-in page show "${message}" and the app lives on`, async () => {
      const jar = await signedIn();
      fault.setMode(mode);

      const started = Date.now();
      const form = await request(new Jar(), LOGIN, {
        form: { intent: "login", ...DEMO_PLAYER },
      });
      expectClear(form, message, `${mode} login POST`);
      expect(form.body).toContain("<form");
      if (mode === "hang") expect(Date.now() - started).toBeLessThan(10 * TIMEOUT_MS);

      const json = await request(new Jar(), LOGIN, {
        form: DEMO_PLAYER,
        json: true,
      });
      expectClear(json, message, `${mode} login POST (JSON)`);
      expect(JSON.parse(json.body)).toMatchObject({ ok: false, message });

      const page = await request(jar, ACCOUNT);
      expectClear(page, message, `${mode} account GET`);
      // A failure of the upstream does not sign the player out.
      fault.setMode("ok");
      const again = await request(jar, ACCOUNT, { json: true });
      expect(again.status).not.toBe(401);

      await expectAlive();
    }, 30_000);
  }

  for (const { mode, message, german: said } of transportFaults) {
    it(`${mode}: a German session is told "${said}", page and form alike`, async () => {
      const jar = await signedIn();
      const german = await request(jar, "/resources/lang", { form: { lang: "de-DE" }, json: true });
      expect(german.status).toBe(200);
      fault.setMode(mode);

      const page = await request(jar, ACCOUNT);
      expectClear(page, said, `${mode} account GET`);
      expect(page.body).not.toContain(message);
      const json = await request(jar, ACCOUNT, { json: true });
      expect(JSON.parse(json.body)).toMatchObject({ message: said });

      const form = await request(jar, LOGIN, { form: DEMO_PLAYER, json: true });
      expect(JSON.parse(form.body)).toMatchObject({ ok: false, message: said });
      fault.setMode("ok");
    }, 30_000);
  }

  it("logs a lost upstream answer with the request's id, so it can be found beside the request", async () => {
    const jar = await signedIn();
    fault.setMode("reset");
    const res = await fetch(`${app().base}${ACCOUNT}`, {
      headers: { cookie: jar.header(), "x-request-id": "fault-reset-0001" },
      signal: AbortSignal.timeout(20_000),
    });
    expect(res.status).toBe(502);
    fault.setMode("ok");
    // The app's log reaches this process through a pipe: read it until the line is in (or 5 s).
    const logged = (what: (line: string) => boolean) => app().log.join("").split("\n").filter(what);
    await expect
      .poll(
        () =>
          logged((l) => l.includes('"upstream network error"')).some((l) =>
            l.includes('"reqId":"fault-reset-0001"'),
          ),
        { timeout: 5_000 },
      )
      .toBe(true);
    // An answered call's debug line carries it too (this fake answers the account's calls with
    // its "Not found" envelope: answered, all the same).
    await fetch(`${app().base}${ACCOUNT}`, {
      headers: { cookie: jar.header(), "x-request-id": "fault-ok-0002" },
      signal: AbortSignal.timeout(20_000),
    });
    await expect
      .poll(
        () => logged((l) => l.includes('"msg":"upstream"') && l.includes('"reqId":"fault-ok-0002"')).length,
        { timeout: 5_000, message: "the account page's upstream calls" },
      )
      .toBeGreaterThan(0);
  }, 30_000);

  const sessionEnders: Array<{ mode: Mode; message: string }> = [
    { mode: "code401", message: "Fault: session expired (401)" },
    { mode: "code50001", message: "Fault: token expired (50001)" },
  ];

  for (const { mode, message } of sessionEnders) {
    it(`${mode}: a signed-in page ends the session and the login page says why`, async () => {
      const stakeJar = await signedIn();
      const jar = await signedIn();
      fault.setMode(mode);

      // A money form posted as the upstream ends the sign-in: to the login page, then back to the
      // form (nothing was done), as when the app's own session has ended.
      const stake = await request(stakeJar, `${PAGES.pledge}?page=2`, {
        form: { configId: "1", amount: "100", idempotencyKey: "stake-after-expiry" },
      });
      expect(stake.status).toBe(302);
      expect(stake.location).toBe(`${LOGIN}?redirectTo=%2Fpages%2Fpledge%2Fpledge%3Fpage%3D2`);

      const page = await request(jar, ACCOUNT);
      expect(page.status).toBe(302);
      expect(page.location).toBe(`${LOGIN}?redirectTo=%2Fpages%2Faccount%2Faccount`);
      expect(page.body).not.toMatch(STACK);

      // The login page (upstream still failing) shows the message.
      const login = await request(jar, page.location ?? LOGIN);
      expect(login.status).toBe(200);
      expect(login.body).toContain(message);
      expect(login.body).not.toMatch(STACK);

      // The session is over: even with the upstream fine again, the page wants a login.
      fault.setMode("ok");
      const after = await request(jar, ACCOUNT);
      expect(after.status).toBe(302);
      expect(after.location).toMatch(/^\/pages\/login\/login\?redirectTo=/);

      // The login form itself, answered 401/50001: a clear answer, no crash.
      fault.setMode(mode);
      const form = await request(new Jar(), LOGIN, {
        form: { intent: "login", ...DEMO_PLAYER },
      });
      expect(form.status).toBeLessThan(600);
      expect(form.body).not.toMatch(STACK);
      if (form.status === 302) {
        expect(form.location).toMatch(/^\/pages\/login\/login/);
      } else {
        expect(form.body).toContain(message);
      }

      await expectAlive();
    }, 30_000);
  }

  it("no fault left the server log with an unhandled error", () => {
    const unhandled = app()
      .log.join("")
      .split("\n")
      .filter((l) => l.includes("unhandled error"));
    expect(unhandled, unhandled.join("\n")).toEqual([]);
  });
});
