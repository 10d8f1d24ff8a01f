import express, { type Router } from "express";

/** /healthz: the process answers. /readyz: it can serve pages (upstream reachable, not stopping). */
export function health({
  ready,
  shuttingDown,
}: {
  ready: () => Promise<boolean | string>;
  shuttingDown: () => boolean;
}): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", async (_req, res) => {
    if (shuttingDown()) return res.status(503).json({ status: "shutting down" });
    const result = await ready();
    if (result === true) return res.json({ status: "ready" });
    res.status(503).json({ status: typeof result === "string" ? result : "upstream unavailable" });
  });
  return router;
}
