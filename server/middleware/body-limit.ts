// Request bodies: limited before they are read, at the sizes of body-limits.ts (one table,
// decision 014). A body that announces its length is refused before a byte of it is read; a
// chunked one is counted as Remix reads it (remix.ts).
import type { Socket } from "node:net";
import { Transform } from "node:stream";
import type { Request, RequestHandler, Response } from "express";
import { answer } from "../answer";
import { bodyLimitOf } from "../body-limits";
import { log } from "../log";

function kilobytes(bytes: number) {
  return `${Math.floor(bytes / 1024)} KB`;
}

/**
 * How long a refused upload's connection stays half-open after the answer. Closing a socket
 * while the client is still sending makes the kernel reset the connection, and the reset can
 * reach the client before it has read the 413; so the answer is followed by a FIN, and the socket
 * is destroyed once the client closes or this much later (nginx's "lingering close").
 */
const LINGER_MS = 2000;

/** http's `destroySoon` (called after the last answer on a `connection: close` socket). */
type LingeringSocket = Socket & { destroySoon?: () => void };

export function lingeringClose(socket: LingeringSocket) {
  socket.destroySoon = function destroyAfterLinger(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
    this.once("end", () => this.destroy());
  };
}

/** 413, and the connection closes after it: the unread rest of the body is never read. */
function refuseTooLarge(req: Request, res: Response, limit: number) {
  if (res.headersSent) return;
  log.warn({ reqId: req.headers["x-request-id"], path: req.path, limit }, "request body too large");
  res.setHeader("connection", "close");
  if (req.socket) lingeringClose(req.socket);
  answer(req, res, 413, `Request body too large: this address takes at most ${kilobytes(limit)}`);
}

/** A body that announces its length is refused before a byte of it is read. */
export function limitAnnouncedBody(): RequestHandler {
  return (req, res, next) => {
    const limit = bodyLimitOf(req.path);
    const length = Number(req.get("content-length") ?? 0);
    if (length > limit) return refuseTooLarge(req, res, limit);
    next();
  };
}

/**
 * The body as Remix reads it, counted: past the limit (a chunked body announces no length) the
 * client gets 413 and the stream fails with BODY_TOO_LARGE, so the action reading it stops there
 * and never acts on a truncated form (forms.server.ts, readForm).
 */
export function countedBody(req: Request, res: Response): Transform {
  const limit = bodyLimitOf(req.path);
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
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
