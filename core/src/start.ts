import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { serve } from "@hono/node-server";
import type { Logger } from "pino";
import { createCoreApp } from "./app";
import { createSmsSender, smsDeliveriesSettled } from "./auth/sms";
import { MODULES } from "./modules";
import { refuseDevOperatorPassword } from "./operator/auth";
import { ConfigError, type CoreConfig, loadConfig } from "./platform/config";
import type { Deps } from "./platform/context";
import { type Db, openDb } from "./platform/db";
import { type RunningJob, startJobs, stopJobs } from "./platform/jobs";
import { acquireDataLock } from "./platform/locks";
import { createLogger } from "./platform/log";
import { migrate } from "./platform/migrate";
import { seedModules } from "./platform/seed";
import type { SmsSender } from "./platform/sms";

interface StartCoreOptions {
  /** Wins over the environment. */
  config?: Partial<CoreConfig>;
  env?: Record<string, string | undefined>;
  /** An already open database (tests); it is closed with the core unless keepDb. */
  db?: Db;
  keepDb?: boolean;
  log?: Logger;
  now?: () => number;
  sms?: SmsSender;
  /** Seed configuration, notices and the demo player (default true). */
  seed?: boolean;
  /** Start the background jobs (default true). */
  jobs?: boolean;
}

interface RunningCore {
  /** Base URL of the API, e.g. http://127.0.0.1:3100/core */
  url: string;
  origin: string;
  port: number;
  deps: Deps;
  close(): Promise<void>;
}

/**
 * How long a caller may take to send a request (decision 069). The core's callers are servers (the
 * app reads a player's whole upload before it calls, and the largest body is a 5 MB file), so a
 * request that takes longer than this is held by a slow or hostile client; Node would wait 300 s.
 *
 * An idle keep-alive connection stays open longer than its callers keep it in their pools (the
 * app's upstream client drops an idle socket after 4 s, fetch after about 4 s): the caller closes
 * it first. With Node's 5 s the two were a second apart, and a caller whose event loop was busy for
 * that second wrote its next request into a socket the core was closing, and got ECONNRESET; a
 * POST is not sent again. Shutdown closes idle connections at once.
 */
const CALLERS = {
  headersTimeout: 10_000,
  requestTimeout: 60_000,
  connectionsCheckingInterval: 1_000,
  keepAliveTimeout: 65_000,
};

/** How long requests in flight may take to finish on shutdown before their connections close. */
const SHUTDOWN_GRACE_MS = 3_000;

export async function startCore(options: StartCoreOptions = {}): Promise<RunningCore> {
  const config = loadConfig(options.env ?? process.env, options.config);
  await refuseDevOperatorPassword(config);
  const log = options.log ?? createLogger(config.logLevel);
  const fileBacked = !options.db && !config.databaseUrl && !config.dataDir.startsWith("memory://");
  const releaseLock = fileBacked ? acquireDataLock(config.dataDir) : () => {};
  let db: Db;
  try {
    db = options.db ?? (await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  } catch (error) {
    releaseLock();
    throw error;
  }
  const sms = options.sms ?? createSmsSender(config.sms, log);
  const deps: Deps = { db, log, config, now: options.now ?? Date.now, sms };
  const jobs: RunningJob[] = [];
  let server: ReturnType<typeof serve> | undefined;

  const closeDb = async () => {
    if (!options.db || !options.keepDb) await db.close().catch(() => {});
    releaseLock();
  };
  try {
    const migrationsDir = resolve(config.migrationsDir);
    const applied = await migrate(db, migrationsDir);
    if (applied.length) log.info({ applied }, "migrations applied");
    if (options.seed !== false) await seedModules(deps, MODULES);
    const app = createCoreApp(deps);
    server = await new Promise<ReturnType<typeof serve>>((ready, fail) => {
      const s = serve(
        { fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: CALLERS },
        () => ready(s),
      );
      s.once("error", fail);
    });
    if (options.jobs !== false) {
      await startJobs(
        MODULES.flatMap((module) => module.jobs ?? []),
        deps,
        jobs,
      );
    }
  } catch (error) {
    for (const { stop } of jobs.reverse()) await stop();
    server?.close();
    await closeDb();
    throw error;
  }

  const address = server.address() as AddressInfo;
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const origin = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${address.port}`;
  log.info({ url: `${origin}/core`, database: db.kind }, "core listening");

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      const s = server!;
      // The jobs stop beside the drain, not after it: no request waits on a job, and a pass under
      // way finishes inside the grace instead of after it (its next run is at the next start).
      const jobsStopped = stopJobs(jobs, deps);
      // Stop accepting; requests in flight finish; idle keep-alive connections go now.
      const drained = new Promise<void>((done) => s.close(() => done()));
      // A keep-alive connection that finishes its request during the drain goes idle too: sweep.
      const sweep = setInterval(() => "closeIdleConnections" in s && s.closeIdleConnections(), 100);
      if ("closeIdleConnections" in s) s.closeIdleConnections();
      const timer = setTimeout(() => {
        if ("closeAllConnections" in s) s.closeAllConnections();
      }, SHUTDOWN_GRACE_MS);
      await drained;
      clearTimeout(timer);
      clearInterval(sweep);
      await smsDeliveriesSettled(); // texts answered as sent go out before the process ends
      await jobsStopped;
      await closeDb();
      log.info("core stopped");
    })();
    return closing;
  };
  return { url: `${origin}/core`, origin, port: address.port, deps, close };
}

/** How long a stop may take before the process exits anyway, because something hangs. */
const SHUTDOWN_HARD_LIMIT_MS = 8_000;
/** How often a core started by the app checks that the app is still its parent. */
const PARENT_CHECK_MS = 1_000;

/** What the core tells the app that started it, over the IPC channel, once it answers. */
interface CoreReadyMessage {
  type: "core-ready";
  port: number;
}

/** The core as its own process (main.ts): start, and stop cleanly on a signal or without a parent. */
export async function runCoreProcess() {
  let config: CoreConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = createLogger(config.logLevel);
  const starting: Promise<RunningCore | null> = startCore({ log }).catch((err) => {
    if (err instanceof ConfigError) console.error(err.message);
    else log.fatal({ err }, "core could not start");
    process.exit(1);
    return null;
  });
  // Signals during start-up wait for it to finish, then shut down cleanly. The first request to
  // stop starts the shutdown; later ones (Ctrl-C reaches app and core, then the app sends SIGTERM)
  // change nothing. Whatever hangs, the process is gone after SHUTDOWN_HARD_LIMIT_MS.
  let stopping = false;
  const shutdown = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal: reason }, "shutting down");
    setTimeout(() => {
      log.error({ limitMs: SHUTDOWN_HARD_LIMIT_MS }, "shutdown took too long; exiting");
      process.exit(1);
    }, SHUTDOWN_HARD_LIMIT_MS);
    const core = await starting;
    try {
      await core?.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
  // Started by the app with an IPC channel: when the app goes away, however it dies, so does the
  // core. The channel closing is the signal; the parent check catches a channel that never closes.
  if (process.channel) {
    process.once("disconnect", () => void shutdown("parent exited"));
    const parent = process.ppid;
    setInterval(() => {
      if (process.ppid !== parent) void shutdown("parent exited");
    }, PARENT_CHECK_MS).unref();
  }
  const core = await starting;
  // The app learns the port (0 means one the system chose) from its own child, not from whatever
  // answers on a port.
  if (core && process.send && process.connected) {
    process.send({ type: "core-ready", port: core.port } satisfies CoreReadyMessage);
  }
}
