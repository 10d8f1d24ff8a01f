import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pino from "pino";
import { ConfigError, loadConfig } from "../../../core/src/platform/config";
import { startCore } from "../../../core/src/start";
import { DEMO_BALANCES } from "../../../core/src/user/seed";
import { call, freshIp, signIn } from "../../support/core";
import { PRODUCTION_ENV } from "../../support/production";

describe("configuration", () => {
  it("has working defaults and names the variable that is wrong", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3100,
      host: "127.0.0.1",
      dataDir: "data/core-db",
      uploadDir: "data/uploads",
      roundSeconds: 60,
      betCloseSeconds: 5,
      demo: { enabled: true, areaCode: "91", phone: "9000000001", password: "demo1234" },
    });
    expect(() => loadConfig({ CORE_PORT: "http" })).toThrow(/CORE_PORT/);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must be a postgres/);
    expect(() => loadConfig({ ROUND_SECONDS: "10", BET_CLOSE_SECONDS: "10" })).toThrow(ConfigError);
    expect(() => loadConfig({ OPERATORS: "alice:short" })).toThrow(/OPERATORS/);
  });

  it("has no demo player with a default password in production", () => {
    // Production needs an SMS provider (tests/core/auth/sms-http.test.ts); a gateway URL is enough here.
    const production = PRODUCTION_ENV;
    expect(loadConfig(production).demo.enabled).toBe(false);
    expect(loadConfig({ ...production, DEMO_PASSWORD: "chosen-by-operator" }).demo.enabled).toBe(true);
    expect(() => loadConfig({ ...production, DEMO_SEED: "1" })).toThrow(/DEMO_PASSWORD/);
  });
});

describe("a core on a PGlite directory", () => {
  it("keeps everything over a restart, seeds once, and refuses a second process on the directory", async () => {
    const dir = mkdtempSync(join(tmpdir(), "core-restart-"));
    const options = {
      env: { NODE_ENV: "test" },
      config: {
        port: 0,
        dataDir: join(dir, "db"),
        uploadDir: join(dir, "uploads"),
        migrationsDir: resolve("core/migrations"),
      },
      log: pino({ level: "silent" }),
      jobs: false,
    };
    try {
      const first = await startCore(options);
      const login = await signIn(first, "9000000001", "demo1234");
      await call(first, "/app/user/modifyUserBaseInfo", {
        params: { nickName: "Kept" },
        token: login.result.token,
      });
      await expect(startCore(options)).rejects.toThrow(/in use by process/);
      await first.close();
      const second = await startCore(options);
      const info = await call<{ nickName: string; chip: number }>(second, "/app/user/getUserInfo", {
        token: login.result.token,
      });
      expect(info.result).toMatchObject({ nickName: "Kept", chip: DEMO_BALANCES.CHIP / 100 });
      const seeds = await second.deps.db.query("SELECT 1 FROM ledger_entries WHERE kind = 'SEED'");
      expect(seeds).toHaveLength(3);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
