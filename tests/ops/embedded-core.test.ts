import { BUILT, startApp, stopApp } from "../support/app-server";

/** The embedded core must not outlive the app, even when the app is killed without warning. */
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

describe.skipIf(!BUILT)("the embedded core", () => {
  test("stops when the app is killed with SIGKILL", async () => {
    const app = await startApp({ env: { LOG_LEVEL: "warn" } });
    try {
      const core = `http://127.0.0.1:${app.corePort}/healthz`;
      expect(await answers(core)).toBe(true);
      app.child.kill("SIGKILL");
      expect(await until(async () => !(await answers(core)), 15_000)).toBe(true);
    } finally {
      await stopApp(app);
    }
  }, 90_000);
});
