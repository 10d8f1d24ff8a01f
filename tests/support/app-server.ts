import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * The real product for tests that drive it over HTTP: `node build/server/index.js` (the built app, which
 * starts the embedded core unless UPSTREAM_URL is given) on free ports, with a throw-away data
 * directory. Needs `npm run build` first; BUILT says whether it has run.
 */
export const ROOT = resolve(import.meta.dirname, "../..");
/** The built server, as `npm start` and the container run it. */
export const SERVER_ENTRY = "build/server/index.js";
/** The demo player the embedded core seeds (the defaults of DEMO_AREA_CODE, DEMO_PHONE, DEMO_PASSWORD). */
export const DEMO_PLAYER = { areaCode: "91", phone: "9000000001", password: "demo1234" };
/** The bank card the demo player saves in the README's walkthrough; the form adds the payment password. */
export const DEMO_BANK_CARD = {
  bankId: "1",
  holderName: "Demo Player",
  bankCardNo: "123456789012",
  ifsc: "SBIN0001234",
};
export const BUILT =
  existsSync(join(ROOT, "build/index.js")) &&
  existsSync(join(ROOT, "build/core/index.js")) &&
  existsSync(join(ROOT, SERVER_ENTRY));

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once("error", fail);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}

export interface RunningApp {
  child: ChildProcess;
  base: string;
  port: number;
  /** Everything the app (and its core) printed. */
  log: string[];
  /** What the app printed on stdout alone. */
  stdout: string[];
  dir: string;
}

/** The embedded core's latest port and pid, as the app logged them (it chooses a free port). */
export function embeddedCoreOf(app: RunningApp): { port: number; pid: number } | null {
  const line = app.log
    .join("")
    .split("\n")
    .filter((l) => /"msg":"embedded core (ready|restarted)"/.test(l))
    .at(-1);
  if (!line) return null;
  const { port, pid } = JSON.parse(line) as { port: number; pid: number };
  return { port, pid };
}

/**
 * Starts the app as `npm start` runs it (development mode, embedded core) with `env` on top, and
 * waits for /readyz. `cwd` runs another copy of the app (e.g. a runtime-stage directory).
 */
export async function startApp(
  options: {
    env?: Record<string, string>;
    cwd?: string;
    readyWithinMs?: number;
    /** false: only PATH from this process, as in a container. */
    inheritEnv?: boolean;
    /** A free one by default. */
    port?: number;
  } = {},
): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), "colour-app-"));
  const port = options.port ?? (await freePort());
  const source: Record<string, string | undefined> =
    options.inheritEnv === false ? { PATH: process.env.PATH } : process.env;
  const { UPSTREAM_URL: _upstream, DATABASE_URL: _database, CORE_PORT: _corePort, ...inherited } = source;
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: options.cwd ?? ROOT,
    env: {
      ...inherited,
      NODE_ENV: "development",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dir, "core-db"),
      APP_DATA_DIR: dir,
      UPLOAD_DIR: join(dir, "uploads"),
      SESSION_SECRET: "test-secret-not-for-production",
      LOG_LEVEL: "info",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: string[] = [];
  const stdout: string[] = [];
  child.stdout?.on("data", (d: Buffer) => {
    log.push(d.toString());
    stdout.push(d.toString());
  });
  child.stderr?.on("data", (d: Buffer) => log.push(d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyWithinMs ?? 90_000);
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const res = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return { child, base, port, log, stdout, dir };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
  const ended = child.exitCode === null ? "" : ` (it exited with code ${child.exitCode})`;
  throw new Error(`the server did not become ready${ended}:\n${log.join("").slice(-3000)}`);
}

/**
 * SIGTERM, as an orchestrator stops it; the exit code, or null when it had to be killed: after
 * STOP_LIMIT_MS, beyond the app's own limit (server/primary.ts gives up after 20 s, exit 1), so a
 * slow but clean stop on a loaded machine is not cut short and counted as a hang.
 */
const STOP_LIMIT_MS = 25_000;

export async function stopApp(app: RunningApp | undefined): Promise<number | null> {
  if (!app) return null;
  let code = app.child.exitCode;
  if (code === null && app.child.signalCode === null) {
    const exited = new Promise<number | null>((r) => app.child.once("exit", (c) => r(c)));
    app.child.kill("SIGTERM");
    const timer = setTimeout(() => app.child.kill("SIGKILL"), STOP_LIMIT_MS);
    code = await exited;
    clearTimeout(timer);
  }
  rmSync(app.dir, { recursive: true, force: true });
  return code;
}

/** A minimal cookie jar: name=value pairs from Set-Cookie, removed when expired. */
export class Jar {
  private cookies = new Map<string, string>();
  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair, ...attrs] = header.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k, v = ""] = a.trim().split("=");
        if (k.toLowerCase() === "max-age") return Number(v) <= 0;
        if (k.toLowerCase() === "expires") return new Date(v).getTime() < Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** An answer's body: its JSON object, or `{ raw }` (its first 500 characters) when it is not JSON. */
export async function bodyOf(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return { raw: text.slice(0, 500) };
  }
}

/**
 * A player driving the app's JSON mode (accept: application/json) with its own cookie jar: `call`
 * GETs `path`, or POSTs `form` to it, and answers the status and the JSON body.
 */
export function jsonPlayer(app: () => RunningApp | undefined) {
  const jar = new Jar();
  return async function call(path: string, form?: Record<string, string>, accept = "application/json") {
    const running = app();
    if (!running) throw new Error("the app did not start");
    const res = await fetch(`${running.base}${path}`, {
      method: form ? "POST" : "GET",
      headers: {
        accept,
        cookie: jar.header(),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
      redirect: "manual",
    });
    jar.store(res);
    // A page asked for as HTML (or a redirect) has no JSON body: its text and location say what.
    const text = await res.text();
    const isJson = res.headers.get("content-type")?.includes("json");
    const body = (isJson ? JSON.parse(text) : {}) as Record<string, unknown> & {
      ok?: boolean;
      message?: string;
    };
    return { status: res.status, body, text, location: res.headers.get("location") };
  };
}

/**
 * A player's calls to the built app with one cookie jar, as curl and a browser without JavaScript
 * make them: GET, or a form POST from the app's own origin; JSON mode unless `json: false`, which
 * answers the page's HTML (and a redirect's location) instead. Nothing is followed.
 */
export function formCaller(app: () => RunningApp | undefined, jar = new Jar()) {
  return async function call(path: string, init: { form?: Record<string, string>; json?: boolean } = {}) {
    const running = app();
    if (!running) throw new Error("the app did not start");
    const res = await fetch(`${running.base}${path}`, {
      method: init.form ? "POST" : "GET",
      headers: {
        ...(init.json === false ? {} : { accept: "application/json" }),
        cookie: jar.header(),
        ...(init.form ? { "content-type": "application/x-www-form-urlencoded", origin: running.base } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
      redirect: "manual",
    });
    jar.store(res);
    const location = res.headers.get("location");
    if (init.json === false) return { status: res.status, body: {}, html: await res.text(), location };
    return { status: res.status, body: await bodyOf(res), html: "", location };
  };
}

/** The dev operator's test-only rewind: the player's limit requests, breaks and sign-ins move back. */
export async function rewindPlayer(app: RunningApp, userId: number, hours: number) {
  const core = embeddedCoreOf(app);
  const res = await fetch(`http://127.0.0.1:${core?.port}/core/operator/limits/test/rewind`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from("operator:operator-dev-password").toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams({ userId: String(userId), hours: String(hours) }).toString(),
  });
  return ((await res.json()) as { code: number }).code;
}

/** Polls `check` every `every` ms until it holds (true) or `ms` have passed (false). */
export async function until(check: () => Promise<boolean> | boolean, ms: number, every = 200) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, every));
  }
  return false;
}

/** The app's /readyz answer as "<status> <its status field>"; "0 no answer" when none comes within 2 s. */
export const readyzOf = (app: RunningApp) =>
  fetch(`${app.base}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
    async (r) => `${r.status} ${((await r.json()) as { status: string }).status}`,
    () => "0 no answer",
  );

/**
 * Polls /readyz every `every` ms until it says the embedded core is restarting (503 "upstream
 * restarting"), for 5 s at most; `seen` lists every answer, for the failure's message.
 */
export async function untilCoreRestarting(app: RunningApp, every: number) {
  const seen: string[] = [];
  const restarting = await until(
    async () => {
      seen.push(await readyzOf(app));
      return seen.at(-1) === "503 upstream restarting";
    },
    5_000,
    every,
  );
  return { restarting, seen };
}

/** Running and not a zombie (an orphan's new parent may be slow to reap it). */
export function isRunning(pid: number) {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}
