// The embedded core as the app runs it: a child process on a port the system chooses, which the
// child reports over its IPC channel (so the app never mistakes another process for its core),
// restarted with a growing delay whenever it stops. See docs/decisions/012-embedded-core-process.md.
import { type ChildProcess, spawn } from "node:child_process";
import readline from "node:readline";
import type { Readable, Writable } from "node:stream";

/** Delays between restarts: from firstMs, doubling up to maxMs; back to firstMs after a long run. */
const RESTART_POLICY = { firstMs: 500, maxMs: 30_000, resetAfterMs: 60_000 };

interface EmbeddedCoreOptions {
  entry: string;
  /** 0 (the default) lets the system choose a free port at each start. */
  port?: number;
  readyTimeoutMs: number;
  log: {
    warn(fields: object, msg: string): void;
    error(fields: object, msg: string): void;
  };
  onReady?: (port: number) => void;
  /** Runs when a ready core stops without being asked (it is restarted after this). */
  onDown?: () => void;
  restartPolicy?: typeof RESTART_POLICY;
}

export interface EmbeddedCore {
  /** The first start: its port and pid once ready; rejects when it exits first or is too slow. */
  started: Promise<{ port: number; pid: number | undefined }>;
  /** Whether the core is running and has said it is ready. */
  isUp(): boolean;
  /** Stops restarting and the core itself: SIGTERM, then SIGKILL after graceMs. */
  stop(graceMs?: number): Promise<void>;
}

/** Why a core stopped: its exit code or signal (both null when it could not be started). */
type Ending = { code: number | null; signal: NodeJS.Signals | null };

function forwardLines(stream: Readable, out: Writable) {
  readline.createInterface({ input: stream }).on("line", (line) => out.write(`${line}\n`));
}

/**
 * Starts `node <entry>`; `started` resolves with its port and pid once it has said it is ready,
 * and rejects when it exits first or does not say so within `readyTimeoutMs`. After that first
 * start the core is kept running: each time it stops it is started again (logged at warn, with
 * the exit code or signal and the delay), and `onReady(port)` runs again with its new port.
 *
 * `port` 0 (the default) lets the system choose a free port at each start.
 */
export function startEmbeddedCore({
  entry,
  port = 0,
  readyTimeoutMs,
  log,
  onReady,
  onDown,
  restartPolicy = RESTART_POLICY,
}: EmbeddedCoreOptions): EmbeddedCore {
  let child: ChildProcess | null = null;
  let up = false;
  let stopped = false;
  let delay = restartPolicy.firstMs;
  let restartTimer: NodeJS.Timeout | null = null;

  /** One core process; resolves with its port and pid when it is ready. */
  const launch = () =>
    new Promise<{ port: number; pid: number | undefined }>((resolve, reject) => {
      const proc = spawn(process.execPath, [entry], {
        env: { ...process.env, CORE_PORT: String(port) },
        // The IPC channel carries the ready message, and lets the core notice when this process
        // dies, however it dies (even SIGKILL).
        stdio: ["ignore", "pipe", "pipe", "ipc"],
      });
      child = proc;
      if (proc.stdout) forwardLines(proc.stdout, process.stdout);
      if (proc.stderr) forwardLines(proc.stderr, process.stderr);
      let readyAt = 0;
      let ended = false;
      const tooSlow = setTimeout(() => {
        log.error({ readyTimeoutMs }, "the embedded core did not become ready in time");
        proc.kill("SIGKILL");
      }, readyTimeoutMs);
      proc.on("message", (message: { type?: unknown; port?: unknown } | null) => {
        const told = message?.type === "core-ready" ? message.port : undefined;
        if (readyAt || typeof told !== "number" || !Number.isInteger(told)) return;
        clearTimeout(tooSlow);
        readyAt = Date.now();
        up = true;
        onReady?.(told);
        resolve({ port: told, pid: proc.pid });
      });
      const end = (code: number | null, signal: NodeJS.Signals | null) => {
        if (ended) return;
        ended = true;
        clearTimeout(tooSlow);
        up = false;
        if (!readyAt) {
          reject(Object.assign(new Error("the embedded core stopped before it was ready"), { code, signal }));
        } else if (!stopped) {
          onDown?.();
          restartLater({ code, signal, upForMs: Date.now() - readyAt });
        }
      };
      proc.once("exit", end);
      // Only when the process could not be started at all (no "exit" follows then).
      proc.once("error", (error) => {
        log.error({ err: error.message }, "the embedded core could not be started");
        if (proc.pid === undefined) end(null, null);
      });
    });

  /** upForMs: how long the stopped core had been ready; null when it never was. */
  const restartLater = ({ code, signal, upForMs }: Ending & { upForMs: number | null }) => {
    if (stopped) return;
    if (upForMs !== null && upForMs >= restartPolicy.resetAfterMs) delay = restartPolicy.firstMs;
    const restartInMs = delay;
    delay = Math.min(delay * 2, restartPolicy.maxMs);
    log.warn(
      { code, signal, restartInMs },
      upForMs !== null
        ? "the embedded core stopped; restarting it"
        : "the embedded core did not start; retrying",
    );
    restartTimer = setTimeout(async () => {
      restartTimer = null;
      if (stopped) return;
      try {
        log.warn(await launch(), "embedded core restarted");
      } catch (error) {
        const { code = null, signal = null } = error as Partial<Ending>;
        restartLater({ code, signal, upForMs: null });
      }
    }, restartInMs);
  };

  const started = launch();

  return {
    started,
    isUp: () => up,
    async stop(graceMs = 10_000) {
      stopped = true;
      if (restartTimer) clearTimeout(restartTimer);
      const proc = child;
      if (!proc?.pid || proc.exitCode !== null || proc.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
      proc.kill("SIGTERM");
      const kill = setTimeout(() => {
        log.warn({ pid: proc.pid, graceMs }, "the embedded core did not stop in time; killing it");
        proc.kill("SIGKILL");
      }, graceMs);
      await exited;
      clearTimeout(kill);
    },
  };
}
