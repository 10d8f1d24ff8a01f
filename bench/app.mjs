/**
 * The app the benchmarks measure: build/server/index.js in production mode with its embedded core, on free
 * ports and a throw-away data directory, logged in as the demo player. Used by bench/pages.mjs
 * and bench/load.mjs.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

/** The repository's root, whatever directory a bench is started from. */
export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

/** `--name=value` and `--flag` arguments of a bench, as an object. */
export function benchArgs(argv = process.argv.slice(2)) {
  return Object.fromEntries(
    argv.map((a) => {
      const [k, v] = a.replace(/^--/, "").split("=");
      return [k, v ?? true];
    }),
  );
}
export const DEMO = { areaCode: "91", phone: "9000000001", password: "demo1234" };

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (production) with its embedded core; `stop()` ends both.
 * `webConcurrency`: server processes (WEB_CONCURRENCY), 1 by default.
 */
async function startApp({ webConcurrency = 1 } = {}) {
  const [port, corePort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-pages-"));
  // BENCH_NODE_ARGS: extra node flags for the app (not its core), e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "build/server/index.js"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      CORE_PORT: String(corePort),
      DATA_DIR: dataDir,
      SESSION_SECRET: randomBytes(32).toString("hex"),
      DEMO_PASSWORD: "demo1234",
      // The bench sends no SMS; production refuses the log provider unless allowed.
      SMS_ALLOW_LOG_PROVIDER: "1",
      // The draw's own keys, fresh for each run; no drand relay is reachable here.
      FAIRNESS_SEED_KEY: randomBytes(32).toString("hex"),
      FAIRNESS_LOG_KEY: randomBytes(32).toString("hex"),
      BEACON_ALLOW_SANDBOX: "1",
      UPSTREAM_URL: "",
      LOG_LEVEL: "error",
      WEB_CONCURRENCY: String(webConcurrency),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/readyz`);
      if (res.ok) break;
    } catch {
      // not yet
    }
    await sleep(500);
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(15_000)]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, core: `http://127.0.0.1:${corePort}/core`, stop, pid: child.pid };
}
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the app (`options` as startApp takes them), signs the demo player in through the real
 * login form and runs `measure(app, cookie)` with the session cookie; stops the app whatever
 * happens, and answers what `measure` answered.
 */
export async function withSignedInApp(options, measure) {
  const app = await startApp(options);
  try {
    return await measure(app, await login(app.origin));
  } finally {
    await app.stop();
  }
}

/** Logs the demo player in through the real login form; returns the session cookie. */
async function login(origin) {
  const res = await fetch(`${origin}/pages/login/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", ...DEMO }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`Login failed: HTTP ${res.status}`);
  return cookie;
}

/** Logs the demo player in on the core itself; returns its token (for calls straight to the core). */
async function coreToken(core) {
  const res = await fetch(`${core}/app/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(DEMO),
  });
  const body = await res.json();
  if (body?.code !== 200 || !body.result?.token)
    throw new Error(`Core login failed: ${JSON.stringify(body)}`);
  return body.result.token;
}

/** Clock ticks (1/100 s) of user + system time of all the process's threads (Linux), or NaN. */
export function cpuTicks(pid) {
  if (!pid) return Number.NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return Number.NaN;
  }
}
/**
 * The server's processes by role (Linux): `server`, the process started and its server processes
 * (WEB_CONCURRENCY), and `core`, the embedded core.
 */
export function processesOf(pid) {
  const server = [pid];
  const core = [];
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  } catch {
    // not Linux, or it has ended
  }
  for (const child of children.map(Number)) {
    let cmd = "";
    try {
      cmd = readFileSync(`/proc/${child}/cmdline`, "utf8");
    } catch {
      continue;
    }
    (cmd.includes("build/core/") ? core : server).push(child);
  }
  return { server, core };
}

/** What the game page's loader asks the core for room 1 of CHIP (app/utils/game-page.server.ts). */
export const GAME_CALLS = [
  "/app/game/luckyLottery/getLevelList?coin=CHIP",
  "/app/user/getBalance",
  "/app/game/luckyLottery/getSession?level=1&coin=CHIP",
  "/app/game/luckyLottery/sessionResultPage?level=1&coin=CHIP&pageNo=1&pageSize=20",
  "/app/game/luckyLottery/userLotteryRecordPage?coin=CHIP&pageNo=1&pageSize=20",
];

/**
 * The headers the BFF sends the core on each call (app/utils/api/client.server.ts), a new request
 * id each time, so that a direct call costs the core the same work.
 */
function bffHeaders(token) {
  return {
    accept: "application/json",
    "access-token": token,
    authorization: token,
    "accept-language": "en-US",
    encrypt: "0",
    "x-request-id": crypto.randomUUID(),
    "x-forwarded-for": "127.0.0.1",
  };
}

/**
 * A GET of a path straight on the core, sent as the BFF sends it (its headers, with a token of the
 * demo player's own: the session cookie does not show the BFF's) through `get(url, headers)`.
 */
export async function coreGetter(core, get) {
  const token = await coreToken(core);
  return (path) => get(`${core}${path}`, bffHeaders(token));
}
