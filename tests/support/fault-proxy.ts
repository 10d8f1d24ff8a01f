import { type IncomingMessage, type Server, createServer, request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP proxy in front of a real upstream, for fault injection at the socket: calls whose
 * path matches `faultOn` get the chosen fault, the others pass through.
 * - "pass": forwarded, answered;
 * - "lose-reply": forwarded, and once the upstream has answered (the call took effect) the
 *   client's socket is destroyed without a byte of the answer;
 * - "hang": accepted and never answered (nothing forwarded).
 */
export type ProxyFault = "pass" | "lose-reply" | "hang";

export async function startFaultProxy(target: string) {
  const origin = new URL(target).origin;
  let fault: ProxyFault = "pass";
  let faultOn: (path: string) => boolean = () => true;
  const forwarded: string[] = [];

  const forward = (req: IncomingMessage, body: Buffer) =>
    new Promise<{ status: number; headers: IncomingMessage["headers"]; body: Buffer }>((done, fail) => {
      const out = httpRequest(
        `${origin}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(origin).host } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            done({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on("error", fail);
        },
      );
      out.on("error", fail);
      out.end(body);
    });

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const path = new URL(req.url ?? "/", "http://proxy").pathname;
      const mode = faultOn(path) ? fault : "pass";
      if (mode === "hang") return;
      try {
        forwarded.push(path);
        const answer = await forward(req, Buffer.concat(chunks));
        if (mode === "lose-reply") {
          req.socket.destroy();
          return;
        }
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      } catch {
        req.socket.destroy();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}${new URL(target).pathname}`.replace(/\/+$/, "");
  return {
    /** The proxied upstream base URL (same path as the target, e.g. …/core). */
    base,
    /** Paths forwarded to the upstream so far. */
    forwarded,
    set(next: ProxyFault, on: (path: string) => boolean = () => true) {
      fault = next;
      faultOn = on;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
