import { createPublicKey, verify } from "node:crypto";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import pino from "pino";
import { afterAll } from "vitest";
import { Code } from "#contract/codes";
import { digitOf } from "#contract/fairness-proof";
import type { BetName } from "#contract/game";
import type { Coin } from "#contract/money";
import { beaconValue } from "../../../core/src/beacon/beacon";
import { fairnessOf } from "../../../core/src/game/fairness-keys";
import { type Round, secretSeedOf } from "../../../core/src/game/rounds";
import { gameRoutes } from "../../../core/src/game/routes";
import type { GameTiming } from "../../../core/src/game/settings";
import type { CoreEnv, Deps } from "../../../core/src/platform/context";
import { type Db, openDb } from "../../../core/src/platform/db";
import { ApiError, reply } from "../../../core/src/platform/http";
import { migrate } from "../../../core/src/platform/migrate";
import { startCore } from "../../../core/src/start";
import { type Balances, call as coreCall, credit, testCoreConfig } from "../../support/core";

/**
 * The digit a scheme-2 round will draw: its seed (decrypted with the development key) and its
 * beacon round's randomness (decision 040), as settlement computes it.
 */
export async function expectedDigit(db: Db, round: Round): Promise<number> {
  const f = fairnessOf();
  const beacon = await beaconValue(db, f.beacon, Number(round.beaconRound), Number.MAX_SAFE_INTEGER);
  if (!beacon) throw new Error("no beacon value");
  return digitOf(secretSeedOf(f, round), round.id, beacon.randomness);
}

export const MIGRATIONS = fileURLToPath(new URL("../../../core/migrations", import.meta.url));
export const TIMING: GameTiming = { roundSeconds: 60, betCloseSeconds: 5 };
/** 2026-11-21 10:00:00 UTC: the start of a round. */
export const T0 = Date.UTC(2026, 10, 21, 10, 0, 0);

export async function memoryDb(): Promise<Db> {
  const db = await openDb({ dataDir: "memory://" });
  await migrate(db, MIGRATIONS);
  return db;
}

/** The test file's database: a fresh memoryDb, closed once the file's tests have run. */
export async function fileDb(): Promise<Db> {
  const db = await memoryDb();
  afterAll(() => db.close());
  return db;
}

let phoneSeq = 0;
/**
 * A player written straight into the database, for the game's in-process tests that run no core
 * (registerPlayer in tests/support/core.ts makes one through the real calls).
 */
export async function createUser(db: Db, balances: Balances = {}): Promise<number> {
  phoneSeq++;
  const phone = `98${String(Date.now()).slice(-5)}${String(phoneSeq).padStart(4, "0")}`;
  const rows = await db.query<{ id: number }>(
    `INSERT INTO users (area_code, phone, password_hash, invitation) VALUES ('91', $1, 'x', $2) RETURNING id`,
    [phone, `INV${phone}${Math.random().toString(36).slice(2, 8)}`],
  );
  const id = rows[0].id;
  await credit(db, id, balances);
  return id;
}

/** A bet of `multiple` × 10 chips on `betName` in round `gameSessionId`, as placeBet takes it. */
export const stake = (betName: BetName, gameSessionId: number, multiple = 1) => ({
  gameSessionId,
  betName,
  baseAmount: 10,
  betMultiples: multiple,
  totalBetAmount: 10 * multiple,
  coin: "CHIP" as const,
});

/** A movable clock. */
export function clock(start = T0) {
  let now = start;
  return {
    now: () => now,
    set: (ms: number) => {
      now = ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/**
 * A Hono app with only the game routes, standing in for the core app: deps from `deps`, the
 * user from the `access-token` header "user-<id>", errors as envelopes.
 */
export function gameApp(db: Db, now: () => number, timing: GameTiming = TIMING) {
  const deps = {
    db,
    log: pino({ level: "silent" }),
    config: { ...timing } as unknown as Deps["config"],
    now,
  } as Deps;
  const app = new Hono<CoreEnv>();
  const core = new Hono<CoreEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("encrypt", false);
    c.set("requestId", "test");
    const token = c.req.header("access-token");
    c.set("user", token?.startsWith("user-") ? { id: Number(token.slice(5)), token } : null);
    await next();
  });
  app.onError((error, c) =>
    error instanceof ApiError
      ? reply(c, error.code, error.message, error.result)
      : reply(c, Code.SERVER_ERROR, error.message),
  );
  gameRoutes(core);
  app.route("/core", core);
  return { app, deps };
}

/** The header gameApp reads the user of `userId` from. */
export const asUser = (userId: number) => ({ "access-token": `user-${userId}` });

/** Calls the app in process (tests/support/core.ts call): GET with query, POST with a form body. */
// biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
export function call<T = any>(
  app: Hono<CoreEnv>,
  method: "GET" | "POST",
  path: string,
  params: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) {
  const target = {
    url: "http://core.test/core",
    fetch: (url: string, init: RequestInit) => app.request(url, init),
  };
  return coreCall<T>(target, path, { method, params, headers });
}

export async function balanceOf(db: Db, userId: number, coin: Coin = "CHIP"): Promise<number> {
  const rows = await db.query<{ balance: number }>(
    "SELECT balance FROM accounts WHERE user_id = $1 AND coin = $2",
    [userId, coin],
  );
  return rows[0]?.balance ?? 0;
}

export async function ledgerSum(db: Db, userId: number, coin: Coin = "CHIP"): Promise<number> {
  const rows = await db.query<{ s: number | null }>(
    "SELECT sum(amount) AS s FROM ledger_entries WHERE user_id = $1 AND coin = $2",
    [userId, coin],
  );
  return Number(rows[0]?.s ?? 0);
}

/** Verifies an Ed25519 signature with a raw 32-byte public key (hex), as a third party would. */
export function ed25519Ok(publicKeyHex: string, body: string, signatureHex: string): boolean {
  const key = createPublicKey({
    key: Buffer.from(`302a300506032b6570032100${publicKeyHex}`, "hex"),
    format: "der",
    type: "spki",
  });
  return verify(null, Buffer.from(body), key, Buffer.from(signatureHex, "hex"));
}

/**
 * Starts a real core on `db` (kept open after it closes; no jobs, silent) with these environment
 * variables: its start-up checks run as in production.
 */
export function startCoreOn(db: Db, env: Record<string, string>, uploadDir: string) {
  return startCore({
    env: { NODE_ENV: "test", ...env },
    config: { ...testCoreConfig(uploadDir), logLevel: "silent" },
    db,
    keepDb: true,
    log: pino({ level: "silent" }),
    jobs: false,
  });
}
