import pino from "pino";
import { logOptions } from "../app/utils/logger.server";

/**
 * The server's JSON log on stdout, in the app's one line format (logOptions). Written
 * synchronously: pino's asynchronous default can hang the exit for ever once stdout is a broken
 * pipe (decision 013). Silent until the entry point sets the configured level, so that tests
 * importing the app log nothing.
 */
export const log = pino(logOptions("server", "silent"), pino.destination({ dest: 1, sync: true }));
