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
  return pino(options, destination ?? stdoutDestination());
}

/**
 * Standard output, written synchronously. pino's default (asynchronous) destination flushes at
 * exit in a loop that never ends once stdout is a broken pipe, e.g. after the app that started the
 * core was killed: the process then hangs on exit and no signal reaches it. A synchronous write
 * meets the broken pipe at once, and pino then drops further lines.
 */
function stdoutDestination() {
  return pino.destination({ dest: 1, sync: true });
}

export type { Logger };
