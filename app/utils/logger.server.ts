import pino from "pino";

/**
 * The shape of every log line the app writes, its server's and the BFF's alike, and the same as
 * the core's (core/src/platform/log.ts, which cannot import the app): the level as a word, the
 * time in ISO 8601 and the `service` that wrote it, so an operator's log pipeline reads one schema.
 */
export function logOptions(service: "server" | "app", level: string): pino.LoggerOptions {
  return {
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
}

/** JSON logs (pino), one logger for the BFF's server code. Never log tokens or secrets. */
export const logger = pino({
  ...logOptions("app", process.env.LOG_LEVEL || "info"),
  redact: {
    paths: ["token", "headers.authorization", 'headers["access-token"]', "headers.cookie", "password"],
    remove: true,
  },
});
