import crypto from "node:crypto";
import type { RequestHandler } from "express";
import { log } from "../log";

/**
 * Request id (the client's when it is a sane token, else a new one) on the request and the
 * answer, and one JSON access-log line per answer (not for the health probes).
 */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
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
  };
}
