import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  BUILT,
  DEMO_PLAYER,
  Jar,
  ROOT,
  type RunningApp,
  SERVER_ENTRY,
  embeddedCoreOf,
  startApp,
  stopApp,
} from "../support/app-server";

/**
 * WEB_CONCURRENCY=2 (server/primary.ts): two server processes share the port beside one embedded
 * core; either can die and is replaced, the core can die and both follow it to its new port, and
 * SIGTERM stops everything.
 */

/** Running and not a zombie. */
function isRunning(pid: number) {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** The direct children of `pid` with their command lines (Linux). */
function childrenOf(pid: number): Array<{ pid: number; cmd: string }> {
  const ids = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  return ids.flatMap((id) => {
    try {
      return [{ pid: Number(id), cmd: readFileSync(`/proc/${id}/cmdline`, "utf8").replace(/\0/g, " ") }];
    } catch {
      return []; // it has just ended
    }
  });
}
const servers = (app: RunningApp) =>
  childrenOf(app.child.pid as number).filter((c) => c.cmd.includes("build/server/index.js"));

async function until(check: () => Promise<boolean> | boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe.skipIf(!BUILT)("several server processes (WEB_CONCURRENCY)", () => {
  test("share the port and the session, are replaced when they die, follow a restarted core, and all stop on SIGTERM", async () => {
    const app = await startApp({ env: { WEB_CONCURRENCY: "2" } });
    let stopped = false;
    try {
      // One plain start line, however many processes.
      const lines = app.stdout.join("").trimEnd().split("\n");
      expect(lines.filter((l) => l.startsWith("Colour Lottery is running at"))).toEqual([
        `Colour Lottery is running at http://127.0.0.1:${app.port}`,
      ]);
      expect(await until(() => servers(app).length === 2, 10_000)).toBe(true);
      const core = embeddedCoreOf(app);
      expect(childrenOf(app.child.pid as number).map((c) => c.pid)).toContain(core?.pid);

      // A session sealed by one process is read by the other: every page answers signed in.
      const jar = new Jar();
      const login = await fetch(`${app.base}/pages/login/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "login", ...DEMO_PLAYER }),
        redirect: "manual",
      });
      jar.store(login);
      expect(login.status).toBe(302);
      const game = () =>
        fetch(`${app.base}/pages/game/game?level=1&coin=CHIP`, {
          headers: { cookie: jar.header() },
          redirect: "manual",
        }).then((r) => r.status);
      const statuses = await Promise.all(Array.from({ length: 12 }, game));
      expect(statuses).toEqual(Array(12).fill(200));

      // A server process that dies is replaced; the pages go on.
      const [first] = servers(app);
      process.kill(first.pid, "SIGKILL");
      expect(
        await until(() => {
          const now = servers(app);
          return now.length === 2 && !now.some((s) => s.pid === first.pid);
        }, 10_000),
      ).toBe(true);
      expect(app.log.join("")).toContain('"msg":"a server process stopped; starting another"');
      expect(await game()).toBe(200);

      // The core dies and comes back on a new port: both processes call it there.
      process.kill(core?.pid as number, "SIGKILL");
      expect(await until(() => embeddedCoreOf(app)?.pid !== core?.pid, 30_000)).toBe(true);
      expect(embeddedCoreOf(app)?.port).not.toBe(core?.port);
      expect(await until(async () => (await game()) === 200, 30_000)).toBe(true);
      expect(await Promise.all(Array.from({ length: 8 }, game))).toEqual(Array(8).fill(200));

      // SIGTERM: every process stops, the primary exits 0.
      const pids = childrenOf(app.child.pid as number).map((c) => c.pid);
      const code = await stopApp(app);
      stopped = true;
      expect(code).toBe(0);
      expect(pids.filter(isRunning)).toEqual([]);
    } finally {
      if (!stopped) await stopApp(app);
    }
  }, 150_000);

  test("a port already taken stops the start: exit 1, the reason in the log, the core stopped", async () => {
    const taken = createServer((_req, res) => res.end("someone else"));
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", r));
    const port = (taken.address() as AddressInfo).port;
    const dir = mkdtempSync(join(tmpdir(), "colour-taken-"));
    const { UPSTREAM_URL: _u, DATABASE_URL: _d, CORE_PORT: _c, ...inherited } = process.env;
    const child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: {
        ...inherited,
        NODE_ENV: "development",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: join(dir, "core-db"),
        APP_DATA_DIR: dir,
        SESSION_SECRET: "test-secret-not-for-production",
        LOG_LEVEL: "info",
        WEB_CONCURRENCY: "2",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let log = "";
    child.stdout?.on("data", (d: Buffer) => {
      log += d.toString();
    });
    child.stderr?.on("data", (d: Buffer) => {
      log += d.toString();
    });
    try {
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(-1), 60_000);
        child.once("exit", (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      expect(code, log.slice(-2000)).toBe(1);
      expect(log).toContain("EADDRINUSE");
      expect(log).toContain('"msg":"a server process could not start; stopping"');
      expect(log).not.toContain("Colour Lottery is running at");
      const core = log.match(/"pid":(\d+),"msg":"embedded core ready"/);
      expect(core).not.toBeNull();
      expect(await until(() => !isRunning(Number(core?.[1])), 5_000)).toBe(true);
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
