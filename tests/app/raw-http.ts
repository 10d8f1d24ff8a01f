import http from "node:http";
import { connect } from "node:net";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Body bytes written before the server answered or closed. */
  sent: number;
  ms: number;
}

/** GET `path` on `base` exactly as written (fetch would normalise ".."): the status and the text. */
export function getAsWritten(base: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const { hostname, port } = new URL(base);
    const req = http.get({ hostname, port, path, headers }, (res) => {
      let text = "";
      res.on("data", (c) => {
        text += c;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
  });
}

/** Translation paths that try to reach a file outside /locales, or a file by a name it does not have. */
export const LOCALE_ESCAPES = [
  "/locales/../package.json",
  "/locales/%2e%2e/package.json",
  "/locales/%2e%2e/server/app.ts",
  "/locales/..%2fpackage.json",
  "/locales/..%2f..%2fpackage.json",
  "/locales/..%5cpackage.json",
  "/locales/en-US/..%2f..%2fserver/app.ts",
  "/locales/%252e%252e/package.json",
  "/locales/%E0%A4%A.json",
  "/locales/%00.json",
  "/locales/en-US/common.json%00.png",
  "/locales/en-US/common.json/",
];

/**
 * A request whose body is written by hand, as an attacker would: `size` bytes of "a" after
 * `prefix`, announced by Content-Length (`announce`) or sent chunked without a length. Writing
 * stops as soon as the server answers; a server that closes the connection then is expected.
 */
export function sendBody(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    prefix?: string;
    size: number;
    suffix?: string;
    announce?: boolean;
    /** Announce this length (defaults to the real one). */
    contentLength?: number;
  },
): Promise<RawAnswer> {
  const started = Date.now();
  const prefix = Buffer.from(options.prefix ?? "");
  const suffix = Buffer.from(options.suffix ?? "");
  const total = prefix.length + options.size + suffix.length;
  const headers: Record<string, string | number> = { ...options.headers };
  if (options.announce) headers["content-length"] = options.contentLength ?? total;
  else headers["transfer-encoding"] = "chunked";
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = http.request(url, { method: options.method ?? "POST", headers });
    req.on("response", (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      const done = () => {
        req.destroy();
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString(),
          sent,
          ms: Date.now() - started,
        });
      };
      res.on("end", done);
      res.on("error", done);
      res.on("close", done);
    });
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const write = () => {
      if (sent === 0 && prefix.length) {
        req.write(prefix);
        sent += prefix.length;
      }
      while (!answered && !req.destroyed && sent < total - suffix.length) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - suffix.length - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", write);
      }
      if (!answered && !req.destroyed) {
        sent += suffix.length;
        req.end(suffix);
      }
    };
    write();
  });
}

/** Resident memory of a process in bytes (Linux /proc), or null elsewhere. */
export async function rssOf(pid: number): Promise<number | null> {
  const { readFile } = await import("node:fs/promises");
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
}

export interface Trickled {
  /** Everything the server sent back. */
  text: string;
  /** When the server closed the connection, in ms after the first byte was sent. */
  closedAfterMs: number;
}

/**
 * A slow client, as an attacker would be: writes `head` to the server on `port` at once, then
 * `rest` one character every `everyMs` until the server closes the connection; fails when it
 * still holds it after `giveUpMs`.
 */
export function trickle(port: number, head: string, rest: string, everyMs: number, giveUpMs: number) {
  return new Promise<Trickled>((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < rest.length && !socket.destroyed) socket.write(rest[sent++]);
    }, everyMs);
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server still held the connection after ${giveUpMs} ms; it sent: ${text}`));
    }, giveUpMs);
    socket.on("data", (chunk) => {
      text += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.write(head);
  });
}
