import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../support/app-server";
import { describeBuilt } from "../support/built-app";
import { PRODUCTION_KEYS } from "../support/production";

/**
 * The built core, started as an operator would: in production without an SMS gateway it refuses
 * to start and says why (codes must never go to a log nobody texts from).
 */
describeBuilt("the core in production", () => {
  const run = (env: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), "core-sms-prod-"));
    try {
      return spawnSync(process.execPath, ["build/core/index.js"], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          ...PRODUCTION_KEYS,
          DATA_DIR: join(dir, "db"),
          CORE_PORT: "0",
          ...env,
        },
        encoding: "utf8",
        timeout: 30_000,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  test("refuses to start with the log provider, naming the variables to set", () => {
    const logEnvs: Array<Record<string, string>> = [
      {},
      { SMS_PROVIDER: "log" },
      { SMS_PROVIDER: "log", SMS_ALLOW_LOG_PROVIDER: "0" },
    ];
    for (const env of logEnvs) {
      const result = run(env);
      expect(result.status, JSON.stringify(env)).toBe(1);
      expect(result.stderr).toContain(
        "SMS_PROVIDER=log cannot send codes in production: set SMS_PROVIDER=http and SMS_HTTP_URL, or SMS_ALLOW_LOG_PROVIDER=1",
      );
    }
    const noUrl = run({ SMS_PROVIDER: "http" });
    expect(noUrl.status).toBe(1);
    expect(noUrl.stderr).toContain("SMS_HTTP_URL is required when SMS_PROVIDER=http");
  }, 60_000);
});
