import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { startApp, stopApp } from "../support/app-server";
import { describeBuilt } from "../support/built-app";
import { PRODUCTION_KEYS } from "../support/production";

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
    expect.arrayContaining(["package.json", "node_modules", "build", "public", "locales"]),
  );
  expect(runtime).toMatch(/^USER node$/m);
  expect(runtime).toMatch(/^ENTRYPOINT \["\/usr\/bin\/tini", "--"\]$/m);
  expect(runtime).toMatch(/^CMD \["node", "build\/server\/index.js"\]$/m);
  // The server is bundled into build/: no source file of it is shipped beside it.
  expect(runtimeCopies().filter((p) => /\.(mjs|ts)$/.test(p) || p.startsWith("server"))).toEqual([]);
  expect(runtime).toMatch(/NODE_ENV=production/);
});

describeBuilt("the runtime stage, outside Docker", () => {
  test("everything the shipped code imports is a production dependency", () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
    const shipped = ["build/server/index.js", "build/index.js", "build/core/index.js", "build/core/admin.js"];
    expect(importedPackages(join(ROOT, "build/server/index.js"))).toContain("express");
    expect(importedPackages(join(ROOT, "build/core/index.js"))).toContain("hono");
    const missing = shipped.flatMap((f) =>
      importedPackages(join(ROOT, f))
        .filter((p) => !(p in pkg.dependencies))
        .map((p) => `${f}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  let dir: string;
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test("starts in a clean directory, answers, and stops cleanly on SIGTERM", async () => {
    dir = mkdtempSync(join(tmpdir(), "colour-runtime-"));
    for (const path of runtimeCopies()) {
      if (path === "node_modules") symlinkSync(resolve(ROOT, "node_modules"), join(dir, "node_modules"));
      else cpSync(join(ROOT, path), join(dir, path), { recursive: true });
    }
    const app = await startApp({
      cwd: dir,
      env: {
        NODE_ENV: "production",
        ...PRODUCTION_KEYS,
        SESSION_SECRET: "runtime-test-secret-0123456789abcdef",
        // Production refuses the log provider: a gateway is configured (nothing here sends an SMS).
        SMS_PROVIDER: "http",
        SMS_HTTP_URL: "http://127.0.0.1:9/sms",
        LOG_LEVEL: "warn",
      },
      readyWithinMs: 60_000,
      inheritEnv: false,
    });
    const base = app.base;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const login = await fetch(`${base}/pages/login/login`);
    expect(login.status).toBe(200);
    for (const cookie of login.headers.getSetCookie()) {
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/; HttpOnly/i);
    }
    expect(await stopApp(app)).toBe(0);
  }, 90_000);
});
