import express, { type Router } from "express";
import { answer } from "../answer";

/**
 * Files from disk: fingerprinted assets cached for a year, other public files and translations an
 * hour. Only a path with a file extension can be a public file: page requests skip the disk
 * look-up. A missing translation (or a path that tries to leave the folder) is a plain 404.
 */
export function staticFiles(): Router {
  const router = express.Router();
  router.use("/build", express.static("public/build", { immutable: true, maxAge: "1y", index: false }));
  const publicFiles = express.static("public", { maxAge: "1h", index: false });
  router.use((req, res, next) => (/\.\w+$/.test(req.path) ? publicFiles(req, res, next) : next()));
  router.use("/locales", express.static("locales", { maxAge: "1h", index: false }));
  router.use("/locales", (req, res) => answer(req, res, 404, "Not found"));
  return router;
}
