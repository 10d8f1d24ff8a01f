// A request body must arrive at a minimum rate (decision 069): one sent a byte every few seconds
// would hold its connection, and a few hundred of them the server. Counted at the socket, so the
// body is left for Remix to read (remix.ts) as it is.
import type { Request, RequestHandler, Response } from "express";
import { answer } from "../answer";
import { log } from "../log";
import type { SlowClientLimits } from "../slow-clients";
import { lingeringClose } from "./body-limit";

/** How often a body's rate is looked at. */
const CHECK_EVERY_MS = 1_000;

function hasBody(req: Request): boolean {
  return Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
}

/**
 * True while the server, not the client, holds the body back: the request's buffer is full because
 * nothing reads it yet (an action that calls the upstream first), so Node has stopped reading the
 * socket; or its reader has paused it (Remix's body stream does when its own queue is full and the
 * action is not reading): no byte can arrive, however fast the client.
 */
function heldBackByServer(req: Request): boolean {
  return req.readableFlowing === false || req.readableLength >= req.readableHighWaterMark;
}

/** 408, and the connection closes after it; once an answer has gone, the connection just closes. */
function refuseTooSlow(req: Request, res: Response, limits: SlowClientLimits, received: number) {
  log.warn(
    { reqId: req.headers["x-request-id"], path: req.path, received, minimum: limits.bodyBytesPerSecond },
    "request body too slow",
  );
  if (res.headersSent) return void req.socket.destroy();
  res.setHeader("connection", "close");
  lingeringClose(req.socket);
  answer(req, res, 408, `Request body too slow: send at least ${limits.bodyBytesPerSecond} bytes a second`);
}

/**
 * After the grace period, the bytes of a body received since its headers must be at least the
 * minimum rate times the time taken. While the server holds the body back, the clock starts again;
 * and time the server itself did not run (a pause of its event loop longer than a check's interval:
 * a busy process, a long garbage collection) is not the client's: each check counts at most one
 * interval.
 */
export function minimumBodyRate(limits: SlowClientLimits): RequestHandler {
  return (req, res, next) => {
    if (!hasBody(req)) return next();
    const socket = req.socket;
    let elapsedMs = 0;
    let lastCheck = Date.now();
    let bytesBefore = socket.bytesRead;
    let heldAtLastCheck = false;
    const check = () => {
      if (req.complete || socket.destroyed) return stop();
      const now = Date.now();
      elapsedMs += Math.min(now - lastCheck, CHECK_EVERY_MS);
      lastCheck = now;
      // Held now, or held at the last check (the interval since was partly the server's): the
      // client's time starts again from here.
      const held = heldBackByServer(req);
      if (held || heldAtLastCheck) {
        heldAtLastCheck = held;
        elapsedMs = 0;
        bytesBefore = socket.bytesRead;
        return;
      }
      const received = socket.bytesRead - bytesBefore;
      if (elapsedMs < limits.bodyGraceMs || received >= (limits.bodyBytesPerSecond * elapsedMs) / 1000)
        return;
      stop();
      refuseTooSlow(req, res, limits, received);
    };
    const timer = setInterval(check, CHECK_EVERY_MS);
    const stop = () => clearInterval(timer);
    req.once("end", stop);
    socket.once("close", stop);
    next();
  };
}
