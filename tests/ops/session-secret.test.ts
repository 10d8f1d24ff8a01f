import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT, SERVER_ENTRY } from "../support/app-server";
import { describeBuilt } from "../support/built-app";

/**
 * The server refuses a weak SESSION_SECRET in production before it starts anything, with the same
 * rule as the app (server/session-secret.ts), saying what to do and never echoing the secret.
 */
describeBuilt("the built server in production", () => {
  const run = (secret: string | undefined) => {
    const dir = mkdtempSync(join(tmpdir(), "app-secret-"));
    try {
      return spawnSync(process.execPath, [SERVER_ENTRY], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          APP_DATA_DIR: dir,
          UPSTREAM_URL: "http://127.0.0.1:9/core",
          PORT: "0",
          ...(secret === undefined ? {} : { SESSION_SECRET: secret }),
        },
        encoding: "utf8",
        timeout: 30_000,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  test("refuses a SESSION_SECRET shorter than 32 characters, or a short one in the rotation list", () => {
    for (const secret of ["tiny-secret-31-characters-long!", `${"n".repeat(48)},old-weak-secret`]) {
      const result = run(secret);
      expect(result.status, secret).toBe(1);
      const output = result.stdout + result.stderr;
      expect(output).toContain("SESSION_SECRET must be at least 32 characters in production");
      expect(output).toContain("randomBytes(32)");
      for (const part of secret.split(",")) expect(output).not.toContain(part);
    }
  }, 60_000);

  test("refuses a missing SESSION_SECRET", () => {
    const result = run(undefined);
    expect(result.status).toBe(1);
    expect(result.stdout + result.stderr).toContain("SESSION_SECRET is required when NODE_ENV=production");
  }, 30_000);
});
