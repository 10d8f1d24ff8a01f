import { type Server, createServer } from "node:http";
import {
  type RunningApp,
  embeddedCoreOf,
  isRunning,
  readyzOf,
  startApp,
  stopApp,
  until,
  untilCoreRestarting,
} from "../support/app-server";
import { describeBuilt } from "../support/built-app";

/**
 * The embedded core as `npm start` runs it: on a port nobody else can answer for, restarted when
 * it crashes, and never outliving the app.
 */
const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );

/** An HTTP server that answers 200 to anything, as a stranger's process would. */
async function foreignServer(port: number): Promise<{ server: Server; hits: string[] } | null> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    res.setHeader("content-type", "application/json");
    res.end('{"status":"ready"}');
  });
  return new Promise((done) => {
    server.once("error", () => done(null)); // the port is taken already: someone else answers there
    server.listen(port, "127.0.0.1", () => done({ server, hits }));
  });
}

type EmbeddedCore = NonNullable<ReturnType<typeof embeddedCoreOf>>;

/** Starts the built app, runs `body` with it and its embedded core (which must be there), and stops the app. */
async function withEmbeddedCore(
  options: Parameters<typeof startApp>[0],
  body: (app: RunningApp, core: EmbeddedCore) => Promise<void>,
): Promise<void> {
  const app = await startApp(options);
  try {
    const core = embeddedCoreOf(app);
    expect(core).not.toBeNull();
    await body(app, core as EmbeddedCore);
  } finally {
    await stopApp(app);
  }
}

describeBuilt("the embedded core", () => {
  test("is the app's own, even when another server answers on the old core port; the start output ends with the URL", async () => {
    // 3100 was the core's fixed default: `PORT=3100 npm start` collided with it, and any process
    // answering there was taken for the core.
    const stranger = await foreignServer(3100);
    let app: RunningApp | undefined;
    try {
      app = await startApp();
      const lines = app.stdout.join("").trimEnd().split("\n");
      expect(lines.at(-1)).toBe(`Colour Lottery is running at http://127.0.0.1:${app.port}`);
      const core = embeddedCoreOf(app);
      expect(core?.port).toBeGreaterThan(0);
      expect(core?.port).not.toBe(3100);
      expect(core?.port).not.toBe(app.port);
      expect(await answers(`http://127.0.0.1:${core?.port}/readyz`)).toBe(true);
      expect(stranger?.hits ?? []).toEqual([]);
      const page = await fetch(`${app.base}/pages/login/login`);
      expect(page.status).toBe(200);
      expect(stranger?.hits ?? []).toEqual([]);
    } finally {
      await stopApp(app);
      stranger?.server.close();
    }
  }, 90_000);

  test("is restarted when it crashes; /readyz says so meanwhile, and the log says why", async () => {
    await withEmbeddedCore({}, async (app, first) => {
      process.kill(first.pid, "SIGKILL");
      const { restarting, seen } = await untilCoreRestarting(app, 50);
      expect(restarting, seen.join(", ")).toBe(true);
      // Meanwhile a page gets the ordinary "upstream unavailable" answer; the app stays up.
      const during = await fetch(`${app.base}/pages/login/login`);
      expect(during.status).toBeLessThan(600);
      expect(app.child.exitCode).toBeNull();
      expect(await until(async () => (await readyzOf(app)).startsWith("200 "), 60_000)).toBe(true);
      const second = embeddedCoreOf(app);
      expect(second?.pid).not.toBe(first.pid);
      const log = app.log.join("");
      const stopped = log
        .split("\n")
        .find((l) => l.includes('"msg":"the embedded core stopped; restarting it"'));
      expect(stopped && JSON.parse(stopped)).toMatchObject({
        level: "warn",
        signal: "SIGKILL",
        restartInMs: 500,
      });
      expect(log).toContain('"msg":"embedded core restarted"');
      const page = await fetch(`${app.base}/pages/login/login`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('id="login"');
    });
  }, 120_000);

  test("a core that hangs at SIGTERM is killed after 10 s, and the log says so", async () => {
    await withEmbeddedCore({ env: { LOG_LEVEL: "info" } }, async (app, core) => {
      process.kill(core.pid, "SIGSTOP"); // hangs: it cannot even see the SIGTERM
      const exited = new Promise((done) => app.child.once("exit", done));
      const started = Date.now();
      app.child.kill("SIGTERM");
      await exited;
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(await until(() => !isRunning(core.pid), 5_000, 100)).toBe(true);
      const line = app.log
        .join("")
        .split("\n")
        .find((l) => l.includes('"msg":"the embedded core did not stop in time; killing it"'));
      expect(line && JSON.parse(line)).toMatchObject({ level: "warn", pid: core.pid, graceMs: 10_000 });
    });
  }, 90_000);

  test("stops within seconds when the app is killed with SIGKILL, logging as usual", async () => {
    // At the default log level the core writes while it stops, to a pipe nobody reads any more.
    await withEmbeddedCore({ env: { LOG_LEVEL: "info" } }, async (app, core) => {
      expect(await answers(`http://127.0.0.1:${core.port}/healthz`)).toBe(true);
      app.child.kill("SIGKILL");
      const gone = await until(() => !isRunning(core.pid), 5_000, 100);
      if (!gone) process.kill(core.pid, "SIGKILL");
      expect(gone).toBe(true);
    });
  }, 90_000);
});
