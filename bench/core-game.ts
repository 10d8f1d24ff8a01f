/**
 * Game engine benchmark with the double-entry ledger, on PGlite (in memory) or, with
 * BENCH_DATABASE=postgres, on a throw-away PostgreSQL database (TEST_DATABASE_ADMIN_URL or the
 * local server):
 *   - baselines: a plain INSERT loop, and one INSERT per transaction
 *   - bets/s through the service function placeBet, one at a time and 16 at once (target >= 2,000/s)
 *   - bets/s through HTTP: in-process (app.request) and over a real socket (fetch, 16 in flight)
 *   - time to settle one round holding 10,000 bets (target < 1 s)
 *   - the ledger check (all accounts sum to zero, balances equal their entries) at the end
 * Run: npx tsx bench/core-game.ts   (writes bench/out/core-game[-postgres].json too)
 */
import { mkdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { cpus, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import pg from "pg";
import pino from "pino";
import { BET_NAMES, type BetName } from "../contract/game";
import { createCoreApp } from "../core/src/app";
import { issueToken } from "../core/src/auth/tokens";
import { placeBet } from "../core/src/game/bets";
import { ensureRound, roundWindow } from "../core/src/game/rounds";
import { settleRound } from "../core/src/game/settle";
import { checkLedger } from "../core/src/ledger/check";
import { post } from "../core/src/ledger/ledger";
import { loadConfig } from "../core/src/platform/config";
import type { Deps } from "../core/src/platform/context";
import { openDb } from "../core/src/platform/db";
import { migrate } from "../core/src/platform/migrate";

const BETS = Number(process.env.BENCH_BETS ?? 10_000);
const HTTP_BETS = Number(process.env.BENCH_HTTP_BETS ?? 2_000);
const USERS = 100;
const timing = { roundSeconds: 60, betCloseSeconds: 5 };

const ON_POSTGRES = process.env.BENCH_DATABASE === "postgres";
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL || "postgres://postgres@127.0.0.1:5432/postgres";
const BENCH_DB_NAME = `core_bench_${Date.now()}`;

/** A throw-away PostgreSQL database, dropped at the end. */
async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
if (ON_POSTGRES) await adminQuery(`CREATE DATABASE ${BENCH_DB_NAME}`);
const benchUrl = new URL(ADMIN_URL);
benchUrl.pathname = `/${BENCH_DB_NAME}`;
const db = await openDb(ON_POSTGRES ? { databaseUrl: benchUrl.toString() } : { dataDir: "memory://" });
console.log(`database: ${db.kind}`);
await migrate(db, fileURLToPath(new URL("../core/migrations", import.meta.url)));

const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
/**
 * Wall time and this process's CPU time since start. PGlite runs in this thread, so CPU time is the
 * work done; when other processes load the machine, wall time grows and CPU time does not.
 */
function stopwatch() {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return {
    wallMs: () => performance.now() - wall,
    cpuMs: () => {
      const used = process.cpuUsage(cpu);
      return (used.user + used.system) / 1000;
    },
  };
}
const results: Record<string, number> = {};
function report(name: string, value: number, unit: string) {
  results[`${name} (${unit})`] = value;
  console.log(`${name.padEnd(52)} ${String(value).padStart(8)} ${unit}`);
}

// ---- baselines
await db.query(
  "CREATE TABLE bench_plain (id bigserial PRIMARY KEY, user_id bigint, amount bigint, note text)",
);
let watch = stopwatch();
for (let i = 0; i < BETS; i++) {
  await db.query("INSERT INTO bench_plain (user_id, amount, note) VALUES ($1, $2, $3)", [
    i % USERS,
    100,
    "x",
  ]);
}
const plainRate = rate(BETS, watch.wallMs());
report("baseline: plain INSERT loop", plainRate, "rows/s");
report("  per CPU-second", rate(BETS, watch.cpuMs()), "rows/s");
let t = performance.now();
t = performance.now();
for (let i = 0; i < BETS / 2; i++) {
  await db.tx((tx) =>
    tx.query("INSERT INTO bench_plain (user_id, amount, note) VALUES ($1, $2, $3)", [i % USERS, 100, "x"]),
  );
}
report("baseline: one INSERT per transaction", rate(BETS / 2, performance.now() - t), "tx/s");

// ---- players: 9,000 units of CHIP each (the Primary room takes up to 10,000)
const users: number[] = [];
for (let i = 0; i < USERS; i++) {
  const [row] = await db.query<{ id: number }>(
    "INSERT INTO users (area_code, phone, password_hash, invitation) VALUES ('91', $1, 'x', $2) RETURNING id",
    [`90000${String(i).padStart(5, "0")}`, `BENCH${i}`],
  );
  await db.tx((tx) =>
    post(tx, { userId: row.id, coin: "CHIP", amount: 900_000, kind: "ADJUST", counter: "ADJUSTMENTS" }),
  );
  users.push(row.id);
}

// ---- bets through the service function
const start = Math.floor(Date.now() / 60_000) * 60_000 + 3_600_000;
const round = await ensureRound(db, "CHIP", 1, roundWindow(start, timing));
watch = stopwatch();
for (let i = 0; i < BETS; i++) {
  const betName = BET_NAMES[i % BET_NAMES.length] as BetName;
  await placeBet(
    db,
    users[i % USERS],
    { gameSessionId: round.id, betName, baseAmount: 1, betMultiples: 1, totalBetAmount: 1, coin: "CHIP" },
    start + 1000,
    i % 2 === 0 ? `bench-${i}` : null,
  );
}
const betRate = rate(BETS, watch.wallMs());
const betCpuRate = rate(BETS, watch.cpuMs());
report(`bets via placeBet (${BETS}, half with idempotency keys)`, betRate, "bets/s");
report("  per CPU-second", betCpuRate, "bets/s");
// The machine's speed varies (other work, CPU); the ratio to the plain loop varies much less.
report("  placeBet relative to the plain INSERT loop", Math.round((betRate / plainRate) * 100) / 100, "x");

// ---- bets through the service function, 16 players at once (the bets that arrive together on
// PGlite share a statement: core/src/game/bet-batches.ts), in a round of their own
const concurrentRound = await ensureRound(db, "CHIP", 1, roundWindow(start + 120_000, timing));
let nextBet = 0;
watch = stopwatch();
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (nextBet < BETS) {
      const i = nextBet++;
      await placeBet(
        db,
        users[i % USERS],
        {
          gameSessionId: concurrentRound.id,
          betName: BET_NAMES[i % BET_NAMES.length] as BetName,
          baseAmount: 1,
          betMultiples: 1,
          totalBetAmount: 1,
          coin: "CHIP",
        },
        start + 121_000,
        i % 2 === 0 ? `bench-concurrent-${i}` : null,
      );
    }
  }),
);
const concurrentRate = rate(BETS, watch.wallMs());
const concurrentCpuRate = rate(BETS, watch.cpuMs());
report(`bets via placeBet, 16 at once (${BETS}, half with keys)`, concurrentRate, "bets/s");
report("  per CPU-second", concurrentCpuRate, "bets/s");
report("  relative to the plain INSERT loop", Math.round((concurrentRate / plainRate) * 100) / 100, "x");

// ---- settlement of that round
watch = stopwatch();
const settled = await settleRound(db, round.id, start + 60_000);
const settleMs = Math.round(watch.wallMs());
const settleCpuMs = Math.round(watch.cpuMs());
report(`settle one round of ${settled?.bets} bets (${settled?.paidBets} paid)`, settleMs, "ms");
report("  CPU time", settleCpuMs, "ms");
watch = stopwatch();
const ledger = await checkLedger(db);
if (!ledger.ok) throw new Error(`ledger check failed: ${ledger.problems.join("; ")}`);
report("ledger check after 10,000 bets and their settlement", Math.round(watch.wallMs()), "ms");

// ---- bets through HTTP (the real core app, real tokens)
const round2 = await ensureRound(db, "CHIP", 1, roundWindow(start + 60_000, timing));
const deps: Deps = {
  db,
  log: pino({ level: "silent" }),
  config: loadConfig({ NODE_ENV: "test" }, { roundSeconds: 60, betCloseSeconds: 5 }),
  now: () => start + 61_000,
};
const tokens: string[] = [];
for (const id of users) tokens.push((await issueToken(db, id, start)).token);
const app = createCoreApp(deps);
const form = (i: number) =>
  new URLSearchParams({
    gameSessionId: String(round2.id),
    betName: BET_NAMES[i % BET_NAMES.length],
    baseAmount: "1",
    betMultiples: "1",
    totalBetAmount: "1",
    coin: "CHIP",
  }).toString();
const headers = (i: number) => ({
  "content-type": "application/x-www-form-urlencoded",
  "access-token": tokens[i % USERS],
});
t = performance.now();
for (let i = 0; i < HTTP_BETS; i++) {
  const res = await app.request("/core/app/game/luckyLottery/betting", {
    method: "POST",
    body: form(i),
    headers: headers(i),
  });
  const body = (await res.json()) as { code: number; message: string };
  if (body.code !== 200) throw new Error(body.message);
}
report(
  `bets via HTTP, in-process app.request (${HTTP_BETS})`,
  rate(HTTP_BETS, performance.now() - t),
  "bets/s",
);

const server = await new Promise<ReturnType<typeof serve>>((ready) => {
  const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => ready(s));
});
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/core/app/game/luckyLottery/betting`;
let next = 0;
t = performance.now();
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (next < HTTP_BETS) {
      const i = next++;
      const res = await fetch(url, { method: "POST", body: form(i), headers: headers(i) });
      const body = (await res.json()) as { code: number; message: string };
      if (body.code !== 200) throw new Error(body.message);
    }
  }),
);
report(
  `bets via HTTP over a socket, 16 in flight (${HTTP_BETS})`,
  rate(HTTP_BETS, performance.now() - t),
  "bets/s",
);
server.close();

t = performance.now();
const settled2 = await settleRound(db, round2.id, start + 120_000);
report(`settle one round of ${settled2?.bets} bets`, Math.round(performance.now() - t), "ms");
const final = await checkLedger(db);
if (!final.ok) throw new Error(`ledger check failed: ${final.problems.join("; ")}`);
console.log("ledger check: OK (every coin sums to zero, every balance equals its entries)");

mkdirSync(fileURLToPath(new URL("./out", import.meta.url)), { recursive: true });
writeFileSync(
  fileURLToPath(new URL(`./out/core-game${ON_POSTGRES ? "-postgres" : ""}.json`, import.meta.url)),
  `${JSON.stringify({ at: new Date().toISOString(), database: db.kind, results }, null, 2)}\n`,
);
await db.close();
if (ON_POSTGRES) await adminQuery(`DROP DATABASE IF EXISTS ${BENCH_DB_NAME} WITH (FORCE)`);
// The target is throughput: bets from many players at once (one player's bets one at a time are
// bounded by PGlite's cost per statement, about that of a plain INSERT: decision 051).
const ok = settleMs < 1000 && concurrentRate >= 2000;
const load = `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} CPUs`;
if (ok) console.log(`targets met in wall time (>= 2000 bets/s, settle < 1 s; ${load})`);
else if (settleCpuMs < 1000 && concurrentCpuRate >= 2000) {
  console.log(`targets met in CPU time only: the machine is busy (${load}); wall-clock figures above`);
} else console.log(`TARGETS MISSED (>= 2000 bets/s and settle < 1 s wanted; ${load})`);
process.exitCode = ok ? 0 : 1;
