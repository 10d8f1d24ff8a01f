// Production server of the Remix BFF (express 4). Plain JS so that `node server.mjs` runs
// without a build step of its own. See docs and design section 5 (operations).
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { Transform } from "node:stream";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import expressAdapter from "@remix-run/express/dist/server.js";
import { broadcastDevReady, createReadableStreamFromReadable, createRequestHandler } from "@remix-run/node";
import { matchRoutes } from "@remix-run/router";
import compression from "compression";
import express from "express";
import pino from "pino";
import { z } from "zod";
import { bodyLimitOf } from "./body-limits.mjs";
import { startEmbeddedCore } from "./embedded-core.mjs";
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
  /** Unset or 0: the embedded core listens on a port the system chooses at each start. */
  CORE_PORT: z.coerce.number().int().min(0).max(65535).default(0),
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
// Written synchronously: pino's asynchronous default can hang the exit for ever once stdout is a
// broken pipe (decision 013).
const log = pino(
  { level: isMain ? config.LOG_LEVEL : "silent", base: { svc: "server" } },
  pino.destination({ dest: 1, sync: true }),
);

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
// Upstream: the operator's (UPSTREAM_URL) or the embedded core started as a child process, whose
// address is known once it has told us its port (embedded-core.mjs).
const embedded = !config.UPSTREAM_URL;
let upstreamBase = config.UPSTREAM_URL?.replace(/\/+$/, "");
let embeddedCore = null;
let shuttingDown = false;

function useEmbeddedCore(port) {
  upstreamBase = `http://127.0.0.1:${port}/core`;
  // The Remix loaders read the upstream from here (app/utils/env.server.ts) at each call.
  process.env.UPSTREAM_URL = upstreamBase;
}

async function startCore() {
  const entry = path.resolve("build/core/index.js");
  if (!fs.existsSync(entry)) {
    log.fatal(
      { entry },
      "The embedded core is not built: run `node scripts/build-core.mjs`, or set UPSTREAM_URL",
    );
    process.exit(1);
  }
  embeddedCore = startEmbeddedCore({
    entry,
    port: config.CORE_PORT,
    readyTimeoutMs: config.CORE_READY_TIMEOUT_MS,
    log,
    onReady: useEmbeddedCore,
  });
  try {
    log.info(await embeddedCore.started, "embedded core ready");
  } catch (error) {
    log.fatal({ code: error.code, signal: error.signal }, "the embedded core did not start");
    process.exit(1);
  }
}

/** true, or why the app is not ready (the /readyz status). */
async function upstreamReady() {
  if (embedded && !embeddedCore?.isUp()) return "upstream restarting";
  try {
    const url = embedded
      ? `${new URL(upstreamBase).origin}/readyz`
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

/** The address a person opens: a wildcard HOST is reached as localhost. */
function openUrl(host, port) {
  const name = ["0.0.0.0", "::", ""].includes(host) ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${name}:${port}`;
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
// Request bodies: limited before they are read, at the sizes of body-limits.mjs (one table).

/** A plain answer, JSON when the client prefers it. */
function answer(req, res, status, message) {
  if (prefersJson(req.get("accept"))) return res.status(status).json({ message });
  return res.status(status).type("text/plain").send(message);
}

function kilobytes(bytes) {
  return `${Math.floor(bytes / 1024)} KB`;
}

/**
 * How long a refused upload's connection stays half-open after the answer. Closing a socket
 * while the client is still sending makes the kernel reset the connection, and the reset can
 * reach the client before it has read the 413; so the answer is followed by a FIN, and the socket
 * is destroyed once the client closes or this much later (nginx's "lingering close").
 */
const LINGER_MS = 2000;

function lingeringClose(socket) {
  socket.destroySoon = function destroyAfterLinger() {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    this.once("end", () => this.destroy());
  };
}

/** 413, and the connection closes after it: the unread rest of the body is never read. */
function refuseTooLarge(req, res, limit) {
  if (res.headersSent) return;
  log.warn({ reqId: req.headers["x-request-id"], path: req.path, limit }, "request body too large");
  res.setHeader("connection", "close");
  if (req.socket) lingeringClose(req.socket);
  answer(req, res, 413, `Request body too large: this address takes at most ${kilobytes(limit)}`);
}

/** A body that announces its length is refused before a byte of it is read. */
function limitAnnouncedBody(req, res, next) {
  const limit = bodyLimitOf(req.path);
  const length = Number(req.get("content-length") ?? 0);
  if (length > limit) return refuseTooLarge(req, res, limit);
  next();
}

/**
 * The body as Remix reads it, counted: past the limit (a chunked body announces no length) the
 * client gets 413 and the stream fails with BODY_TOO_LARGE, so the action reading it stops there
 * and never acts on a truncated form (forms.server.ts, readForm).
 */
function countedBody(req, res) {
  const limit = bodyLimitOf(req.path);
  let received = 0;
  const counted = new Transform({
    transform(chunk, _encoding, done) {
      received += chunk.length;
      if (received <= limit) return done(null, chunk);
      req.unpipe(counted);
      refuseTooLarge(req, res, limit);
      done(Object.assign(new Error("request body too large"), { code: "BODY_TOO_LARGE", status: 413 }));
    },
  });
  // Remix's reader gets the error through its own listener; this one only keeps it from being
  // an unhandled 'error' event once that reader has gone.
  counted.on("error", () => {});
  req.once("close", () => {
    if (!req.complete) counted.destroy(Object.assign(new Error("request aborted"), { code: "ABORTED" }));
  });
  req.pipe(counted);
  return counted;
}

/** Remix's Request for `req` (the adapter's URL, headers and abort signal) with the counted body. */
function toRemixRequest(req, res) {
  if (req.method === "GET" || req.method === "HEAD") return createRemixRequest(req, res);
  // The adapter would read `req` itself: it is given a body-less view, and the body comes here.
  const withoutBody = createRemixRequest(Object.create(req, { method: { value: "GET" } }), res);
  return new Request(withoutBody, {
    method: req.method,
    body: createReadableStreamFromReadable(countedBody(req, res)),
    duplex: "half",
  });
}

// ---------------------------------------------------------------------------------------------
// The app. `handleRequest` defaults to Remix's handler for `build`; tests pass their own.
export function createApp({
  build,
  // Remix's development mode puts error stacks (absolute paths) into data responses and pages:
  // only `remix dev` (which sets REMIX_DEV_ORIGIN) gets it, never `npm start`.
  remixMode = process.env.REMIX_DEV_ORIGIN ? "development" : "production",
  handleRequest = createRequestHandler(build, remixMode),
  ready = upstreamReady,
  trustProxy = config.TRUST_PROXY,
}) {
  const routes = routeTree(build.routes, undefined);
  const app = express();
  app.disable("x-powered-by");
  // Only `_data` is ever read from req.query: Node's querystring is enough (qs is slower).
  app.set("query parser", "simple");
  if (trustProxy) {
    app.set("trust proxy", /^\d+$/.test(trustProxy) ? Number(trustProxy) : trustProxy);
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

  app.use(limitAnnouncedBody);

  app.get("/healthz", (_req, res) => res.json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    if (shuttingDown) return res.status(503).json({ status: "shutting down" });
    const result = await ready();
    if (result === true) return res.json({ status: "ready" });
    res.status(503).json({ status: typeof result === "string" ? result : "upstream unavailable" });
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
  // Translations: a missing file (or a path that tries to leave the folder) is a plain 404.
  app.use("/locales", express.static("locales", { maxAge: "1h", index: false }));
  app.use("/locales", (req, res) => answer(req, res, 404, "Not found"));

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

  // CSRF defence for every mutation: same-origin only (scheme, host and port, decision 003).
  // Requests with neither header (curl) pass.
  const originOf = (url) => {
    try {
      return new URL(url).origin;
    } catch {
      return null;
    }
  };
  // req.protocol honours X-Forwarded-Proto only when the proxy is trusted (TRUST_PROXY).
  const ownOrigin = (req) =>
    originOf(
      `${req.protocol}://${trustProxy && req.get("x-forwarded-host") ? req.get("x-forwarded-host") : req.get("host")}`,
    );
  app.use((req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    let crossSite = Boolean(site) && site !== "same-origin" && site !== "none";
    if (!crossSite && origin) {
      const from = originOf(origin);
      crossSite = !from || from !== ownOrigin(req);
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
      const request = toRemixRequest(req, res);
      let response = await handleRequest(request, { cspNonce: res.locals.cspNonce });
      // Already answered: 413 while the body was being read.
      if (res.headersSent) return;
      if (req.headers["x-json-mode"] === "1") response = await toJsonModeResponse(response);
      // An answer given before the body was read (e.g. 413 for a too-large upload) must close the
      // connection: the unread rest of the body would otherwise be parsed as the next request.
      if (!req.complete) {
        res.setHeader("connection", "close");
        lingeringClose(req.socket);
      }
      if (isJson(response)) await sendJsonResponse(req, res, response);
      else await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  });

  // Last resort: log, answer plainly, never a stack trace. A client's error that a middleware
  // reports with its status (a URL that does not decode, say) keeps that 4xx.
  app.use((error, req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode);
    const clientError = Number.isInteger(status) && status >= 400 && status < 500;
    if (clientError)
      log.warn({ reqId: req.headers["x-request-id"], status, err: error?.message }, "bad request");
    else log.error({ reqId: req.headers["x-request-id"], err: error?.message }, "unhandled error");
    if (res.headersSent) return res.end();
    if (clientError) return answer(req, res, status, http.STATUS_CODES[status] ?? "Bad Request");
    answer(req, res, 500, "Internal Server Error");
  });

  return app;
}

async function main() {
  process.env.NODE_ENV = config.NODE_ENV;
  ensureSessionSecret();
  if (embedded) await startCore();
  else process.env.UPSTREAM_URL = upstreamBase;
  const build = await import(pathToFileURL(path.resolve("build/index.js")).href);
  const app = createApp({ build });
  const server = app.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" ? address?.port : config.PORT;
    log.info({ port, upstream: upstreamBase }, "listening");
    if (!production && process.env.REMIX_DEV_ORIGIN) broadcastDevReady(build);
    // The start output ends with the one thing a person needs, in plain words.
    process.stdout.write(`Colour Lottery is running at ${openUrl(config.HOST, port)}\n`);
  });
  server.keepAliveTimeout = 65_000;
  server.on("error", (error) => {
    log.fatal({ err: error.message }, "cannot listen");
    stopAndExit(1);
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
      await embeddedCore?.stop();
      log.info("stopped");
      process.exit(0);
    });
    server.closeIdleConnections?.();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

/** Stops the embedded core (if any), then exits. */
function stopAndExit(code) {
  shuttingDown = true;
  Promise.resolve(embeddedCore?.stop()).finally(() => process.exit(code));
}

if (isMain) {
  main().catch((error) => {
    log.fatal({ err: error?.message }, "failed to start");
    stopAndExit(1);
  });
}
