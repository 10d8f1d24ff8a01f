import { randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import pg from "pg";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect } from "vitest";
import type { ZodTypeAny, z } from "zod";
import { toQueryString } from "#contract/codec";
import type { Envelope } from "#contract/envelope";
import type { Coin } from "#contract/money";
import { clearSharedCaches } from "../../app/utils/shared-cache.server";
import { runAdmin } from "../../core/src/admin";
import { lastSmsCode } from "../../core/src/auth/sms";
import { checkLedger } from "../../core/src/ledger/check";
import { post } from "../../core/src/ledger/ledger";
import { DEV_OPERATOR_PASSWORD } from "../../core/src/platform/config";
import type { CoreConfig } from "../../core/src/platform/config";
import type { Deps } from "../../core/src/platform/context";
import { type Db, type Sql, openDb } from "../../core/src/platform/db";
import { migrate } from "../../core/src/platform/migrate";
import type { SmsSender } from "../../core/src/platform/sms";
import { startCore } from "../../core/src/start";

export type TestDatabase = "pglite" | "postgres";

/** Databases the core tests run on: both unless CORE_TEST_DATABASES narrows it ("pglite"). */
export const TEST_DATABASES: TestDatabase[] = (process.env.CORE_TEST_DATABASES ?? "pglite,postgres")
  .split(",")
  .map((d) => d.trim())
  .filter((d): d is TestDatabase => d === "pglite" || d === "postgres");

export const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestCore {
  /** e.g. http://127.0.0.1:40123/core */
  url: string;
  origin: string;
  deps: Deps;
  /** Every JSON log line the core wrote. */
  logLines: () => Record<string, unknown>[];
  lastSmsCode: (phone: string, areaCode?: string) => string | undefined;
  /** Moves the core's clock forward. */
  advance: (ms: number) => void;
  /** Stops the core as a signal would (jobs end), keeping its database open until close(). */
  stop: () => Promise<void>;
  close: () => Promise<void>;
}

/** A throw-away database on the PostgreSQL server at ADMIN_URL: its URL, one pool on it, and drop. */
export async function createPostgresDatabase(): Promise<{ url: string; db: Db; drop: () => Promise<void> }> {
  const name = `core_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${ADMIN_URL} (${(error as Error).message}). Start it with ` +
        "`node scripts/ensure-postgres.mjs`, set TEST_DATABASE_ADMIN_URL, or run only PGlite with " +
        "CORE_TEST_DATABASES=pglite.",
    );
  }
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDb({ databaseUrl: url.toString() });
  return {
    url: url.toString(),
    db,
    drop: async () => {
      await db.close().catch(() => {});
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A test core's configuration: HTTP on a free local port, uploads in `uploadDir`, this repo's migrations. */
export function testCoreConfig(uploadDir: string): Partial<CoreConfig> {
  return {
    port: 0,
    host: "127.0.0.1",
    uploadDir,
    migrationsDir: resolve("core/migrations"),
    logLevel: "info",
  };
}

/**
 * A throw-away database (PGlite, in memory) migrated up to, not including, migration `next` (e.g.
 * "065"), for a test of what `next` does to rows written before it: `migrateRest()` runs `next` and
 * every later migration.
 */
export async function openDbBeforeMigration(next: string) {
  const all = resolve("core/migrations");
  const earlier = mkdtempSync(join(tmpdir(), `migrations-before-${next}-`));
  const db = await openDb({ dataDir: "memory://" });
  try {
    for (const f of readdirSync(all).filter((f) => f < next)) copyFileSync(join(all, f), join(earlier, f));
    await migrate(db, earlier);
  } finally {
    rmSync(earlier, { recursive: true, force: true });
  }
  return { db, migrateRest: () => migrate(db, all) };
}

/** Starts a real core (HTTP on a free port) on a throw-away database. */
export async function startTestCore(
  options: {
    database?: TestDatabase;
    config?: Partial<CoreConfig>;
    seed?: boolean;
    jobs?: boolean;
    /** Where SMS go (default: the log provider, whose codes lastSmsCode reads). */
    sms?: SmsSender;
  } = {},
): Promise<TestCore> {
  const database = options.database ?? "pglite";
  const uploadDir = mkdtempSync(join(tmpdir(), "core-uploads-"));
  const lines: string[] = [];
  const log = pino(
    { level: "info", base: { service: "core" }, formatters: { level: (label) => ({ level: label }) } },
    { write: (line: string) => void lines.push(line) },
  );
  let offset = 0;
  const target =
    database === "postgres" ? await createPostgresDatabase() : { db: await openDb({}), drop: async () => {} };
  const core = await startCore({
    env: { NODE_ENV: "test" },
    config: { ...testCoreConfig(uploadDir), ...options.config },
    db: target.db,
    keepDb: true,
    log,
    now: () => Date.now() + offset,
    seed: options.seed,
    jobs: options.jobs ?? false,
    sms: options.sms,
  });
  return {
    url: core.url,
    origin: core.origin,
    deps: core.deps,
    logLines: () => lines.map((l) => JSON.parse(l)),
    lastSmsCode,
    advance: (ms) => {
      offset += ms;
      // Only the core's clock jumps, not the BFF's: what the BFF keeps for every player
      // (app/utils/shared-cache.server.ts) belongs to the time before the jump.
      clearSharedCaches();
    },
    stop: () => core.close(),
    close: async () => {
      await core.close();
      if (database === "pglite") await target.db.close().catch(() => {});
      await target.drop();
      rmSync(uploadDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `suite` once per database of TEST_DATABASES ("<title> on pglite", "<title> on postgres"),
 * each on its own core, started before the suite's tests and closed after them. `core` stands for
 * that started core inside hooks and tests.
 */
export function describeOnEachDatabase(
  title: string,
  suite: (core: TestCore, database: TestDatabase) => void,
): void {
  describe.each(TEST_DATABASES)(`${title} on %s`, (database) => {
    let started: TestCore | undefined;
    const core = new Proxy({} as TestCore, {
      get: (_, key) => {
        if (!started) throw new Error(`the core on ${database} is not started yet`);
        return Reflect.get(started, key);
      },
    });
    beforeAll(async () => {
      started = await startTestCore({ database });
    });
    // Every test ends by reconciling the ledger: no money created or destroyed, every balance
    // the sum of its entries (docs/wallet.md).
    afterEach(async () => {
      if (started) await expectLedgerBalanced(started.deps.db);
    });
    afterAll(async () => {
      await started?.close();
    });
    suite(core, database);
  });
}

export interface CallOptions {
  method?: "GET" | "POST";
  params?: Record<string, string | number | boolean | undefined>;
  token?: string;
  /** The player's address, as the BFF forwards it. */
  ip?: string;
  headers?: Record<string, string>;
}

/** Where a call goes: a core's base URL, and a fetch of its own for an app called in process. */
export interface CallTarget {
  url: string;
  fetch?: (url: string, init: RequestInit) => Response | Promise<Response>;
}

/** One call with the spec's conventions: GET query, POST form body, token in access-token. */
export async function call<T = unknown>(core: CallTarget, path: string, o: CallOptions = {}) {
  const method = o.method ?? (path.includes("/get") || path.includes("/find") ? "GET" : "POST");
  const query = toQueryString(o.params ?? {});
  const headers: Record<string, string> = { ...o.headers };
  if (o.token) headers["access-token"] = o.token;
  if (o.ip) headers["x-forwarded-for"] = o.ip;
  let url = core.url + path;
  let body: string | undefined;
  if (method === "GET") url += query ? `?${query}` : "";
  else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = query;
  }
  const response = await (core.fetch ?? fetch)(url, { method, headers, body });
  return (await response.json()) as Envelope<T>;
}

/** A GET call's result as `schema` reads it: a result of another shape fails the test. */
export async function getResult<S extends ZodTypeAny>(
  core: CallTarget,
  path: string,
  schema: S,
  o: Omit<CallOptions, "method"> = {},
): Promise<z.infer<S>> {
  return schema.parse((await call(core, path, { ...o, method: "GET" })).result);
}

/** The operator's Basic credentials in development and tests. */
export const operatorAuth = `Basic ${Buffer.from(`operator:${DEV_OPERATOR_PASSWORD}`).toString("base64")}`;

/** One call of the operator API (JSON body), as the operator. */
export async function operatorCall<T = unknown>(
  core: { url: string },
  path: string,
  method: "GET" | "POST" = "GET",
  body?: Record<string, string>,
) {
  const response = await fetch(`${core.url}/operator${path}`, {
    method,
    headers: { authorization: operatorAuth, "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as { code: number; message: string; result: T };
}

/** Each body POSTed to the operator API's `path` is refused (400); a failure names its body. */
export async function expectOperatorRefuses(
  core: { url: string },
  path: string,
  bodies: Record<string, string>[],
) {
  for (const body of bodies) {
    expect((await operatorCall(core, path, "POST", body)).code, JSON.stringify(body)).toBe(400);
  }
}

/** Runs operator commands (core/src/admin.ts) on `db` in turn; answers what they printed, a line each. */
export async function adminOutput(db: Db, ...commands: string[][]): Promise<string> {
  const lines: string[] = [];
  for (const argv of commands) await runAdmin(argv, db, (l) => lines.push(l));
  return lines.join("\n");
}

let phoneCounter = 0;
/** A phone number no other test uses. */
export function freshPhone(): string {
  phoneCounter++;
  return `7${String(process.pid % 1000).padStart(3, "0")}${String(Date.now() % 100000).padStart(5, "0")}${String(phoneCounter).padStart(2, "0")}`.slice(
    0,
    12,
  );
}

let ipCounter = 0;
/** An address no other test uses, so per-IP limits do not interfere. */
export function freshIp(): string {
  ipCounter++;
  return `10.${(process.pid >> 8) & 255}.${process.pid & 255}.${ipCounter % 250}`;
}

/**
 * Asks for an SMS code (POST /app/sms/sendSmsCodeNoAuth): a REGISTER code under area code 91 from
 * a fresh address, unless `o` says otherwise.
 */
export function sendSmsCode(
  core: CallTarget,
  phone: string,
  o: { type?: string; areaCode?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  return call<{ resendAfterSeconds: number; expiresInSeconds: number }>(core, "/app/sms/sendSmsCodeNoAuth", {
    params: { areaCode: o.areaCode ?? "91", phone, type: o.type ?? "REGISTER" },
    ip: o.ip ?? freshIp(),
    headers: o.headers,
  });
}

/**
 * Asks for an SMS code of `type` as the signed-in player of `token` (POST /app/sms/sendUserCode),
 * from a fresh address; answers the envelope.
 */
export function sendUserCode(core: CallTarget, token: string | undefined, type: string) {
  return call(core, "/app/sms/sendUserCode", { params: { type }, token, ip: freshIp() });
}

/**
 * Signs in (POST /app/auth/login) under area code 91 from a fresh address, unless `o` names others,
 * and from the device `o.device` (x-device-id) when given; answers the envelope.
 */
export function signIn(
  core: CallTarget,
  phone: string,
  password: string,
  o: { ip?: string; areaCode?: string; device?: string } = {},
) {
  return call<{ token: string; userId: number; expiresAt: number }>(core, "/app/auth/login", {
    params: { areaCode: o.areaCode ?? "91", phone, password },
    ip: o.ip ?? freshIp(),
    headers: o.device ? { "x-device-id": o.device } : {},
  });
}

/** Opening balances in cents per coin. */
export type Balances = Partial<Record<Coin, number>>;

/** Credits `balances` to a player through the ledger, as an operator's adjustment. */
export async function credit(db: Db, userId: number, balances: Balances): Promise<void> {
  for (const [coin, cents] of Object.entries(balances)) {
    if (cents)
      await db.tx((tx) =>
        post(tx, { userId, coin: coin as Coin, amount: cents, kind: "ADJUST", counter: "ADJUSTMENTS" }),
      );
  }
}

/**
 * Resets `phone`'s login password through the real calls (a reset SMS code, then the reset), a
 * minute after the last code (one code per phone a minute); answers the reset's envelope.
 */
export async function resetLoginPassword(core: TestCore, phone: string, password: string) {
  core.advance(61_000);
  const sent = await sendSmsCode(core, phone, { type: "RESET_LOGIN_PWD" });
  if (sent.code !== 200) throw new Error(`reset code not sent: ${sent.message}`);
  return call(core, "/app/auth/resetLoginPwd", {
    params: { areaCode: "91", phone, smsCode: core.lastSmsCode(phone) ?? "", password },
  });
}

/**
 * The one way the core tests and the BFF tests make a player: registered through the real calls
 * (SMS code, register), with optional opening balances credited through the ledger.
 */
export async function registerPlayer(
  core: TestCore,
  o: { invitationCode?: string; password?: string; balances?: Balances } = {},
) {
  const phone = freshPhone();
  const ip = freshIp();
  const sent = await sendSmsCode(core, phone, { ip });
  if (sent.code !== 200) throw new Error(`sendSmsCodeNoAuth: ${sent.message}`);
  const password = o.password ?? "secret12";
  const reg = await call<{ token: string; userId: number }>(core, "/app/auth/register", {
    params: {
      areaCode: "91",
      phone,
      password,
      smsCode: core.lastSmsCode(phone, "91"),
      invitationCode: o.invitationCode,
    },
    ip,
  });
  if (reg.code !== 200) throw new Error(`register: ${reg.message}`);
  if (o.balances) await credit(core.deps.db, reg.result.userId, o.balances);
  return { phone, password, ip, token: reg.result.token, userId: reg.result.userId };
}

/** The ledger check (`admin ledger check`) passes: per coin all accounts sum to zero, and more. */
export async function expectLedgerBalanced(db: Db): Promise<void> {
  const report = await checkLedger(db);
  expect(report.problems).toEqual([]);
}

/**
 * Runs `work` in a transaction and holds it open, uncommitted, until `commit()`: `entered` resolves
 * once `work` has run, `done` when the transaction has committed. For races against a write in
 * flight (PostgreSQL only: PGlite runs one transaction at a time).
 */
export function heldOpen(db: Db, work: (tx: Sql) => Promise<void>) {
  let commit = () => {};
  const gate = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let entered: () => void = () => {};
  const inside = new Promise<void>((resolve) => {
    entered = resolve;
  });
  const done = db.tx(async (tx) => {
    await work(tx);
    entered();
    await gate;
  });
  return { entered: inside, commit, done };
}
