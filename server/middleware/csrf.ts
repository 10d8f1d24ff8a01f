import type { Request, RequestHandler } from "express";
import { answer } from "../answer";
import { log } from "../log";
import { fromTrustedProxy } from "../trust-proxy";

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * CSRF defence for every mutation: same-origin only (scheme, host and port, decision 003).
 * Without an Origin, a Referer from another site says where the request came from (a browser or
 * an extension that leaves Origin out still sends the page's address); a Referer that is not a
 * URL (a policy's stripped value) says nothing. Requests with neither Sec-Fetch-Site, Origin nor
 * Referer (curl) pass.
 */
export function sameOriginMutations(): RequestHandler {
  // req.protocol honours X-Forwarded-Proto only from a trusted proxy (TRUST_PROXY); so does the
  // host: X-Forwarded-Host from any other peer is a client's claim.
  const ownOrigin = (req: Request) =>
    originOf(
      `${req.protocol}://${fromTrustedProxy(req) && req.get("x-forwarded-host") ? req.get("x-forwarded-host") : req.get("host")}`,
    );
  return (req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    let crossSite = Boolean(site) && site !== "same-origin" && site !== "none";
    if (!crossSite && origin) {
      const from = originOf(origin);
      crossSite = !from || from !== ownOrigin(req);
    } else if (!crossSite && !site && req.get("referer")) {
      const from = originOf(req.get("referer") ?? "");
      crossSite = Boolean(from) && from !== ownOrigin(req);
    }
    if (!crossSite) return next();
    log.warn(
      { reqId: req.headers["x-request-id"], origin, site, referer: origin ? undefined : req.get("referer") },
      "cross-site request refused",
    );
    answer(req, res, 403, "Cross-site request refused");
  };
}
