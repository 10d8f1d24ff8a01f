import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Every run starts from an empty database and its own log, which the tests read SMS codes from. */
export const E2E_DIR = process.env.E2E_DIR ?? "data/e2e";

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    ...devices["Pixel 5"],
    viewport: { width: 360, height: 740 },
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
      ],
    },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  webServer: {
    command: `rm -rf ${E2E_DIR} && mkdir -p ${E2E_DIR} && node build/server/index.js 2>&1 | tee ${E2E_DIR}/app.log`,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      // No CORE_PORT: the embedded core listens on a port the system chooses (decision 012).
      DATA_DIR: `${E2E_DIR}/core-db`,
      UPLOAD_DIR: `${E2E_DIR}/uploads`,
      SESSION_SECRET: "e2e-secret-not-for-production",
      ROUND_SECONDS: "20",
      // A one-minute jackpot day, so that tests/e2e/jackpot.spec.ts sees a draw (docs/jackpot.md).
      JACKPOT_DAY_SECONDS: "60",
      BET_CLOSE_SECONDS: "5",
      LOG_LEVEL: "info",
      // Every player of the suite comes from 127.0.0.1; the per-address cap itself is tested in
      // tests/core/auth/sms.test.ts.
      SMS_MAX_PER_IP_PER_HOUR: "1000",
    },
  },
});
