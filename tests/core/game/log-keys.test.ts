import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { GAME_COMMANDS } from "../../../core/src/game/admin";
import { fairnessOf } from "../../../core/src/game/fairness-keys";
import { ensureRound, roundWindow } from "../../../core/src/game/rounds";
import { DEV_FAIRNESS, loadConfig } from "../../../core/src/platform/config";
import type { Db } from "../../../core/src/platform/db";
import { T0, TIMING, ed25519Ok, memoryDb, startCoreOn } from "./helpers";

const OLD = DEV_FAIRNESS.logKey;
const NEW = "cd".repeat(32);
const oldPublic = fairnessOf().logPublicKey;
const newFairness = fairnessOf({ fairness: { ...DEV_FAIRNESS, logKey: NEW } });
const uploads = mkdtempSync(join(tmpdir(), "log-keys-"));
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

const entries = (db: Db) =>
  db.query<{ seq: number; body: string; hash: string; signature: string }>(
    "SELECT seq, body, hash, signature FROM fairness_log ORDER BY seq",
  );

/** Starts a core on `db` with these environment variables and closes it; rejects if it does not start. */
const startAndClose = async (db: Db, env: Record<string, string>) =>
  (await startCoreOn(db, env, uploads)).close();

describe("the public log's signing key", () => {
  it("a core with another log key refuses to start, unless the old one hands the log over in a signed entry", async () => {
    const db = await memoryDb();
    await ensureRound(db, "CHIP", 1, roundWindow(T0, TIMING));
    const before = await entries(db);
    expect(before.every((e) => ed25519Ok(oldPublic, e.body, e.signature))).toBe(true);

    await expect(startAndClose(db, { FAIRNESS_LOG_KEY: NEW })).rejects.toThrow(
      `FAIRNESS_LOG_KEY (public key ${newFairness.logPublicKey}) did not sign the newest entry of this database's public fairness log (entry ${before.length})`,
    );
    expect(await entries(db)).toHaveLength(before.length);

    await startAndClose(db, { FAIRNESS_LOG_KEY: NEW, FAIRNESS_LOG_KEY_PREVIOUS: OLD });
    const after = await entries(db);
    expect(after).toHaveLength(before.length + 1);
    const handOver = after.at(-1);
    const body = JSON.parse(handOver?.body ?? "{}");
    expect(body).toMatchObject({
      kind: "key",
      publicKey: newFairness.logPublicKey,
      prev: before.at(-1)?.hash,
    });
    expect(ed25519Ok(oldPublic, handOver?.body ?? "", handOver?.signature ?? "")).toBe(true);

    // Started again, with or without the old key: no second hand-over.
    await startAndClose(db, { FAIRNESS_LOG_KEY: NEW, FAIRNESS_LOG_KEY_PREVIOUS: OLD });
    await startAndClose(db, { FAIRNESS_LOG_KEY: NEW });
    expect(await entries(db)).toHaveLength(after.length);

    // What comes after is signed with the new key; the old key can no longer sign on.
    await ensureRound(db, "CHIP", 1, roundWindow(T0 + 60_000, TIMING), newFairness);
    const newest = (await entries(db)).slice(after.length);
    expect(newest.length).toBeGreaterThan(0);
    expect(newest.every((e) => ed25519Ok(newFairness.logPublicKey, e.body, e.signature))).toBe(true);
    await expect(startAndClose(db, {})).rejects.toThrow(/did not sign the newest entry/);
    await db.close();
  });

  it("after a lost log key, announce-log-key lets the new key announce itself (audited), and the core starts", async () => {
    const db = await memoryDb();
    await ensureRound(db, "CHIP", 1, roundWindow(T0, TIMING));
    await expect(startAndClose(db, { FAIRNESS_LOG_KEY: NEW })).rejects.toThrow(/announce-log-key/);
    const saved = { ...process.env };
    process.env.FAIRNESS_LOG_KEY = NEW;
    const lines: string[] = [];
    const fairness = GAME_COMMANDS.find((c) => c.name === "fairness");
    try {
      await fairness?.run(["fairness", "announce-log-key"], db, (l) => lines.push(l));
      const last = (await entries(db)).at(-1);
      expect(JSON.parse(last?.body ?? "{}")).toMatchObject({
        kind: "key",
        publicKey: newFairness.logPublicKey,
      });
      expect(ed25519Ok(newFairness.logPublicKey, last?.body ?? "", last?.signature ?? "")).toBe(true);
      expect(lines[0]).toBe(
        `entry ${last?.seq} announces the log key ${newFairness.logPublicKey}, signed by itself: the old key did not vouch for it`,
      );
      const audit = await db.query<{ action: string }>("SELECT action FROM operator_audit");
      expect(audit.map((a) => a.action)).toEqual(["fairness.logkey.announce"]);
      await startAndClose(db, { FAIRNESS_LOG_KEY: NEW });
      lines.length = 0;
      await fairness?.run(["fairness", "announce-log-key"], db, (l) => lines.push(l));
      expect(lines).toEqual(["FAIRNESS_LOG_KEY may sign the log already: nothing to announce"]);
    } finally {
      process.env = saved;
    }
    await db.close();
  });

  it("refuses a previous log key that is not 64 hex", () => {
    expect(() => loadConfig({ FAIRNESS_LOG_KEY_PREVIOUS: "xyz" })).toThrow(
      /FAIRNESS_LOG_KEY_PREVIOUS must be 64 hex/,
    );
  });
});
