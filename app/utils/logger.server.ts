import pino from "pino";

/** JSON logs (pino), one logger for the BFF's server code. Never log tokens or secrets. */
export const logger = pino({
  level: process.env.LOG_LEVEL || "info",
  base: { svc: "app" },
  redact: {
    paths: ["token", "headers.authorization", 'headers["access-token"]', "headers.cookie", "password"],
    remove: true,
  },
});
