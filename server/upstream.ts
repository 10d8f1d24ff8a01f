// The upstream: the operator's (UPSTREAM_URL) or the embedded core started as a child process,
// whose address is known once it has told us its port (embedded-core.ts).
import cluster from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import type { Config } from "./config";
import { type EmbeddedCore, startEmbeddedCore } from "./embedded-core";
import { log } from "./log";

export interface Upstream {
  /** Base URL of the upstream `/core` API without a trailing slash; unknown before the core is up. */
  base(): string | undefined;
  /** true, or why the app is not ready (the /readyz status). */
  ready(): Promise<boolean | string>;
  /** Starts the embedded core when there is no UPSTREAM_URL; exits when it cannot. */
  start(): Promise<void>;
  /** Stops the embedded core, if any. */
  stop(): Promise<void>;
  /** `listener` hears when the embedded core stops unasked and when it is ready, at its new URL. */
  onChange(listener: (change: UpstreamChange) => void): void;
  /** What the primary told this server process of its embedded core (primary.ts). */
  follow(change: UpstreamChange): void;
}

/** The embedded core stopped and is being restarted, or is ready at `url`. */
type UpstreamChange = { type: "down" } | { type: "up"; url: string };

export function isUpstreamChange(message: unknown): message is UpstreamChange {
  const m = message as { type?: unknown; url?: unknown } | null;
  return m?.type === "down" || (m?.type === "up" && typeof m.url === "string");
}

export function upstreamOf(config: Config): Upstream {
  const embedded = !config.UPSTREAM_URL;
  let base = config.UPSTREAM_URL?.replace(/\/+$/, "");
  let core: EmbeddedCore | null = null;
  const listeners: Array<(change: UpstreamChange) => void> = [];
  /** Told by the primary that its embedded core is restarting (a server process of several). */
  let restarting = false;

  /** The Remix loaders read the upstream from process.env (app/utils/env.server.ts) at each call. */
  const use = (url: string) => {
    base = url;
    process.env.UPSTREAM_URL = url;
  };

  async function startCore() {
    const entry = path.resolve("build/core/index.js");
    if (!fs.existsSync(entry)) {
      log.fatal(
        { entry },
        "The embedded core is not built: run `node scripts/build-core.mjs`, or set UPSTREAM_URL",
      );
      process.exit(1);
    }
    core = startEmbeddedCore({
      entry,
      port: config.CORE_PORT,
      readyTimeoutMs: config.CORE_READY_TIMEOUT_MS,
      log,
      onReady: (port) => {
        const url = `http://127.0.0.1:${port}/core`;
        use(url);
        for (const listener of listeners) listener({ type: "up", url });
      },
      onDown: () => {
        for (const listener of listeners) listener({ type: "down" });
      },
    });
    try {
      log.info(await core.started, "embedded core ready");
    } catch (error) {
      const { code, signal } = error as { code?: number | null; signal?: string | null };
      log.fatal({ code, signal }, "the embedded core did not start");
      process.exit(1);
    }
  }

  const upstream: Upstream = {
    base: () => base,
    async ready() {
      if ((embedded && !core?.isUp()) || restarting) return "upstream restarting";
      if (!base) return false;
      try {
        const url = embedded
          ? `${new URL(base).origin}/readyz`
          : `${base}/app/config/getSysCfgValue?sysCfgKeyEnum=COUNTRY_CODE`;
        const res = await fetch(url, {
          signal: AbortSignal.timeout(3000),
          headers: { accept: "application/json" },
        });
        if (!res.ok) return false;
        if (embedded) return true;
        const body = (await res.json().catch(() => null)) as { code?: unknown } | null;
        return Boolean(body && typeof body.code === "number");
      } catch {
        return false;
      }
    },
    async start() {
      if (embedded) await startCore();
      else if (base) {
        use(base);
        // The operator's upstream: a wrong or unreachable UPSTREAM_URL is said at start, not first
        // by a player's page (the app serves all the same, and /readyz says it until it answers).
        if (!cluster.isWorker)
          void upstream.ready().then((ready) => {
            if (ready !== true) log.warn({ upstream: base }, "the upstream does not answer (GET /readyz)");
          });
      }
    },
    async stop() {
      await core?.stop();
    },
    onChange(listener) {
      listeners.push(listener);
    },
    follow(change) {
      restarting = change.type === "down";
      if (change.type === "up") use(change.url);
    },
  };
  return upstream;
}
