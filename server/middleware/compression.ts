import { gzipSync } from "node:zlib";
import compression from "compression";
import type { Request, RequestHandler, Response } from "express";

/**
 * Data requests answer JSON, which sendJsonResponse compresses in one go; the rest (documents,
 * assets, other answers) goes through the streaming `compression` middleware.
 */
export function compressAllButData(): RequestHandler {
  const compress = compression();
  return (req, res, next) => ("_data" in req.query ? next() : compress(req, res, next));
}

/**
 * JSON answers (data requests, JSON mode) and pages (rendered whole, app/entry.server.tsx) are
 * complete when Remix hands them over: they are sent in one write, gzipped in one synchronous call
 * when worth it, instead of going through the streaming `compression` middleware (a zlib stream,
 * a write, a flush and an end on the thread pool per answer). Same bytes on the wire as
 * `compression` would send (gzip, level 6, above 1 KB).
 */
const GZIP_THRESHOLD = 1024;

export function isWhole(response: globalThis.Response): boolean {
  return (
    Boolean(response.body) &&
    /^(application\/json|text\/html)\b/i.test(response.headers.get("content-type") ?? "")
  );
}

export async function sendWholeResponse(req: Request, res: Response, response: globalThis.Response) {
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
