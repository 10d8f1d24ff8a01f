import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startEmbeddedCore } from "../../server/embedded-core";

/**
 * The restart policy of server/embedded-core.ts, with stand-in cores (tiny scripts) and short delays:
 * the delay doubles while cores keep dying, stops growing at its ceiling, and starts over after a
 * core ran long enough. The real core's restart is in embedded-core.test.ts.
 */
const policy = { firstMs: 40, maxMs: 160, resetAfterMs: 1_000 };

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "core-restart-policy-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stand-in core: says it is ready on port 1234, then exits 3 after `lifeMs` (from env LIFE_MS). */
function standIn(name: string, body: string) {
  const file = join(dir, name);
  writeFileSync(file, body);
  return file;
}

function recorder() {
  const lines: Array<{ level: string; fields: Record<string, unknown>; msg: string }> = [];
  const at = (level: string) => (fields: Record<string, unknown>, msg: string) =>
    lines.push({ level, fields, msg });
  return { lines, log: { warn: at("warn"), error: at("error"), info: at("info") } };
}

const until = async (check: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  return check();
};

test("a crashing core is restarted after a delay that doubles up to its ceiling, and only until stopped", async () => {
  const entry = standIn(
    "crashes.mjs",
    'process.send({ type: "core-ready", port: 1234 }); setTimeout(() => process.exit(3), 20);',
  );
  const { lines, log } = recorder();
  const ports: number[] = [];
  const core = startEmbeddedCore({
    entry,
    readyTimeoutMs: 10_000,
    log,
    onReady: (port: number) => ports.push(port),
    restartPolicy: policy,
  });
  expect((await core.started).port).toBe(1234);
  const stops = () => lines.filter((l) => l.msg === "the embedded core stopped; restarting it");
  expect(await until(() => stops().length >= 5, 20_000)).toBe(true);
  await core.stop();
  expect(
    stops()
      .slice(0, 5)
      .map((l) => l.fields),
  ).toEqual([
    { code: 3, signal: null, restartInMs: 40 },
    { code: 3, signal: null, restartInMs: 80 },
    { code: 3, signal: null, restartInMs: 160 },
    { code: 3, signal: null, restartInMs: 160 },
    { code: 3, signal: null, restartInMs: 160 },
  ]);
  expect(lines.filter((l) => l.msg === "embedded core restarted").length).toBeGreaterThanOrEqual(4);
  expect(ports.every((p) => p === 1234)).toBe(true);
  const after = lines.length;
  await new Promise((r) => setTimeout(r, 400));
  expect(lines.length).toBe(after);
}, 30_000);

test("the delay starts over once a core has run for resetAfterMs", async () => {
  const marker = join(dir, "runs");
  writeFileSync(marker, "");
  // The first two runs crash at once, the third runs 1.2 s (past resetAfterMs), later ones crash.
  const entry = standIn(
    "long-run.mjs",
    `import { appendFileSync, readFileSync } from "node:fs";
     appendFileSync(${JSON.stringify(marker)}, "x");
     const run = readFileSync(${JSON.stringify(marker)}, "utf8").length;
     process.send({ type: "core-ready", port: 1234 });
     setTimeout(() => process.exit(3), run === 3 ? 1200 : 20);`,
  );
  const { lines, log } = recorder();
  const core = startEmbeddedCore({ entry, readyTimeoutMs: 10_000, log, restartPolicy: policy });
  await core.started;
  const delays = () =>
    lines
      .filter((l) => l.msg === "the embedded core stopped; restarting it")
      .map((l) => l.fields.restartInMs);
  expect(await until(() => delays().length >= 4, 20_000)).toBe(true);
  await core.stop();
  expect(delays().slice(0, 4)).toEqual([40, 80, 40, 80]);
}, 30_000);

test("a core that exits before it is ready fails the first start, and is not restarted", async () => {
  const entry = standIn("broken.mjs", "process.exit(1);");
  const { lines, log } = recorder();
  const core = startEmbeddedCore({ entry, readyTimeoutMs: 10_000, log, restartPolicy: policy });
  await expect(core.started).rejects.toMatchObject({ code: 1 });
  await new Promise((r) => setTimeout(r, 300));
  expect(lines.filter((l) => l.level === "warn")).toEqual([]);
  expect(core.isUp()).toBe(false);
});

test("a core that never says it is ready is killed after readyTimeoutMs", async () => {
  const entry = standIn("silent.mjs", "setInterval(() => {}, 1000);");
  const { lines, log } = recorder();
  const started = Date.now();
  const core = startEmbeddedCore({ entry, readyTimeoutMs: 500, log, restartPolicy: policy });
  await expect(core.started).rejects.toMatchObject({ signal: "SIGKILL" });
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(lines.map((l) => l.msg)).toContain("the embedded core did not become ready in time");
});
