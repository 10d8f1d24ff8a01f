// The production server's entry (`node build/server/index.js`, bundled by scripts/build-server.mjs):
// validates the configuration, starts the upstream, serves the Remix build, and stops cleanly.
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerBuild, broadcastDevReady } from "@remix-run/node";
import { announce } from "./announce";
import { createApp } from "./app";
import { type Config, loadConfig } from "./config";
import { ensureSessionSecret } from "./demo-secret";
import { log } from "./log";
import { runPrimary } from "./primary";
import { rememberRouteMatches } from "./route-matching";
import { httpServerFor, slowClientLimits } from "./slow-clients";
import { type Upstream, isUpstreamChange, upstreamOf } from "./upstream";

let shuttingDown = false;

/** Stops the embedded core (if any), then exits. */
function stopAndExit(upstream: Upstream | undefined, code: number) {
  shuttingDown = true;
  Promise.resolve(upstream?.stop()).finally(() => process.exit(code));
}

async function main(config: Config, upstream: Upstream) {
  process.env.NODE_ENV = config.NODE_ENV;
  ensureSessionSecret(config);
  await upstream.start();
  rememberRouteMatches();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const slowClients = slowClientLimits(config.BODY_MIN_BYTES_PER_SECOND);
  const app = createApp({ build, config, upstream, shuttingDown: () => shuttingDown, slowClients });
  const server = httpServerFor(app, slowClients).listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    log.info({ port, upstream: upstream.base() }, "listening");
    if (config.NODE_ENV !== "production" && process.env.REMIX_DEV_ORIGIN) broadcastDevReady(build);
    // With several server processes, their primary says it once (primary.ts).
    if (!cluster.isWorker) announce(config.HOST, port);
  });
  server.keepAliveTimeout = 65_000;
  server.on("error", (error) => {
    log.fatal({ err: error.message }, "cannot listen");
    stopAndExit(upstream, 1);
  });

  const shutdown = (signal: NodeJS.Signals) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, "shutting down");
    const hardStop = setTimeout(() => {
      log.error("shutdown took too long; exiting");
      process.exit(1);
    }, 20_000);
    hardStop.unref();
    // Keep-alive connections that finish their request during the drain go idle: sweep them.
    const sweep = setInterval(() => server.closeIdleConnections?.(), 100);
    server.close(async () => {
      clearInterval(sweep);
      await upstream.stop();
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  const line = {
    level: "fatal",
    time: new Date().toISOString(),
    service: "server",
    msg: (error as Error).message,
  };
  console.error(JSON.stringify(line));
  process.exit(1);
}
log.level = config.LOG_LEVEL;
const upstream = upstreamOf(config);
if (cluster.isWorker) {
  // The primary says when its embedded core restarts, and where it is then (primary.ts).
  process.on("message", (message: unknown) => {
    if (isUpstreamChange(message)) upstream.follow(message);
  });
}
const run = config.WEB_CONCURRENCY > 1 && cluster.isPrimary ? runPrimary : main;
run(config, upstream).catch((error) => {
  log.fatal({ err: error?.message }, "failed to start");
  stopAndExit(upstream, 1);
});
