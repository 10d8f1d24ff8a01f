import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/**
 * Docker cannot run here, so this test does what the Dockerfile's runtime stage does, outside
 * Docker: it copies exactly the paths the runtime stage copies into a clean directory, runs the
 * container's command there as production would, and checks health, readiness, a page and a clean
 * SIGTERM. It also checks that everything the shipped code imports is a production dependency,
 * since the image prunes dev dependencies.
 */
const ROOT = process.cwd();
const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
const built = existsSync(join(ROOT, "build/index.js")) && existsSync(join(ROOT, "build/core/index.js"));

/** Sources of `COPY --from=build <src...> <dest>` in the runtime stage, relative to /app. */
function runtimeCopies(): string[] {
  return [...runtime.matchAll(/^COPY --from=build (.+)$/gm)].flatMap((m) => {
    const parts = m[1].trim().split(/\s+/);
    return parts.slice(0, -1).map((p) => p.replace(/^\/app\//, ""));
  });
}

function importedPackages(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const specifiers = [
    ...code.matchAll(/(?:^|[\s;])(?:import|export)\s[^"']*?from\s*["']([^"'.][^"']*)["']/gm),
  ]
    .concat([...code.matchAll(/\bimport\(\s*["']([^"'.][^"']*)["']\s*\)/g)])
    .map((m) => m[1]);
  return specifiers
    .filter((s) => !s.startsWith("node:") && !builtinModules.includes(s.split("/")[0]))
    .map((s) => (s.startsWith("@") ? s.split("/").slice(0, 2).join("/") : s.split("/")[0]));
}

test("the runtime stage copies the files the app needs and runs node under tini as a non-root user", () => {
  expect(runtimeCopies()).toEqual(
    expect.arrayContaining(["package.json", "server.mjs", "node_modules", "build", "public", "locales"]),
  );
  expect(runtime).toMatch(/^USER node$/m);
  expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
  expect(runtime).toMatch(/^CMD \["node", "server.mjs"\]$/m);
  expect(runtime).toMatch(/NODE_ENV=production/);
});

describe.skipIf(!built)("the runtime stage, outside Docker", () => {
  test("everything the shipped code imports is a production dependency", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    const shipped = ["server.mjs", "build/index.js", "build/core/index.js", "build/core/admin.js"];
    expect(importedPackages(join(ROOT, "server.mjs"))).toContain("express");
    expect(importedPackages(join(ROOT, "build/core/index.js"))).toContain("hono");
    const missing = shipped.flatMap((f) =>
      importedPackages(join(ROOT, f))
        .filter((p) => !(p in pkg.dependencies))
        .map((p) => `${f}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  let dir: string;
  let app: ChildProcess | undefined;
  afterAll(() => {
    app?.kill("SIGKILL");
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("starts in a clean directory, answers, and stops cleanly on SIGTERM", async () => {
    dir = mkdtempSync(join(tmpdir(), "colour-runtime-"));
    for (const path of runtimeCopies()) {
      if (path === "node_modules") symlinkSync(resolve(ROOT, "node_modules"), join(dir, "node_modules"));
      else cpSync(join(ROOT, path), join(dir, path), { recursive: true });
    }
    const port = 3400 + Math.floor(Math.random() * 200);
    app = spawn(process.execPath, ["server.mjs"], {
      cwd: dir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "production",
        PORT: String(port),
        CORE_PORT: String(port + 300),
        SESSION_SECRET: "runtime-test-secret-0123456789abcdef",
        DATA_DIR: join(dir, "data/core-db"),
        UPLOAD_DIR: join(dir, "data/uploads"),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    app.stdout?.on("data", (d) => {
      output += d;
    });
    app.stderr?.on("data", (d) => {
      output += d;
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    let ready = false;
    while (!ready && Date.now() < deadline && app.exitCode === null) {
      ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 250));
    }
    expect(ready, output).toBe(true);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const login = await fetch(`${base}/pages/login/login`);
    expect(login.status).toBe(200);
    for (const cookie of login.headers.getSetCookie()) {
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
    }
    const exited = new Promise<number | null>((r) => app?.once("exit", (code) => r(code)));
    app.kill("SIGTERM");
    expect(await exited).toBe(0);
  }, 90_000);
});
