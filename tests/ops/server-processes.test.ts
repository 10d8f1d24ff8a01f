import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import {
  DEMO_PLAYER,
  Jar,
  type RunningApp,
  embeddedCoreOf,
  isRunning,
  startApp,
  stopApp,
  until,
  untilCoreRestarting,
} from "../support/app-server";
import { describeBuilt } from "../support/built-app";

/**
 * WEB_CONCURRENCY=2 (server/primary.ts): two server processes share the port beside one embedded
 * core; either can die and is replaced, the core can die and both follow it to its new port, and
 * SIGTERM stops everything.
 */

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

describeBuilt("several server processes (WEB_CONCURRENCY)", () => {
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

      // The core dies: the processes' /readyz says it restarts, as one process's does; then it
      // comes back on a new port and both call it there.
      process.kill(core?.pid as number, "SIGKILL");
      const { restarting, seen } = await untilCoreRestarting(app, 20);
      expect(restarting, seen.join(", ")).toBe(true);
      expect(seen, "every process answers meanwhile").not.toContain("0 no answer");
      expect(await until(() => embeddedCoreOf(app)?.pid !== core?.pid, 30_000)).toBe(true);
      expect(embeddedCoreOf(app)?.port).not.toBe(core?.port);
      expect(await until(async () => (await game()) === 200, 30_000)).toBe(true);
      expect(await Promise.all(Array.from({ length: 8 }, game))).toEqual(Array(8).fill(200));

      // SIGTERM: every process stops, the primary exits 0.
      const pids = childrenOf(app.child.pid as number).map((c) => c.pid);
      const code = await stopApp(app);
      stopped = true;
      expect(code, app.log.join("").slice(-3000)).toBe(0);
      expect(pids.filter(isRunning)).toEqual([]);
    } finally {
      if (!stopped) await stopApp(app);
    }
  }, 150_000);

  test("a port already taken stops the start: exit 1, the reason in the log, the core stopped", async () => {
    // Someone else's server on the port; it is not ready for anyone.
    const taken = createServer((_req, res) => {
      res.statusCode = 503;
      res.end("someone else");
    });
    await new Promise<void>((r) => taken.listen(0, "127.0.0.1", r));
    try {
      const port = (taken.address() as AddressInfo).port;
      const start = startApp({ port, env: { WEB_CONCURRENCY: "2" }, readyWithinMs: 60_000 });
      const error = (await start.then(
        () => new Error("it started on a taken port"),
        (e: Error) => e,
      )) as Error;
      expect(error.message).toContain("(it exited with code 1)");
      expect(error.message).toContain("EADDRINUSE");
      expect(error.message).toContain('"msg":"a server process could not start; stopping"');
      expect(error.message).not.toContain("Colour Lottery is running at");
      const core = error.message.match(/"pid":(\d+),"msg":"embedded core ready"/);
      expect(core).not.toBeNull();
      expect(await until(() => !isRunning(Number(core?.[1])), 5_000)).toBe(true);
    } finally {
      taken.close();
    }
  }, 90_000);
});
