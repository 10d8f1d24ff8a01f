import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { GAME_COMMANDS } from "../../../core/src/game/admin";
import { fairnessOf } from "../../../core/src/game/fairness-keys";
import { ensureRound, roundWindow } from "../../../core/src/game/rounds";
import { unreadableChains } from "../../../core/src/game/seed-keys";
import { settleDue, settleRound } from "../../../core/src/game/settle";
import { DEV_FAIRNESS, loadConfig } from "../../../core/src/platform/config";
import type { Db } from "../../../core/src/platform/db";
import { T0, TIMING, memoryDb, startCoreOn } from "./helpers";

const OLD = DEV_FAIRNESS.seedKey;
const NEW = "ab".repeat(32);
const keys = (seedKey: string, previousSeedKeys: string[] = []) =>
  fairnessOf({ fairness: { ...DEV_FAIRNESS, seedKey, previousSeedKeys } });
const window = (minutes: number) => roundWindow(T0 + minutes * 60_000, TIMING);
const uploads = mkdtempSync(join(tmpdir(), "seed-keys-"));
afterAll(() => rmSync(uploads, { recursive: true, force: true }));

/** Starts a core on `db` with these environment variables; resolves with it or rejects. */
const startOn = (db: Db, env: Record<string, string>) => startCoreOn(db, env, uploads);

describe("the seed key: rotation, a wrong key, a lost key", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("a rotated key keeps the old one for the seeds sealed before: rounds made before are drawn, new chains take the new key", async () => {
    const db = await memoryDb();
    const before = await ensureRound(db, "CHIP", 1, window(0), keys(OLD));
    const rotated = keys(NEW, [OLD]);
    expect(await unreadableChains(db, rotated)).toEqual([]);
    expect(await settleRound(db, before.id, before.endTime + 10_000, rotated)).not.toBeNull();
    // A room whose first chain is made after the rotation: sealed with the new key alone.
    await ensureRound(db, "GOLD", 2, window(0), rotated);
    const newOnly = keys(NEW);
    const unreadable = await unreadableChains(db, newOnly);
    expect(unreadable.map((c) => c.coin)).toEqual(["CHIP"]);
    expect(await unreadableChains(db, keys(OLD))).toMatchObject([{ coin: "GOLD", level: 2 }]);
    await db.close();
  });

  it("a core whose key opens no chain refuses to start and says what to do; with the old key as previous it starts", async () => {
    const db = await memoryDb();
    await ensureRound(db, "CHIP", 1, window(0), keys(OLD));
    await expect(startOn(db, { FAIRNESS_SEED_KEY: NEW })).rejects.toThrow(
      /FAIRNESS_SEED_KEY does not open the sealed top seed of 1 hash chain\(s\).*FAIRNESS_SEED_KEY_PREVIOUS.*retire-unreadable/,
    );
    const core = await startOn(db, {
      FAIRNESS_SEED_KEY: NEW,
      FAIRNESS_SEED_KEY_PREVIOUS: ` ${OLD.toUpperCase()} `,
    });
    await core.close();
    await db.close();
  });

  it("a round no key opens that would still take bets keeps the core from starting until its betting ends", async () => {
    const db = await memoryDb();
    const soon = roundWindow(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000, TIMING);
    const open = await ensureRound(db, "CHIP", 1, soon, keys(OLD), Date.now());
    process.env.FAIRNESS_SEED_KEY = NEW;
    const lines: string[] = [];
    await GAME_COMMANDS.find((c) => c.name === "fairness")?.run(["fairness", "retire-unreadable"], db, (l) =>
      lines.push(l),
    );
    expect(lines.at(-1)).toBe(
      `start the core after ${new Date(open.betEndTime).toISOString()}, when the last of them stops taking bets`,
    );
    await expect(startOn(db, { FAIRNESS_SEED_KEY: NEW })).rejects.toThrow(
      `1 round(s) sealed with a seed key no longer configured would still take bets (round ${open.id}), and no one could draw them: start the core after ${new Date(open.betEndTime).toISOString()}, or put the key they were sealed with in FAIRNESS_SEED_KEY_PREVIOUS.`,
    );
    // The key found again: the round can be drawn, the core starts.
    const core = await startOn(db, { FAIRNESS_SEED_KEY: NEW, FAIRNESS_SEED_KEY_PREVIOUS: OLD });
    await core.close();
    await db.close();
  });

  it("a round no key can draw alarms once, and however many are stuck they never hold up the draw of the others", async () => {
    const db = await memoryDb();
    const stuck = [];
    for (const minute of [0, 1, 2]) stuck.push(await ensureRound(db, "CHIP", 1, window(minute), keys(OLD)));
    const errors: unknown[] = [];
    const f = fairnessOf(
      { fairness: { ...DEV_FAIRNESS, seedKey: NEW } },
      { error: (o: unknown) => errors.push(o) },
    );
    const healthy = await ensureRound(db, "GOLD", 2, window(3), f);
    const later = T0 + 10 * 60_000;
    // Two rounds a pass: the three stuck rounds come first by time, yet the healthy one is drawn.
    for (let pass = 0; pass < 4; pass++) await settleDue(db, later, 2, f);
    const drawn = await db.query<{ result: number | null }>("SELECT result FROM game_rounds WHERE id = $1", [
      healthy.id,
    ]);
    expect(drawn[0].result).not.toBeNull();
    const alarms = await db.query<{ round_id: string }>(
      "SELECT round_id::text FROM fairness_alarms ORDER BY round_id",
    );
    expect(alarms.map((a) => a.round_id)).toEqual(stuck.map((r) => String(r.id)));
    expect(errors).toHaveLength(3);
    await db.close();
  });

  it("refuses a previous key that is not 64 hex", () => {
    expect(() => loadConfig({ FAIRNESS_SEED_KEY_PREVIOUS: `${OLD},abc` })).toThrow(
      /FAIRNESS_SEED_KEY_PREVIOUS must be 64 hex/,
    );
  });

  it("after a lost key, retire-unreadable ends the unreadable chains (audited); the lane's next round starts a new chain and the core starts", async () => {
    const db = await memoryDb();
    const lost = await ensureRound(db, "CHIP", 1, window(0), keys(OLD));
    process.env.FAIRNESS_SEED_KEY = NEW;
    const fairness = GAME_COMMANDS.find((c) => c.name === "fairness");
    const lines: string[] = [];
    await fairness?.run(["fairness", "retire-unreadable"], db, (l) => lines.push(l));
    expect(lines[0]).toMatch(/^retired chain \d+ \(CHIP room 1, lane \d\)$/);
    // Its betting closed long ago: the core may start at once.
    expect(lines.at(-1)).toBe(
      `no key can draw round(s) ${lost.id}: settlement refuses them (admin fairness alarms)`,
    );
    const audit = await db.query<{ action: string }>("SELECT action FROM operator_audit");
    expect(audit.map((a) => a.action)).toEqual(["fairness.chains.retire"]);

    expect(await unreadableChains(db, keys(NEW))).toEqual([]);
    const next = await ensureRound(db, "CHIP", 1, window(2), keys(NEW));
    const chains = await db.query<{ id: number }>(
      "SELECT chain_id AS id FROM game_rounds WHERE id = ANY($1::bigint[]) ORDER BY id",
      [[lost.id, next.id]],
    );
    expect(chains[1].id).not.toBe(chains[0].id);
    const core = await startOn(db, { FAIRNESS_SEED_KEY: NEW });
    await core.close();

    lines.length = 0;
    await fairness?.run(["fairness", "retire-unreadable"], db, (l) => lines.push(l));
    expect(lines).toEqual([
      "every lane's chain opens with FAIRNESS_SEED_KEY or FAIRNESS_SEED_KEY_PREVIOUS: nothing to retire",
    ]);
    await db.close();
  });
});
