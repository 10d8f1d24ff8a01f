import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ROOT } from "../support/app-server";
import { describeBuilt } from "../support/built-app";

/**
 * The core started on its own (`node build/core/index.js`), as an operator runs it: SIGTERM stops
 * it cleanly within seconds, even with a request that never finishes.
 */
interface StandaloneCore {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  dir: string;
}

async function startStandaloneCore(): Promise<StandaloneCore> {
  const dir = mkdtempSync(join(tmpdir(), "core-shutdown-"));
  const child = spawn(process.execPath, ["build/core/index.js"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "development",
      CORE_PORT: "0",
      DATA_DIR: join(dir, "db"),
      UPLOAD_DIR: join(dir, "uploads"),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((done) =>
    child.once("exit", (code, signal) => done({ code, signal, at: Date.now() })),
  );
  let out = "";
  child.stderr?.resume();
  const port = await new Promise<number>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the core did not start:\n${out.slice(-2000)}`)), 90_000);
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const url = /"url":"http:\/\/127\.0\.0\.1:(\d+)\/core"[^\n]*"msg":"core listening"/.exec(out);
      if (url) {
        clearTimeout(timer);
        done(Number(url[1]));
      }
    });
    child.once("exit", () => fail(new Error(`the core exited:\n${out.slice(-2000)}`)));
  });
  return { child, port, exited, dir };
}

/** A login whose body never arrives: the request stays in flight until the core gives up on it. */
function requestInFlight(port: number) {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  socket.write(
    "POST /core/app/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\n" +
      "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nareaCode=91",
  );
  return socket;
}

describeBuilt("a standalone core", () => {
  let core: StandaloneCore | undefined;
  afterEach(() => {
    if (core?.child.exitCode === null && core.child.signalCode === null) core.child.kill("SIGKILL");
    if (core) rmSync(core.dir, { recursive: true, force: true });
    core = undefined;
  });

  test("stops with exit code 0 within 5 s of SIGTERM, even with a request that never finishes", async () => {
    core = await startStandaloneCore();
    const socket = requestInFlight(core.port);
    await new Promise((r) => setTimeout(r, 500));
    const sent = Date.now();
    core.child.kill("SIGTERM");
    const { code, at } = await core.exited;
    socket.destroy();
    expect(code).toBe(0);
    expect(at - sent).toBeLessThan(5_000);
  }, 120_000);

  test("stops cleanly when Ctrl-C and then SIGTERM arrive (both reach it under a terminal)", async () => {
    core = await startStandaloneCore();
    const sent = Date.now();
    core.child.kill("SIGINT");
    core.child.kill("SIGTERM");
    const { code, at } = await core.exited;
    expect(code).toBe(0);
    expect(at - sent).toBeLessThan(5_000);
  }, 120_000);
});
