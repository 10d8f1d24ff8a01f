import pino from "pino";

/**
 * The server's JSON log on stdout. Written synchronously: pino's asynchronous default can hang the
 * exit for ever once stdout is a broken pipe (decision 013). Silent until the entry point sets the
 * configured level, so that tests importing the app log nothing.
 */
export const log = pino(
  { level: "silent", base: { svc: "server" } },
  pino.destination({ dest: 1, sync: true }),
);
