import type { RequestHandler } from "express";

/** Uploaded images (avatars) live on the upstream; the browser only ever talks to us. */
export function upstreamFiles({
  upstreamBase,
  timeoutMs,
}: {
  upstreamBase: () => string | undefined;
  timeoutMs: number;
}): RequestHandler {
  return async (req, res, next) => {
    const name = req.params.name;
    if (!/^[\w-]+\.(webp|png|jpe?g|gif)$/.test(name)) return res.status(404).end();
    try {
      const upstream = await fetch(`${upstreamBase()}/files/${name}`, {
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!upstream.ok || !upstream.body) return res.status(upstream.status === 404 ? 404 : 502).end();
      res.setHeader("content-type", upstream.headers.get("content-type") ?? "application/octet-stream");
      res.setHeader("cache-control", "public, max-age=86400");
      const buffer = Buffer.from(await upstream.arrayBuffer());
      res.end(buffer);
    } catch (error) {
      next(error);
    }
  };
}
