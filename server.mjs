// Production server of the Remix BFF (express 4). Plain JS so that `node server.mjs` runs
// without a build step of its own. See docs and design section 5 (operations).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import expressAdapter from "@remix-run/express/dist/server.js";
import { broadcastDevReady, createRequestHandler } from "@remix-run/node";
import { matchRoutes } from "@remix-run/router";
import compression from "compression";
import express from "express";
import pino from "pino";
import { z } from "zod";
import { prefersJson } from "./prefers-json.mjs";
import { sessionSecretProblem } from "./session-secret.mjs";

const { createRemixRequest, sendRemixResponse } = expressAdapter;

// ---------------------------------------------------------------------------------------------
// Configuration, validated at start. No fallback secrets: in production SESSION_SECRET is required.
const configSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  UPSTREAM_URL: z
    .string()
    .url("UPSTREAM_URL must be a URL such as https://api.example.com/core")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  CORE_PORT: z.coerce.number().int().min(1).max(65535).default(3100),
  SESSION_SECRET: z.string().optional(),
  /** Session timeouts (app/utils/env.server.ts reads them; the embedded core reads them too). */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60)
    .default(30),
  SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(7),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  UPSTREAM_ENCRYPT: z.enum(["0", "1", "true", "false"]).default("0"),
  CURRENCY_SIGN: z.string().min(1).default("₹"),
  DEFAULT_TIME_ZONE: z
    .string()
    .default("Asia/Kolkata")
    .refine((zone) => {
      try {
        return Boolean(new Intl.DateTimeFormat("en-US", { timeZone: zone }));
      } catch {
        return false;
      }
    }, "DEFAULT_TIME_ZONE must be an IANA time zone such as Asia/Kolkata"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** express "trust proxy": set when a reverse proxy sets X-Forwarded-For / -Proto. */
  TRUST_PROXY: z.string().optional(),
  /** Where the demo session secret is kept (the core has its own DATA_DIR). */
  APP_DATA_DIR: z.string().default("data"),
  CORE_READY_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
});

/** Validates `env`; throws with every problem named. */
export function loadConfig(env = process.env) {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return parsed.data;
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href;
let config;
try {
  config = loadConfig();
} catch (error) {
  if (isMain) {
    console.error(JSON.stringify({ level: 60, msg: error.message }));
    process.exit(1);
  }
  config = loadConfig({});
}
const production = config.NODE_ENV === "production";
const log = pino({ level: isMain ? config.LOG_LEVEL : "silent", base: { svc: "server" } });

// ---------------------------------------------------------------------------------------------
// Session secret: required in production (32 characters or more, session-secret.mjs); in demo mode
// generated once into data/session-secret.
function ensureSessionSecret() {
  const problem = sessionSecretProblem(config.SESSION_SECRET, production);
  if (problem) {
    log.fatal(problem);
    process.exit(1);
  }
  if (config.SESSION_SECRET?.trim()) return;
  const file = path.resolve(config.APP_DATA_DIR, "session-secret");
  let secret = "";
  try {
    secret = fs.readFileSync(file, "utf8").trim();
  } catch {
    // Not there yet.
  }
  if (!secret) {
    secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  }
  process.env.SESSION_SECRET = secret;
  log.warn({ file }, "SESSION_SECRET is not set: using a generated demo secret (set it in production)");
}
// ---------------------------------------------------------------------------------------------
// Upstream: the operator's (UPSTREAM_URL) or the embedded core started as a child process.
const embedded = !config.UPSTREAM_URL;
const upstreamBase = (config.UPSTREAM_URL ?? `http://127.0.0.1:${config.CORE_PORT}/core`).replace(/\/+$/, "");
let core = null;
let shuttingDown = false;

function forwardLines(stream, out) {
  readline.createInterface({ input: stream }).on("line", (line) => out.write(`${line}\n`));
}

async function waitFor(url, timeoutMs, isAlive) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.body?.cancel();
      if (res.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

async function startEmbeddedCore() {
  const entry = path.resolve("build/core/index.js");
  if (!fs.existsSync(entry)) {
    log.fatal(
      { entry },
      "The embedded core is not built: run `node scripts/build-core.mjs`, or set UPSTREAM_URL",
    );
    process.exit(1);
  }
  core = spawn(process.execPath, [entry], {
    env: { ...process.env, CORE_PORT: String(config.CORE_PORT) },
    // The IPC channel lets the core notice when this process dies, however it dies (even SIGKILL).
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  forwardLines(core.stdout, process.stdout);
  forwardLines(core.stderr, process.stderr);
  let exited = false;
  core.on("exit", (code, signal) => {
    exited = true;
    if (!shuttingDown) {
      log.fatal({ code, signal }, "the embedded core stopped");
      process.exit(1);
    }
  });
  const ready = await waitFor(
    `http://127.0.0.1:${config.CORE_PORT}/readyz`,
    config.CORE_READY_TIMEOUT_MS,
    () => !exited,
  );
  if (!ready) {
    log.fatal("the embedded core did not become ready");
    core.kill("SIGKILL");
    process.exit(1);
  }
  log.info({ port: config.CORE_PORT }, "embedded core ready");
}

async function upstreamReady() {
  try {
    const url = embedded
      ? `http://127.0.0.1:${config.CORE_PORT}/readyz`
      : `${upstreamBase}/app/config/getSysCfgValue?sysCfgKeyEnum=COUNTRY_CODE`;
    const res = await fetch(url, {
      signal: AbortSignal.timeout(3000),
      headers: { accept: "application/json" },
    });
    if (!res.ok) return false;
    if (embedded) return true;
    const body = await res.json().catch(() => null);
    return Boolean(body && typeof body.code === "number");
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON mode: a request preferring application/json becomes the leaf route's data request.
export function routeTree(manifest, parentId) {
  return Object.values(manifest)
    .filter((r) => r.parentId === parentId)
    .map((r) => ({
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      children: routeTree(manifest, r.id),
    }));
}

const LOGIN_PATH = "/pages/login/login";

/** Turns Remix's 204 + X-Remix-Redirect into JSON a curl user can read. */
async function toJsonModeResponse(response) {
  const location = response.headers.get("x-remix-redirect");
  if (!location) return response;
  const headers = new Headers(response.headers);
  for (const name of [
    "x-remix-redirect",
    "x-remix-status",
    "x-remix-revalidate",
    "x-remix-reload-document",
  ]) {
    headers.delete(name);
  }
  headers.set("content-type", "application/json; charset=utf-8");
  headers.delete("content-length");
  const toLogin = new URL(location, "http://x").pathname === LOGIN_PATH;
  const body = toLogin ? { message: "Please log in first", redirect: location } : { redirect: location };
  return new Response(JSON.stringify(body), { status: toLogin ? 401 : 200, headers });
}

/**
 * JSON answers (data requests, JSON mode) are small and complete: they are sent in one write,
 * gzipped in one synchronous call when worth it, instead of going through the streaming
 * `compression` middleware (a zlib stream, a write, a flush and an end on the thread pool per
 * answer). Same bytes on the wire as `compression` would send (gzip, level 6, above 1 KB).
 */
const GZIP_THRESHOLD = 1024;
function isJson(response) {
  return Boolean(response.body) && /^application\/json\b/i.test(response.headers.get("content-type") ?? "");
}
async function sendJsonResponse(req, res, response) {
  let body = Buffer.from(await response.arrayBuffer());
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  res.append("Vary", "Accept-Encoding");
  if (
    body.length >= GZIP_THRESHOLD &&
    !res.getHeader("Content-Encoding") &&
    !/\bno-transform\b/i.test(String(res.getHeader("Cache-Control") ?? "")) &&
    req.method !== "HEAD" &&
    req.acceptsEncodings("gzip", "identity") === "gzip"
  ) {
    body = gzipSync(body, { level: 6 });
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", body.length);
  res.end(body);
}

// ---------------------------------------------------------------------------------------------
// The app. `handleRequest` defaults to Remix's handler for `build`; tests pass their own.
export function createApp({
  build,
  handleRequest = createRequestHandler(build, config.NODE_ENV),
  ready = upstreamReady,
}) {
  const routes = routeTree(build.routes, undefined);
  const app = express();
  app.disable("x-powered-by");
  // Only `_data` is ever read from req.query: Node's querystring is enough (qs is slower).
  app.set("query parser", "simple");
  if (config.TRUST_PROXY) {
    app.set(
      "trust proxy",
      /^\d+$/.test(config.TRUST_PROXY) ? Number(config.TRUST_PROXY) : config.TRUST_PROXY,
    );
  }

  // Request id + JSON access log.
  app.use((req, res, next) => {
    const incoming = req.get("x-request-id");
    const id = incoming && /^[\w.-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    req.headers["x-request-id"] = id;
    res.setHeader("x-request-id", id);
    // The upstream's per-IP limits see the player's address as we see it, not a client's claim.
    req.headers["x-forwarded-for"] = req.ip || req.socket.remoteAddress || "";
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      if (req.path === "/healthz" || req.path === "/readyz") return;
      log.info(
        {
          reqId: id,
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        },
        "request",
      );
    });
    next();
  });

  // Security headers, with a fresh CSP nonce for Remix's inline scripts.
  app.use((req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    const connect = production ? "'self'" : "'self' ws: http://localhost:*";
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self'",
        `connect-src ${connect}`,
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join("; "),
    );
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  });

  app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    if (shuttingDown) return res.status(503).json({ status: "shutting down" });
    const ok = await ready();
    res.status(ok ? 200 : 503).json({ status: ok ? "ready" : "upstream unavailable" });
  });

  // Data requests answer JSON, which sendJsonResponse compresses in one go; the rest (documents,
  // assets, other answers) goes through the streaming middleware.
  const compress = compression();
  app.use((req, res, next) => ("_data" in req.query ? next() : compress(req, res, next)));

  // Fingerprinted assets: cached for a year. Other public files and translations: an hour.
  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
  // Only a path with a file extension can be a public file: page requests skip the disk look-up.
  const publicFiles = express.static("public", { maxAge: "1h", index: false });
  app.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  app.use("/locales", express.static("locales", { maxAge: "1h", index: false, fallthrough: false }));

  // Uploaded images (avatars) live on the upstream; the browser only ever talks to us.
  app.get("/core/files/:name", async (req, res, next) => {
    if (!/^[\w-]+\.(webp|png|jpe?g|gif)$/.test(req.params.name)) return res.status(404).end();
    try {
      const upstream = await fetch(`${upstreamBase}/files/${req.params.name}`, {
        signal: AbortSignal.timeout(config.UPSTREAM_TIMEOUT_MS),
      });
      if (!upstream.ok || !upstream.body) return res.status(upstream.status === 404 ? 404 : 502).end();
      res.setHeader("content-type", upstream.headers.get("content-type") ?? "application/octet-stream");
      res.setHeader("cache-control", "public, max-age=86400");
      const buffer = Buffer.from(await upstream.arrayBuffer());
      res.end(buffer);
    } catch (error) {
      next(error);
    }
  });

  // CSRF defence for every mutation: same-origin only. Requests with neither header (curl) pass.
  app.use((req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    let crossSite = Boolean(site) && site !== "same-origin" && site !== "none";
    if (!crossSite && origin) {
      try {
        crossSite =
          new URL(origin).host !==
          (req.get("x-forwarded-host") && config.TRUST_PROXY ? req.get("x-forwarded-host") : req.get("host"));
      } catch {
        crossSite = true;
      }
    }
    if (!crossSite) return next();
    log.warn({ reqId: req.headers["x-request-id"], origin, site }, "cross-site request refused");
    const message = "Cross-site request refused";
    if (prefersJson(req.get("accept"))) return res.status(403).json({ message });
    return res.status(403).type("text/plain").send(message);
  });

  // JSON mode rewrite.
  app.use((req, _res, next) => {
    req.headers["x-json-mode"] = undefined;
    if (!prefersJson(req.get("accept")) || "_data" in req.query) return next();
    const matches = matchRoutes(routes, req.path);
    const leaf = matches?.[matches.length - 1]?.route;
    if (!leaf) return next();
    const url = new URL(req.url, "http://x");
    url.searchParams.set("_data", leaf.id);
    if (leaf.index) url.searchParams.set("index", "");
    req.url = `${url.pathname}${url.search}`;
    // The Remix adapter builds its Request from originalUrl.
    req.originalUrl = req.url;
    req.headers["x-json-mode"] = "1";
    next();
  });

  app.all("*", async (req, res, next) => {
    try {
      const request = createRemixRequest(req, res);
      let response = await handleRequest(request, { cspNonce: res.locals.cspNonce });
      if (req.headers["x-json-mode"] === "1") response = await toJsonModeResponse(response);
      // An answer given before the body was read (e.g. 413 for a too-large upload) must close the
      // connection: the unread rest of the body would otherwise be parsed as the next request.
      if (!req.complete) res.setHeader("connection", "close");
      if (isJson(response)) await sendJsonResponse(req, res, response);
      else await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // Last resort: log, answer plainly, never a stack trace.
  app.use((error, req, res, _next) => {
    log.error({ reqId: req.headers["x-request-id"], err: error?.message }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send("Internal Server Error");
  });

  return app;
}

async function main() {
  process.env.NODE_ENV = config.NODE_ENV;
  ensureSessionSecret();
  process.env.UPSTREAM_URL = upstreamBase;
  if (embedded) await startEmbeddedCore();
  const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
  const app = createApp({ build });
  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    log.info(
      { port: typeof address === "object" ? address?.port : config.PORT, upstream: upstreamBase },
      "listening",
    );
    if (!production && process.env.REMIX_DEV_ORIGIN) broadcastDevReady(build);
  });
  server.keepAliveTimeout = 65_000;
  server.on("error", (error) => {
    log.fatal({ err: error.message }, "cannot listen");
    core?.kill("SIGTERM");
    process.exit(1);
  });

  const shutdown = (signal) => {
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
      if (core && core.exitCode === null) {
        const exited = new Promise((resolve) => core.once("exit", resolve));
        core.kill("SIGTERM");
        const timer = setTimeout(() => core.kill("SIGKILL"), 10_000);
        await exited;
        clearTimeout(timer);
      }
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

if (isMain) {
  main().catch((error) => {
    log.fatal({ err: error?.message }, "failed to start");
    core?.kill("SIGTERM");
    process.exit(1);
  });
}
