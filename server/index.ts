// The production server's entry (`node build/server/index.js`, bundled by scripts/build-server.mjs):
// validates the configuration, starts the upstream, serves the Remix build, and stops cleanly.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type ServerBuild, broadcastDevReady } from "@remix-run/node";
import { createApp } from "./app";
import { type Config, loadConfig } from "./config";
import { ensureSessionSecret } from "./demo-secret";
import { log } from "./log";
import { type Upstream, upstreamOf } from "./upstream";

let shuttingDown = false;

/** The address a person opens: a wildcard HOST is reached as localhost. */
function openUrl(host: string, port: number) {
  const name = ["0.0.0.0", "::", ""].includes(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** Stops the embedded core (if any), then exits. */
function stopAndExit(upstream: Upstream | undefined, code: number) {
  shuttingDown = true;
  Promise.resolve(upstream?.stop()).finally(() => process.exit(code));
}

async function main(config: Config, upstream: Upstream) {
  process.env.NODE_ENV = config.NODE_ENV;
  ensureSessionSecret(config);
  await upstream.start();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const app = createApp({ build, config, upstream, shuttingDown: () => shuttingDown });
  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : config.PORT;
    log.info({ port, upstream: upstream.base() }, "listening");
    if (config.NODE_ENV !== "production" && process.env.REMIX_DEV_ORIGIN) broadcastDevReady(build);
    // The start output ends with the one thing a person needs, in plain words.
    process.stdout.write(`Colour Lottery is running at ${openUrl(config.HOST, port)}\n`);
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
  console.error(JSON.stringify({ level: 60, msg: (error as Error).message }));
  process.exit(1);
}
log.level = config.LOG_LEVEL;
const upstream = upstreamOf(config);
main(config, upstream).catch((error) => {
  log.fatal({ err: error?.message }, "failed to start");
  stopAndExit(upstream, 1);
});
