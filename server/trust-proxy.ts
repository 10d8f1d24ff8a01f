import { BlockList, isIPv4 } from "node:net";
import type { Request, RequestHandler } from "express";
import { log } from "./log";

/**
 * TRUST_PROXY as express's "trust proxy" (docs/operations.md). Addresses and ranges ("loopback",
 * "10.0.0.0/8") are believed only from those peers, as express does. A number of proxies is
 * believed only from a peer on this host or a private network (loopback, link-local, 10/8,
 * 172.16/12, 192.168/16, fc00::/7): express alone would take the last X-Forwarded-For entry from any
 * peer, so a client that reached the app's port directly could name any address and walk past the
 * per-address limits on sign-ins and SMS codes. Past the nearest proxy, the count holds as before.
 */
type TrustProxy = string | ((address: string, hop: number) => boolean);

const NEAR = new BlockList();
for (const [net, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
] as const)
  NEAR.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const)
  NEAR.addSubnet(net, prefix, "ipv6");

/** Whether a peer address is on this host or a private network (an IPv4-mapped one by its IPv4). */
export function isNearPeer(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address.split("%")[0];
  try {
    return NEAR.check(plain, isIPv4(plain) ? "ipv4" : "ipv6");
  } catch {
    return false;
  }
}

/** The express setting for a TRUST_PROXY value (already validated by env-schema.ts). */
export function trustProxySetting(value: string | undefined): TrustProxy | undefined {
  if (!value) return undefined;
  if (!/^\d+$/.test(value)) return value;
  const hops = Number(value);
  return (address, hop) => hop < hops && (hop > 0 || isNearPeer(address));
}

/** Whether this request's peer is a proxy the app trusts (for X-Forwarded-Host and the like). */
export function fromTrustedProxy(req: Request): boolean {
  const trust = req.app.get("trust proxy fn") as ((address: string, hop: number) => boolean) | undefined;
  return Boolean(trust?.(req.socket.remoteAddress ?? "", 0));
}

/** The headers only a proxy may set about the request; X-Forwarded-For is requestLog's (it writes req.ip). */
const PROXY_HEADERS = ["x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

/**
 * A request from a peer that is not a trusted proxy loses the headers a proxy would set about it:
 * what a client claims of its host, scheme or port reaches nothing (express honours them only from
 * a trusted peer, but Remix's adapter takes the port from X-Forwarded-Host from anyone). With a
 * number of proxies, X-Forwarded-For from a public peer is most likely a client that reached the
 * port directly, but may be a proxy on a public address: said once in the log, with what to write.
 */
export function untrustedForwarding(value: string | undefined): RequestHandler {
  let warned = !value || !/^\d+$/.test(value);
  return (req, _res, next) => {
    if (fromTrustedProxy(req)) return next();
    for (const name of PROXY_HEADERS) delete req.headers[name];
    if (!warned && req.headers["x-forwarded-for"]) {
      warned = true;
      log.warn(
        { peer: req.socket.remoteAddress },
        "X-Forwarded-For from a peer outside this host and the private networks was not believed (TRUST_PROXY is a number of proxies); if that peer is your proxy, set TRUST_PROXY to its address",
      );
    }
    next();
  };
}
