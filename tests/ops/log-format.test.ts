import { spawnSync } from "node:child_process";
import { ROOT, SERVER_ENTRY, freePort, startApp, stopApp, until } from "../support/app-server";
import { describeBuilt } from "../support/built-app";

/** The fields every JSON line must have, and of what kind. */
function shapeOf(line: Record<string, unknown>) {
  return {
    level: typeof line.level === "string" ? line.level : `not a word: ${line.level}`,
    time:
      typeof line.time === "string" && !Number.isNaN(Date.parse(line.time)) ? "ISO" : `not ISO: ${line.time}`,
    service: line.service,
  };
}

/**
 * One log line format for the whole product: an operator's pipeline parses the app's server, the
 * BFF and the embedded core with one schema (level as a word, ISO time, the service that wrote it).
 */
describeBuilt("the product's log lines", () => {
  test("share one shape: the server's, the BFF's and the core's", async () => {
    const app = await startApp({ env: { LOG_LEVEL: "debug" } });
    try {
      // A page makes the BFF log its upstream calls (debug) and the core log the requests.
      expect((await fetch(`${app.base}/pages/login/login`)).status).toBe(200);
      const services = () =>
        new Set(
          app.stdout
            .join("")
            .split("\n")
            .filter((l) => l.startsWith("{"))
            .map((l) => JSON.parse(l).service),
        );
      expect(await until(() => services().has("app") && services().has("core"), 10_000)).toBe(true);
    } finally {
      await stopApp(app);
    }
    const lines = app.stdout
      .join("")
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(new Set(lines.map((l) => l.service))).toEqual(new Set(["server", "app", "core"]));
    for (const line of lines) {
      expect(shapeOf(line), JSON.stringify(line)).toEqual({
        level: expect.stringMatching(/^(trace|debug|info|warn|error|fatal)$/),
        time: "ISO",
        service: expect.stringMatching(/^(server|app|core)$/),
      });
    }
  }, 120_000);

  test("a configuration the server refuses is one line of the same shape", async () => {
    const port = await freePort();
    const run = spawnSync(process.execPath, [SERVER_ENTRY], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: String(port), WEB_CONCURRENCY: "zero" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    const line = JSON.parse(run.stderr.trim().split("\n").at(-1) ?? "{}");
    expect(shapeOf(line)).toEqual({ level: "fatal", time: "ISO", service: "server" });
  }, 60_000);
});
