import type { Hono } from "hono";
import type { Logger } from "pino";
import type { CoreConfig } from "./config";
import type { Db } from "./db";
import type { SmsSender } from "./sms";

/** What every route handler can reach, fixed when the app is built (tests build their own). */
export interface Deps {
  db: Db;
  log: Logger;
  config: CoreConfig;
  /** Milliseconds since the epoch; tests move it. */
  now: () => number;
  /** Where SMS codes go; the log provider when left out. */
  sms?: SmsSender;
}

interface AuthUser {
  id: number;
  token: string;
}

/** Hono's typed per-request variables. */
export interface CoreEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    encrypt: boolean;
    input?: Record<string, string>;
    user: AuthUser | null;
    /** Why a token that came with the request signs nobody in. */
    authProblem?: "expired" | "invalid";
    remoteAddress?: string;
    /** The signed-in operator's name, inside the operator API (/core/operator/). */
    operator?: string;
    /** The envelope code of the answer, for the access log. */
    resultCode?: number;
  };
}

/** The router domain route modules register on; its paths are relative to /core. */
export type CoreRouter = Hono<CoreEnv>;
