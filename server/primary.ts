// WEB_CONCURRENCY > 1: this process starts the upstream (the embedded core, or the operator's)
// and runs that many server processes, which share the port (node:cluster) and each serve
// every page; it restarts one that dies and stops them all, then the core, on SIGTERM.
import cluster, { type Worker } from "node:cluster";
import { announce } from "./announce";
import type { Config } from "./config";
import { ensureSessionSecret } from "./demo-secret";
import { log } from "./log";
import type { Upstream } from "./upstream";

/** A server process that dies is replaced after this long (a crash loop costs little). */
const REPLACE_AFTER_MS = 1_000;
const STOP_TIMEOUT_MS = 20_000;

/**
 * The server processes still running. Node lists a worker in cluster.workers until it has both
 * exited and closed its IPC channel; when 'exit' comes first, the worker that just exited is still
 * listed as its 'exit' is heard, so the last one would never be seen to go.
 */
export function runningWorkers(workers: NodeJS.Dict<Worker> | undefined): Worker[] {
  return Object.values(workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
}

export async function runPrimary(config: Config, upstream: Upstream) {
  ensureSessionSecret(config); // in process.env before any fork: every process seals alike
  await upstream.start();
  let stopping = false;
  let announced = false;
  let exitCode = 0;
  /** Server processes that have listened: one that ends before it did could not start at all. */
  const listened = new Set<number>();

  // Each process calls the upstream the primary started (the core's latest URL).
  const fork = () => cluster.fork({ UPSTREAM_URL: upstream.base() ?? "" });
  for (let i = 0; i < config.WEB_CONCURRENCY; i++) fork();

  cluster.on("listening", (worker, address) => {
    listened.add(worker.id);
    if (announced) return;
    announced = true;
    announce(config.HOST, address.port);
  });
  cluster.on("exit", (worker: Worker, code, signal) => {
    if (stopping) {
      if (runningWorkers(cluster.workers).length === 0) finish(exitCode);
      return;
    }
    if (!listened.has(worker.id)) {
      // It logged why (e.g. the port is taken); another would fail the same way.
      log.fatal({ pid: worker.process.pid, code, signal }, "a server process could not start; stopping");
      exitCode = 1;
      shutdown("start failed");
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, "a server process stopped; starting another");
    setTimeout(() => stopping || fork(), REPLACE_AFTER_MS);
  });
  // Every server process hears that the embedded core is restarting (its /readyz says so), and
  // then calls it at its new port.
  upstream.onChange((change) => {
    for (const worker of runningWorkers(cluster.workers)) worker.send(change);
  });

  const finish = async (code: number) => {
    await upstream.stop();
    log.info("stopped");
    process.exit(code);
  };
  const shutdown = (reason: NodeJS.Signals | "start failed") => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, "shutting down");
    setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    const workers = runningWorkers(cluster.workers);
    if (workers.length === 0) finish(exitCode);
    // Each drains its connections and exits (index.ts); the core stops after the last.
    for (const worker of workers) worker.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}
