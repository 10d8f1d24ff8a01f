import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The embedded core must not outlive the app, even when the app is killed without warning. */
const built = existsSync("build/index.js") && existsSync("build/core/index.js");

const answers = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(1000) }).then(
    (r) => r.ok,
    () => false,
  );

async function until(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

describe.skipIf(!built)("the embedded core", () => {
  test("stops when the app is killed with SIGKILL", async () => {
    const dir = mkdtempSync(join(tmpdir(), "colour-core-"));
    const port = 3800 + Math.floor(Math.random() * 100);
    const app = spawn(process.execPath, ["server.mjs"], {
      env: {
        ...process.env,
        PORT: String(port),
        CORE_PORT: String(port + 100),
        DATA_DIR: join(dir, "core-db"),
        APP_DATA_DIR: dir,
        UPLOAD_DIR: join(dir, "uploads"),
        LOG_LEVEL: "warn",
      },
      stdio: "ignore",
    });
    try {
      expect(await until(() => answers(`http://127.0.0.1:${port}/readyz`), 60_000)).toBe(true);
      const core = `http://127.0.0.1:${port + 100}/healthz`;
      expect(await answers(core)).toBe(true);
      app.kill("SIGKILL");
      expect(await until(async () => !(await answers(core)), 15_000)).toBe(true);
    } finally {
      app.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
