import { realpathSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { Logger } from "pino";
import { createCoreApp } from "./app";
import { type SmsSender, createSmsSender, smsDeliveriesSettled } from "./auth/sms";
import { gameSchedulerJob } from "./game/scheduler";
import { ConfigError, type CoreConfig, loadConfig } from "./platform/config";
import type { Deps } from "./platform/context";
import { type Db, openDb } from "./platform/db";
import { acquireDataLock } from "./platform/locks";
import { createLogger } from "./platform/log";
import { migrate } from "./platform/migrate";
import { seed } from "./user/seed";

/**
 * A job that runs beside the server (e.g. the game's round scheduler). `start` runs after the
 * database is migrated and seeded; what it returns is awaited on shutdown, before the database
 * closes.
 */
export interface BackgroundJob {
  name: string;
  start(deps: Deps): Promise<() => Promise<void> | void> | (() => Promise<void> | void);
}

const BACKGROUND_JOBS: BackgroundJob[] = [
  // ---- background jobs of other teams go below this line ----
  gameSchedulerJob,
];

export interface StartCoreOptions {
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

export interface RunningCore {
  /** Base URL of the API, e.g. http://127.0.0.1:3100/core */
  url: string;
  origin: string;
  port: number;
  deps: Deps;
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 10_000;

export async function startCore(options: StartCoreOptions = {}): Promise<RunningCore> {
  const config = loadConfig(options.env ?? process.env, options.config);
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
  const stops: { name: string; stop: () => Promise<void> | void }[] = [];
  let server: ReturnType<typeof serve> | undefined;

  const closeDb = async () => {
    if (!options.db || !options.keepDb) await db.close().catch(() => {});
    releaseLock();
  };
  try {
    const migrationsDir = resolve(config.migrationsDir);
    const applied = await migrate(db, migrationsDir);
    if (applied.length) log.info({ applied }, "migrations applied");
    if (options.seed !== false) {
      const report = await seed(deps);
      if (report.demo) {
        const { areaCode, phone, invitation } = report.demo;
        const password = config.env === "production" ? "(DEMO_PASSWORD)" : config.demo.password;
        log.info(
          { demo: { areaCode, phone, invitation } },
          `Demo player: +${areaCode} ${phone}, password ${password}, invitation code ${invitation}`,
        );
      }
    }
    const app = createCoreApp(deps);
    server = await new Promise<ReturnType<typeof serve>>((ready, fail) => {
      const s = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => ready(s));
      s.once("error", fail);
    });
    if (options.jobs !== false) {
      for (const job of BACKGROUND_JOBS) {
        stops.push({ name: job.name, stop: await job.start(deps) });
        log.info({ job: job.name }, "background job started");
      }
    }
  } catch (error) {
    for (const { stop } of stops.reverse()) await stop();
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
      for (const { name, stop } of stops.reverse()) {
        await Promise.resolve(stop()).catch((err) =>
          log.error({ err, job: name }, "background job did not stop cleanly"),
        );
      }
      await closeDb();
      log.info("core stopped");
    })();
    return closing;
  };
  return { url: `${origin}/core`, origin, port: address.port, deps, close };
}

async function main() {
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
    log.fatal({ err }, "core could not start");
    process.exit(1);
    return null;
  });
  // Signals during start-up wait for it to finish, then shut down cleanly.
  const shutdown = async (signal: string) => {
    log.info({ signal }, "shutting down");
    const core = await starting;
    try {
      await core?.close();
      process.exit(0);
    } catch (err) {
      log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
  // Started by the app server with an IPC channel: when the app goes away, so does the core.
  if (process.channel) process.once("disconnect", () => void shutdown("parent exited"));
  process.once("SIGINT", () => void shutdown("SIGINT"));
  await starting;
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(realpathSync(entry)).href) await main();
