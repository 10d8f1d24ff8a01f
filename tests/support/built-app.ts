import { afterAll, beforeAll, describe } from "vitest";
import { BUILT, Jar, type RunningApp, formCaller, startApp, stopApp } from "./app-server";

/**
 * The Vitest side of app-server.ts (which Playwright imports too): suites against the built app,
 * `node build/server/index.js`, which need `npm run build` first.
 */

/** A suite against the built app: skipped, with a warning that says why, when the build is missing. */
export function describeBuilt(title: string, suite: () => void): void {
  if (!BUILT) console.warn(`"${title}" SKIPPED: build/ is incomplete; run \`npm run build\` first.`);
  describe.skipIf(!BUILT)(title, suite);
}

/**
 * Starts the built app (startApp, with `env`) before the suite's tests and stops it after them.
 * `env` may be a function, read when the app starts: what an earlier beforeAll made (a core's or a
 * fake upstream's URL). `app()` is the running app; `call` drives it as formCaller does, with the
 * player's cookie `jar`.
 */
export function useBuiltApp(options: { env?: Record<string, string> | (() => Record<string, string>) } = {}) {
  let running: RunningApp | undefined;
  const app = (): RunningApp => {
    if (!running) throw new Error("the app did not start");
    return running;
  };
  beforeAll(async () => {
    running = await startApp({ env: typeof options.env === "function" ? options.env() : options.env });
  }, 120_000);
  afterAll(async () => {
    await stopApp(running);
  }, 30_000);
  const jar = new Jar();
  return { app, jar, call: formCaller(app, jar) };
}
