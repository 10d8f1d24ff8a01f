import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  beaconRandomness,
  checkRound,
  digitOf,
  hashSteps,
  proofInputOf,
  sha256Hex,
  verifyBeaconSignature,
} from "#contract/fairness-proof";
import { fairnessLogSchema } from "#contract/game";
import { beaconTimeOf, beaconValue, drandBeacon, sandboxBeacon } from "../../../core/src/beacon/beacon";
import { GAME_COMMANDS } from "../../../core/src/game/admin";
import { placeBet } from "../../../core/src/game/bets";
import { fairnessOf, sealSeed } from "../../../core/src/game/fairness-keys";
import {
  ensureRound,
  ensureUpcomingRounds,
  findRound,
  roundSeedContext,
  roundWindow,
} from "../../../core/src/game/rounds";
import { setPayoutTable } from "../../../core/src/game/settings";
import { settleDue, settleRound } from "../../../core/src/game/settle";
import { ConfigError, DEV_FAIRNESS, loadConfig } from "../../../core/src/platform/config";
import {
  T0,
  TIMING,
  asUser,
  call,
  clock,
  createUser,
  ed25519Ok,
  fileDb,
  gameApp,
  memoryDb,
  stake,
} from "./helpers";

const db = await fileDb();

describe("commitments players keep", () => {
  it("a bet keeps its round's commitment and beacon round, whose time is after betting closes", async () => {
    const time = clock(T0 + 1000);
    const { app } = gameApp(db, time.now);
    const s = (await call(app, "GET", "/app/game/luckyLottery/getSession", { level: 1, coin: "CHIP" }))
      .result;
    expect(s.seedHash).toMatch(/^[0-9a-f]{64}$/);
    const f = fairnessOf();
    expect(beaconTimeOf(f.beacon, s.beaconRound)).toBeGreaterThan(s.betEndTime);
    expect(beaconTimeOf(f.beacon, s.beaconRound - 1)).toBeLessThanOrEqual(s.betEndTime);
    const user = await createUser(db, { CHIP: 10_000 });
    const placed = await call(
      app,
      "POST",
      "/app/game/luckyLottery/betting",
      stake("Red", s.id),
      asUser(user),
    );
    expect(placed.result).toMatchObject({ commitment: s.seedHash, beaconRound: s.beaconRound });
    const detail = await call(
      app,
      "GET",
      "/app/user/betRecord/detail",
      { id: placed.result.id },
      asUser(user),
    );
    expect(detail.result).toMatchObject({ commitment: s.seedHash, beaconRound: s.beaconRound });
    const stored = await db.query<{ commitment: string }>("SELECT commitment FROM bets WHERE id = $1", [
      placed.result.id,
    ]);
    expect(stored[0].commitment).toBe(s.seedHash);
  });

  it("keeps unplayed seeds encrypted: no plain seed in the round or chain rows", async () => {
    const round = await ensureRound(db, "GOLD", 2, roundWindow(T0 + 5 * 3_600_000, TIMING));
    const row = (
      await db.query<{ seed: string | null; seed_enc: string; chain_id: number }>(
        "SELECT seed, seed_enc, chain_id FROM game_rounds WHERE id = $1",
        [round.id],
      )
    )[0];
    expect(row.seed).toBeNull();
    expect(row.seed_enc).toMatch(/^v1:/);
    const chain = (
      await db.query<{ top_seed_enc: string }>("SELECT top_seed_enc FROM game_chains WHERE id = $1", [
        row.chain_id,
      ])
    )[0];
    expect(chain.top_seed_enc).toMatch(/^v1:/);
    // With another key the seed cannot be read, and settlement refuses with an alarm.
    const otherKey = fairnessOf({ fairness: { ...DEV_FAIRNESS, seedKey: "11".repeat(32) } });
    expect(await settleRound(db, round.id, round.endTime + 10_000, otherKey)).toBeNull();
    const alarms = await db.query<{ problem: string }>(
      "SELECT problem FROM fairness_alarms WHERE round_id = $1",
      [round.id],
    );
    expect(alarms.map((a) => a.problem)).toEqual(["SEED_UNREADABLE"]);
  });

  it("production refuses to start without its own seed and log keys, or on the sandbox beacon", () => {
    const prod = { NODE_ENV: "production", SMS_ALLOW_LOG_PROVIDER: "1", DEMO_SEED: "0" };
    const seedKey = "ab".repeat(32);
    expect(() => loadConfig({ ...prod })).toThrow(ConfigError);
    expect(() => loadConfig({ ...prod, FAIRNESS_SEED_KEY: seedKey })).toThrow(/FAIRNESS_LOG_KEY/);
    expect(() => loadConfig({ ...prod, FAIRNESS_SEED_KEY: seedKey, FAIRNESS_LOG_KEY: seedKey })).toThrow(
      /BEACON/,
    );
    const ok = loadConfig({
      ...prod,
      FAIRNESS_SEED_KEY: seedKey,
      FAIRNESS_LOG_KEY: seedKey,
      BEACON: "drand",
    });
    expect(ok.fairness).toMatchObject({ seedKey, logKey: seedKey, beacon: { source: "drand" } });
  });

  it("production refuses the public development keys, however they are written", () => {
    const prod = { NODE_ENV: "production", SMS_ALLOW_LOG_PROVIDER: "1", DEMO_SEED: "0", BEACON: "drand" };
    const own = "ab".repeat(32);
    const { seedKey, logKey } = DEV_FAIRNESS;
    expect(() => loadConfig({ ...prod, FAIRNESS_SEED_KEY: seedKey, FAIRNESS_LOG_KEY: own })).toThrow(
      "FAIRNESS_SEED_KEY is the public development key",
    );
    expect(() =>
      loadConfig({ ...prod, FAIRNESS_SEED_KEY: own, FAIRNESS_LOG_KEY: logKey.toUpperCase() }),
    ).toThrow("FAIRNESS_LOG_KEY is the public development key");
    // Outside production they are the defaults, and may be given.
    expect(loadConfig({ FAIRNESS_SEED_KEY: seedKey, FAIRNESS_LOG_KEY: logKey }).fairness.seedKey).toBe(
      seedKey,
    );
  });
});

describe("the beacon", () => {
  it("settlement waits for the beacon round, and never keeps a signature that does not verify", async () => {
    const round = await ensureRound(db, "POINT", 1, roundWindow(T0 + 6 * 3_600_000, TIMING));
    const f = fairnessOf();
    // A drand adapter that answers with a signature made by another key: refused, not kept.
    const impostor = sandboxBeacon("22".repeat(32), 1);
    const forged = (await impostor.signatureOf(Number(round.beaconRound), Number.MAX_SAFE_INTEGER)) as string;
    const fakeFetch = (async () =>
      new Response(JSON.stringify({ round: Number(round.beaconRound), signature: forged }))) as typeof fetch;
    const drand = {
      ...drandBeacon("http://drand.test", fakeFetch),
      genesisMs: f.beacon.genesisMs,
      periodMs: f.beacon.periodMs,
    };
    expect(await beaconValue(db, drand, Number(round.beaconRound), Number.MAX_SAFE_INTEGER)).toBeNull();
    expect(await settleRound(db, round.id, round.endTime + 60_000, { ...f, beacon: drand })).toBeNull();
    // The sandbox beacon's round does not exist before its time: the round waits, undrawn.
    const beaconTime = beaconTimeOf(f.beacon, Number(round.beaconRound));
    const offline = { ...f, beacon: { ...f.beacon, signatureOf: async () => null } };
    expect(await settleRound(db, round.id, round.endTime, offline)).toBeNull();
    expect((await findRound(db, round.id))?.result).toBeNull();
    const settled = await settleRound(db, round.id, Math.max(round.endTime, beaconTime));
    expect(settled?.roundId).toBe(round.id);
    const kept = await findRound(db, round.id);
    expect(
      verifyBeaconSignature(f.beacon.publicKey, Number(round.beaconRound), kept?.beaconSignature ?? ""),
    ).toBe(true);
  });
});

describe("honest payouts", () => {
  it("refuses a table with a bet type above the RTP ceiling (11x numbers at 0 % fee = 110 %)", async () => {
    await expect(setPayoutTable(db, { number: 11, serviceFeeRate: 0 })).rejects.toThrow(/above the ceiling/);
    await expect(setPayoutTable(db, { bigSmall: 2, serviceFeeRate: 0 })).rejects.toThrow(
      /Big would return 100\.00/,
    );
    await expect(setPayoutTable(db, { number: 9.8, serviceFeeRate: 0 }, 0.97)).rejects.toThrow(
      /ceiling of 97\.00/,
    );
    expect((await setPayoutTable(db, { serviceFeeRate: 0.02 })).number).toBe(9);
  });
});

describe("defence in depth: the audit's seed swap", () => {
  it("the trigger refuses; without it, settlement and the verify view report the broken chain", async () => {
    const time = clock(T0 + 8 * 3_600_000 + 1000);
    const { app } = gameApp(db, time.now);
    const user = await createUser(db, { CHIP: 100_000 });
    const open = async () =>
      (await call(app, "GET", "/app/game/luckyLottery/getSession", { level: 2, coin: "CHIP" })).result;
    const bet = async (id: number) =>
      (
        await call(
          app,
          "POST",
          "/app/game/luckyLottery/betting",
          { ...stake("Green", id), level: 2 },
          asUser(user),
        )
      ).result;

    // A settled round.
    const first = await open();
    const firstBet = await bet(first.id);
    time.advance(60_000);
    await settleDue(db, time.now());
    const settled = (await call(app, "GET", "/app/game/luckyLottery/verify", { sessionId: first.id })).result;
    expect(settled.settled).toBe(true);
    expect(checkRound(proofInputOf(settled, firstBet.commitment)).ok).toBe(true);

    // As the audit did: a new seed and its hash, written over the round's.
    const newSeed = "ab".repeat(32);
    const swap = () =>
      db.query("UPDATE game_rounds SET seed = $2, seed_hash = $3 WHERE id = $1", [
        first.id,
        newSeed,
        sha256Hex(newSeed),
      ]);
    await expect(swap()).rejects.toThrow(/cannot be rewritten/);
    await expect(
      db.query("UPDATE game_rounds SET seed_hash = $2 WHERE id = $1", [first.id, "00".repeat(32)]),
    ).rejects.toThrow();
    await expect(db.query("DELETE FROM game_rounds WHERE id = $1", [first.id])).rejects.toThrow();
    await expect(db.query("UPDATE bets SET commitment = 'x' WHERE id = $1", [firstBet.id])).rejects.toThrow();

    // The next round, with a bet on it, is swapped before its draw (its seed is sealed).
    const second = await open();
    expect(second.id).not.toBe(first.id);
    const secondBet = await bet(second.id);
    await db.query("ALTER TABLE game_rounds DISABLE TRIGGER game_rounds_guard");
    try {
      await swap();
      const f = fairnessOf();
      await db.query("UPDATE game_rounds SET seed_enc = $2, seed_hash = $3 WHERE id = $1", [
        second.id,
        sealSeed(f, newSeed, roundSeedContext(second.id)),
        sha256Hex(newSeed),
      ]);
    } finally {
      await db.query("ALTER TABLE game_rounds ENABLE TRIGGER game_rounds_guard");
    }

    // Settlement refuses and raises an alarm; the bet stays open.
    time.advance(60_000);
    expect(await settleDue(db, time.now())).toEqual([]);
    const alarms = await db.query<{ problem: string }>(
      "SELECT problem FROM fairness_alarms WHERE round_id = $1",
      [second.id],
    );
    expect(alarms.map((a) => a.problem)).toEqual(["CHAIN_BROKEN"]);
    const lines: string[] = [];
    const cli = GAME_COMMANDS.find((c) => c.name === "fairness");
    await cli?.run(["fairness", "alarms"], db, (line) => lines.push(line));
    expect(lines.join("\n")).toContain(`round ${second.id}: CHAIN_BROKEN`);
    const stillOpen = await call(
      app,
      "GET",
      "/app/user/betRecord/detail",
      { id: secondBet.id },
      asUser(user),
    );
    expect(stillOpen.result.status).toBe("WAITING");
    // Its bet's kept commitment is not the database's any more.
    expect(stillOpen.result.commitment).toBe(second.seedHash);
    expect((await findRound(db, second.id))?.seedHash).not.toBe(second.seedHash);

    // The verify view of the swapped settled round: the seed matches the new hash, but not the
    // chain, nor the commitment the player kept on their bet.
    const swapped = (await call(app, "GET", "/app/game/luckyLottery/verify", { sessionId: first.id })).result;
    expect(swapped.seed).toBe(newSeed);
    const published = checkRound(proofInputOf(swapped));
    expect(published.seedMatches).toBe(true);
    expect(published.chainMatches).toBe(false);
    expect(published.ok).toBe(false);
    const kept = checkRound(proofInputOf(swapped, firstBet.commitment));
    expect(kept.seedMatches).toBe(false);
    expect(firstBet.commitment).not.toBe(swapped.seedHash);
  });

  it("settlement refuses a sealed seed that does not hash to its commitment", async () => {
    const round = await ensureRound(db, "GOLD", 3, roundWindow(T0 + 9 * 3_600_000, TIMING));
    const f = fairnessOf();
    await db.query("ALTER TABLE game_rounds DISABLE TRIGGER game_rounds_guard");
    try {
      await db.query("UPDATE game_rounds SET seed_enc = $2 WHERE id = $1", [
        round.id,
        sealSeed(f, "cd".repeat(32), roundSeedContext(round.id)),
      ]);
    } finally {
      await db.query("ALTER TABLE game_rounds ENABLE TRIGGER game_rounds_guard");
    }
    expect(await settleRound(db, round.id, round.endTime + 60_000)).toBeNull();
    const alarms = await db.query<{ problem: string }>(
      "SELECT problem FROM fairness_alarms WHERE round_id = $1",
      [round.id],
    );
    expect(alarms.map((a) => a.problem)).toEqual(["SEED_MISMATCH"]);
    // The trigger itself refuses a reveal that does not match the commitment.
    await expect(
      db.query("UPDATE game_rounds SET seed = $2 WHERE id = $1", [round.id, "cd".repeat(32)]),
    ).rejects.toThrow(/does not match its commitment/);
  });

  it("the public log is append-only", async () => {
    await ensureRound(db, "CHIP", 3, roundWindow(T0 + 10 * 3_600_000, TIMING));
    await expect(db.query("UPDATE fairness_log SET body = 'x'")).rejects.toThrow(/append-only/);
    await expect(db.query("DELETE FROM fairness_log")).rejects.toThrow(/append-only/);
  });
});

describe("1,000 rounds recomputed from public data only", () => {
  it(
    "checks every seed, chain link, beacon signature, digit and signed log entry",
    { timeout: 600_000 },
    async () => {
      const fresh = await memoryDb();
      try {
        // Short chains, so that new chains start (and are announced) on the way.
        const f = fairnessOf({ fairness: { ...DEV_FAIRNESS, chainLength: 20 } });
        const start = Date.UTC(2026, 2, 1);
        for (let tick = 0; tick < 112; tick++)
          await ensureUpcomingRounds(fresh, start + tick * 60_000, TIMING, f);
        const end = start + 115 * 60_000;
        while ((await settleDue(fresh, end, 200, f)).length > 0);

        // Public data only: the fairness call (keys, chains), the log, the result lists, the verify call.
        const { app, deps } = gameApp(fresh, () => end);
        deps.config = { ...deps.config, fairness: { ...DEV_FAIRNESS, chainLength: 20 } };
        const pub = (await call(app, "GET", "/app/game/luckyLottery/fairness")).result;
        const log = (await call(app, "GET", "/app/game/luckyLottery/fairnessLog", { limit: 1000 })).result;
        const more = (
          await call(app, "GET", "/app/game/luckyLottery/fairnessLog", { afterSeq: 1000, limit: 1000 })
        ).result;
        const entries = [...fairnessLogSchema.parse(log).entries, ...fairnessLogSchema.parse(more).entries];
        expect(log.logPublicKey).toBe(pub.logPublicKey);
        let prev: string | null = null;
        const chains = new Map<number, { terminalHash: string; seq: number }>();
        const committed = new Map<
          number,
          { commitment: string; beaconRound: number; chainId: number; seq: number }
        >();
        for (const e of entries) {
          expect(ed25519Ok(pub.logPublicKey, e.body, e.signature), `log ${e.seq}`).toBe(true);
          expect(createHash("sha256").update(e.body).digest("hex")).toBe(e.hash);
          const body = JSON.parse(e.body);
          expect(body.prev).toBe(prev);
          expect(body.seq).toBe(e.seq);
          prev = e.hash;
          if (body.kind === "chain")
            chains.set(body.chainId, { terminalHash: body.terminalHash, seq: e.seq });
          else committed.set(body.roundId, { ...body, seq: e.seq });
        }
        expect(chains.size).toBeGreaterThan(18); // 9 rooms x 2 lanes, then new chains

        const rounds: Array<Record<string, never>> = [];
        for (const { coin, level } of [1, 2, 3].flatMap((l) =>
          ["CHIP", "GOLD", "POINT"].map((c) => ({ coin: c, level: l })),
        )) {
          for (let pageNo = 1; ; pageNo++) {
            const page = (
              await call(app, "GET", "/app/game/luckyLottery/sessionResultPage", {
                coin,
                level,
                pageNo,
                pageSize: 100,
              })
            ).result;
            rounds.push(...page.content);
            if (page.content.length < 100) break;
          }
        }
        expect(rounds.length).toBeGreaterThanOrEqual(1000);

        const beaconChecked = new Map<number, boolean>();
        const seedOfChainIndex = new Map<string, string>();
        let checked = 0;
        for (const r of rounds) {
          const v = (await call(app, "GET", "/app/game/luckyLottery/verify", { sessionId: r.id })).result;
          const entry = committed.get(v.id);
          expect(entry, `round ${v.id} logged`).toBeDefined();
          expect(entry?.commitment).toBe(v.seedHash);
          expect(entry?.beaconRound).toBe(v.beacon.round);
          const chain = chains.get(v.chain.id);
          expect(chain?.terminalHash).toBe(v.chain.terminalHash);
          expect(chain!.seq).toBeLessThan(entry!.seq); // announced before the round used it
          expect(v.beacon.time).toBeGreaterThan(v.betEndTime);
          // The beacon's signature, once per beacon round (a pairing costs tens of ms).
          if (!beaconChecked.has(v.beacon.round)) {
            beaconChecked.set(
              v.beacon.round,
              verifyBeaconSignature(pub.beacon.publicKey, v.beacon.round, v.beacon.signature),
            );
          }
          expect(beaconChecked.get(v.beacon.round)).toBe(true);
          expect(v.beacon.randomness).toBe(beaconRandomness(v.beacon.signature));
          // Seed against commitment and chain (the signature was checked above), then the digit.
          const proof = checkRound({ ...proofInputOf(v), beacon: null });
          expect(proof.seedMatches && proof.chainMatches).toBe(true);
          expect(String(digitOf(v.seed, v.id, v.beacon.randomness))).toBe(r.lotteryResult);
          seedOfChainIndex.set(`${v.chain.id}:${v.chain.index}`, v.seed);
          checked++;
        }
        // Every revealed seed hashes to the previous round's of its chain (the terminal for the first).
        let links = 0;
        for (const [key, seed] of seedOfChainIndex) {
          const [chainId, index] = key.split(":").map(Number);
          const previous =
            index === 1 ? chains.get(chainId)?.terminalHash : seedOfChainIndex.get(`${chainId}:${index - 1}`);
          if (previous === undefined) continue;
          expect(sha256Hex(seed)).toBe(previous);
          expect(hashSteps(seed, index)).toBe(chains.get(chainId)?.terminalHash);
          links++;
        }
        expect(checked).toBeGreaterThanOrEqual(1000);
        expect(links).toBeGreaterThanOrEqual(990);
      } finally {
        await fresh.close();
      }
    },
  );
});

describe("the worked example of docs/fairness.md", () => {
  it("verifies: seed, chain of length 5, sandbox beacon signature, digit 9; the documented keys", () => {
    const proof = checkRound({
      roundId: 2026030110136240,
      commitment: "069079d81b6537ca671c665901bbdae52303672e42b7d8d52da1f6b78675d234",
      seed: "2bf74ad9b7e56298adb5521e00786bf26288e66d9a99f5583832600fabba7381",
      result: 9,
      chain: { index: 3, terminalHash: "fa9441e2a37e099e1e810910bd142d1232fac617f70ac21f0da544b2a4220b20" },
      beacon: {
        publicKey: fairnessOf().beacon.publicKey,
        round: 5133897,
        signature:
          "881c0b1469a1eee53c27ac934c613fa63dad80f2a657d2ff37f15190a39e8e92b77e04b5f2f9d7635d5be13fdbaca320",
      },
    });
    expect(proof).toMatchObject({ ok: true, digit: 9 });
    expect(fairnessOf().beacon.publicKey.slice(0, 8)).toBe("848be526");
    expect(fairnessOf().logPublicKey).toBe(
      "895cf32c3715b2d3420836659ffadc7cdafa00fd92e30d691c0e880ad9509f56",
    );
  });
});
