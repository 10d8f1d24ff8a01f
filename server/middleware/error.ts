import http from "node:http";
import type { ErrorRequestHandler } from "express";
import { answer } from "../answer";
import { log } from "../log";

/**
 * Last resort: log, answer plainly, never a stack trace. A client's error that a middleware
 * reports with its status (a URL that does not decode, say) keeps that 4xx.
 */
export function lastResort(): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const status = Number(error?.status ?? error?.statusCode);
    const clientError = Number.isInteger(status) && status >= 400 && status < 500;
    if (clientError)
      log.warn({ reqId: req.headers["x-request-id"], status, err: error?.message }, "bad request");
    else log.error({ reqId: req.headers["x-request-id"], err: error?.message }, "unhandled error");
    if (res.headersSent) return res.end();
    if (clientError) return answer(req, res, status, http.STATUS_CODES[status] ?? "Bad Request");
    answer(req, res, 500, "Internal Server Error");
  };
}
