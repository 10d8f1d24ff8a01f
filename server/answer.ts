import type { Request, Response } from "express";
import { prefersJson } from "./middleware/json-mode";

/** A plain answer, JSON (`{ message }`) when the client prefers it. */
export function answer(req: Request, res: Response, status: number, message: string) {
  if (prefersJson(req.get("accept"))) return res.status(status).json({ message });
  return res.status(status).type("text/plain").send(message);
}
