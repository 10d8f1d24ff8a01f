import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, SERVER_ENTRY, freePort, until } from "../support/app-server";
import { describeBuilt } from "../support/built-app";

/**
 * An operator's UPSTREAM_URL that does not answer (a typo, a stopped service) is said in the log
 * at start, once however many server processes there are, not first by a player's failing page;
 * the app serves all the same and /readyz says "upstream unavailable" until it answers.
 */
describeBuilt("the built server with an upstream that does not answer", () => {
  for (const processes of ["1", "2"]) {
    test(`warns at start (WEB_CONCURRENCY=${processes}) and still serves`, async () => {
      const dir = mkdtempSync(join(tmpdir(), "app-upstream-"));
      const port = await freePort();
      const child = spawn(process.execPath, [SERVER_ENTRY], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "development",
          APP_DATA_DIR: dir,
          SESSION_SECRET: "test-secret-not-for-production",
          UPSTREAM_URL: "http://127.0.0.1:9/core",
          WEB_CONCURRENCY: processes,
          HOST: "127.0.0.1",
          PORT: String(port),
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (d: Buffer) => {
        output += d.toString();
      });
      child.stderr.on("data", (d: Buffer) => {
        output += d.toString();
      });
      const warnings = () =>
        output.split("\n").filter((l) => l.includes('"the upstream does not answer (GET /readyz)"'));
      try {
        await until(() => output.includes("is running at") && warnings().length > 0, 20_000);
        expect(warnings()[0]).toContain('"upstream":"http://127.0.0.1:9/core"');
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        expect(ready.status).toBe(503);
        expect(await ready.json()).toEqual({ status: "upstream unavailable" });
        // Said once: the server processes a primary forks do not say it again.
        await new Promise((r) => setTimeout(r, 1500));
        expect(warnings()).toHaveLength(1);
      } finally {
        child.kill("SIGKILL");
        rmSync(dir, { recursive: true, force: true });
      }
    }, 40_000);
  }
});
