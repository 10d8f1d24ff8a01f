import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { Code } from "#contract/codes";
import { Header } from "#contract/headers";
import { resolveToken } from "./auth/tokens";
import { InsufficientBalance } from "./ledger/ledger";
import { MODULES } from "./modules";
import { requireOperator } from "./operator/auth";
import type { CoreEnv, Deps } from "./platform/context";
import { ApiError, Refusal, reply, tokenOf } from "./platform/http";

/** Bodies of ordinary calls are small forms; uploads have their own, larger limit. */
const FORM_BODY_LIMIT = 256 * 1024;

/**
 * The reference upstream: `/core/...` speaks the envelope protocol of spec section 7;
 * `/healthz` and `/readyz` sit at the root for the orchestrator.
 */
export function createCoreApp(deps: Deps) {
  const app = new Hono<CoreEnv>();

  app.use("*", async (c, next) => {
    const incoming = c.req.header(Header.requestId);
    const requestId = incoming && /^[\w.:-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("user", null);
    c.set("encrypt", false);
    const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
    if (socket?.remoteAddress) c.set("remoteAddress", socket.remoteAddress);
    const started = performance.now();
    await next();
    c.header(Header.requestId, requestId);
    const path = c.req.path;
    if (path === "/healthz" || path === "/readyz") return;
    deps.log.info(
      {
        reqId: requestId,
        method: c.req.method,
        path,
        status: c.res.status,
        code: c.get("resultCode"),
        userId: c.get("user")?.id,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      "request",
    );
  });

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  app.get("/readyz", async (c) => {
    try {
      await deps.db.query("SELECT 1");
      return c.json({ status: "ready", database: deps.db.kind });
    } catch {
      return c.json({ status: "unavailable", database: deps.db.kind }, 503);
    }
  });

  const core = new Hono<CoreEnv>();
  core.use("*", async (c, next) => {
    c.set("encrypt", c.req.header(Header.encrypt) === "1");
    const token = tokenOf(c);
    if (token) {
      const check = await resolveToken(deps.db, token, deps.now(), deps.config.tokens);
      if (check.ok) c.set("user", { id: check.userId, token });
      else c.set("authProblem", check.reason);
    }
    await next();
  });
  core.use(
    "/app/*",
    bodyLimit({
      maxSize: FORM_BODY_LIMIT,
      onError: () => {
        throw new ApiError(Code.BAD_REQUEST, "The request is too large");
      },
    }),
  );
  for (const module of MODULES) module.routes(core);
  const operator = new Hono<CoreEnv>();
  operator.use(
    "*",
    bodyLimit({
      maxSize: FORM_BODY_LIMIT,
      onError: () => {
        throw new ApiError(Code.BAD_REQUEST, "The request is too large");
      },
    }),
    requireOperator,
  );
  for (const module of MODULES) module.operatorRoutes?.(operator);
  core.route("/operator", operator);
  app.route("/core", core);

  app.notFound((c) =>
    c.json({ code: Code.NOT_FOUND, message: "Not found", result: null, timestamp: deps.now() }, 404),
  );

  app.onError((error, c) => {
    if (error instanceof ApiError) return reply(c, error.code, error.message, error.result);
    if (error instanceof Refusal) return reply(c, error.code, error.message, null);
    if (error instanceof InsufficientBalance) return reply(c, Code.BAD_REQUEST, error.message, null);
    if (error instanceof HTTPException && error.status < 500) {
      return reply(c, error.status, error.message || "Bad request", null);
    }
    deps.log.error({ reqId: c.get("requestId"), err: error, path: c.req.path }, "unhandled error");
    return reply(c, Code.SERVER_ERROR, "Server error", null);
  });

  return app;
}
