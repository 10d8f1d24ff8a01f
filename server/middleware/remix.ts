import expressAdapter from "@remix-run/express/dist/server.js";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from "express";
import { countedBody, lingeringClose } from "./body-limit";
import { cacheSafe } from "./cache-safety";
import { isWhole, sendWholeResponse } from "./compression";
import { toJsonModeResponse } from "./json-mode";

const { createRemixRequest, sendRemixResponse } = expressAdapter;

/**
 * What loaders get besides the request: the CSP nonce of the page's inline scripts, the
 * translation namespaces the page's routes declare (page-namespaces.ts; undefined: every one), and
 * whether the answer is a whole page (not a data request from the browser's router: `_data`).
 */
type LoadContext = {
  cspNonce: string;
  i18nNamespaces?: readonly string[];
  pageLoad: boolean;
};

/** Remix's handler: a Request (with the load context) in, a Response out. */
export type HandleRequest = (request: Request, context: LoadContext) => Promise<Response>;

/** Remix's Request for `req` (the adapter's URL, headers and abort signal) with the counted body. */
function toRemixRequest(req: ExpressRequest, res: ExpressResponse): Request {
  if (req.method === "GET" || req.method === "HEAD") return createRemixRequest(req, res);
  // The adapter would read `req` itself: it is given a body-less view, and the body comes here.
  const withoutBody = createRemixRequest(Object.create(req, { method: { value: "GET" } }), res);
  return new Request(withoutBody, {
    method: req.method,
    body: createReadableStreamFromReadable(countedBody(req, res)),
    duplex: "half",
  } as RequestInit);
}

/** Every request left: Remix renders it; pages and JSON answers go out in one write (compression.ts). */
export function remixPages(
  handleRequest: HandleRequest,
  namespacesOf: (pathname: string) => readonly string[] | undefined = () => undefined,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const request = toRemixRequest(req, res);
      let response = await handleRequest(request, {
        cspNonce: res.locals.cspNonce,
        i18nNamespaces: namespacesOf(req.path),
        pageLoad: req.query._data === undefined,
      });
      // Already answered: 413 while the body was being read.
      if (res.headersSent) return;
      const jsonMode = req.headers["x-json-mode"] === "1";
      if (jsonMode) response = toJsonModeResponse(response);
      response = cacheSafe(response, jsonMode);
      // An answer given before the body was read (e.g. 413 for a too-large upload) must close the
      // connection: the unread rest of the body would otherwise be parsed as the next request.
      if (!req.complete) {
        res.setHeader("connection", "close");
        lingeringClose(req.socket);
      }
      // A header the route sets replaces the server's default of that name (e.g. Referrer-Policy)
      // instead of being added to it; both senders below append.
      for (const key of response.headers.keys()) if (key !== "set-cookie") res.removeHeader(key);
      if (isWhole(response)) await sendWholeResponse(req, res, response);
      else await sendRemixResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}
