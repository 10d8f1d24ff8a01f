import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it, vi } from "vitest";
import { fairnessOf } from "../../../core/src/game/fairness-keys";
import { DEV_FAIRNESS } from "../../../core/src/platform/config";
import { T0, fileDb } from "./helpers";

/**
 * The hash chains a round's seed comes from (core/src/game/chains.ts): seeds from checkpoints kept
 * in memory, settlement's check against the last seed it verified, and walks that let the event
 * loop run.
 */
type Chains = typeof import("../../../core/src/game/chains");

/** A fresh copy of the module: what a restarted process knows (nothing kept in memory). */
async function freshChains(): Promise<Chains> {
  vi.resetModules();
  return import("../../../core/src/game/chains");
}

/** SHA-256 applied `steps` times, written out here as a third party would. */
function hashSteps(hex: string, steps: number): string {
  let h = Buffer.from(hex, "hex");
  for (let i = 0; i < steps; i++) h = createHash("sha256").update(h).digest();
  return h.toString("hex");
}

const db = await fileDb();

/** 250 steps: more than two checkpoints (every 100 steps), and not a multiple of them. */
const f = fairnessOf({ fairness: { ...DEV_FAIRNESS, chainLength: 250 } });

async function terminalOf(chainId: number): Promise<string> {
  const rows = await db.query<{ terminal_hash: string }>(
    "SELECT terminal_hash FROM game_chains WHERE id = $1",
    [chainId],
  );
  return rows[0].terminal_hash;
}

describe("seeds of a chain", () => {
  it("are each one SHA-256 step above the last and lead to the terminal hash, across a restart and into the next chain", async () => {
    let chains = await freshChains();
    const draw = () => db.tx((tx) => chains.nextSeed(tx, f, "CHIP", 3, 1, T0));
    let previous: { chainId: number; index: number; seed: string } | null = null;
    for (let n = 1; n <= 250; n++) {
      // Half way, the process restarts: the chain goes on from what the database holds.
      if (n === 131) chains = await freshChains();
      const next = await draw();
      expect(next.index).toBe(n);
      expect(hashSteps(next.seed, next.index)).toBe(await terminalOf(next.chainId));
      if (previous) {
        expect(next.chainId).toBe(previous.chainId);
        expect(hashSteps(next.seed, 1)).toBe(previous.seed);
      }
      previous = next;
    }
    const after = await draw();
    expect(after.chainId).not.toBe(previous?.chainId);
    expect(after.index).toBe(1);
    expect(hashSteps(after.seed, 1)).toBe(await terminalOf(after.chainId));
  });
});

describe("settlement's check of a seed against its chain", () => {
  const top = randomBytes(32).toString("hex");
  const length = 300;
  const terminal = hashSteps(top, length);
  const seedAt = (index: number) => hashSteps(top, length - index);

  it("accepts the right seeds, in order or not, and refuses wrong ones, after a verified seed too", async () => {
    const { leadsToTerminal } = await freshChains();
    expect(await leadsToTerminal(seedAt(3), 3, terminal)).toBe(true);
    expect(await leadsToTerminal(seedAt(4), 4, terminal)).toBe(true);
    // A wrong seed above the one verified (checked against it), and below it (the whole walk).
    expect(await leadsToTerminal(randomBytes(32).toString("hex"), 5, terminal)).toBe(false);
    expect(await leadsToTerminal(seedAt(4), 5, terminal)).toBe(false);
    expect(await leadsToTerminal(randomBytes(32).toString("hex"), 2, terminal)).toBe(false);
    // The right seeds still pass: one out of order, then the next ones.
    expect(await leadsToTerminal(seedAt(1), 1, terminal)).toBe(true);
    expect(await leadsToTerminal(seedAt(5), 5, terminal)).toBe(true);
    expect(await leadsToTerminal(seedAt(300), 300, terminal)).toBe(true);
    // Another chain's terminal hash: its seed does not pass for this one.
    expect(await leadsToTerminal(seedAt(6), 6, hashSteps(randomBytes(32).toString("hex"), 6))).toBe(false);
  });

  it("lets the event loop run while it walks a whole 10,000-step chain", async () => {
    const { leadsToTerminal } = await freshChains();
    const seed = randomBytes(32).toString("hex");
    const end = hashSteps(seed, 10_000);
    let turns = 0;
    let walking = true;
    const turn = () => {
      turns++;
      if (walking) setImmediate(turn);
    };
    setImmediate(turn);
    expect(await leadsToTerminal(seed, 10_000, end)).toBe(true);
    walking = false;
    // One turn per slice of 1,000 steps, about: the walk never holds the loop for the whole chain.
    expect(turns).toBeGreaterThanOrEqual(8);
  });
});
