import pino, { type Logger } from "pino";

/**
 * JSON logs, one object per line. Secrets never reach them: the fields below are censored
 * wherever they appear. SMS codes appear only in the SMS log provider's own line (sms.ts).
 */
const REDACT = [
  "password",
  "assetPassword",
  "token",
  "smsCode",
  "authorization",
  "*.password",
  "*.assetPassword",
  "*.token",
  "*.smsCode",
  "*.authorization",
  'headers["access-token"]',
  "headers.authorization",
];

export function createLogger(
  level: string = process.env.LOG_LEVEL ?? "info",
  destination?: pino.DestinationStream,
) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "core" },
    redact: { paths: REDACT, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
