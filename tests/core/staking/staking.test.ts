import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { pledgeConfigListSchema, pledgePageSchema, pledgeResultSchema } from "#contract/assets";
import { balances, post } from "../../../core/src/ledger/ledger";
import { listAudit } from "../../../core/src/operator/audit";
import { type Db, openDb } from "../../../core/src/platform/db";
import { migrate } from "../../../core/src/platform/migrate";
import { stakingJob } from "../../../core/src/staking/job";
import { DAY_MS, accrueDue } from "../../../core/src/staking/stakes";
import { startCore } from "../../../core/src/start";
import {
  TEST_DATABASES,
  adminOutput,
  call,
  createPostgresDatabase,
  describeOnEachDatabase,
  expectLedgerBalanced,
  expectOperatorRefuses,
  operatorCall,
  registerPlayer,
} from "../../support/core";
import { createUser } from "../game/helpers";

const PLEDGE = "/app/user/pledge/pledge";

describeOnEachDatabase("staking", (core) => {
  async function plans(token: string) {
    const answer = await call(core, "/app/user/pledge/configList", { method: "GET", token });
    return pledgeConfigListSchema.parse(answer.result);
  }
  /** The 7-day plan, as the player of `token` sees it. */
  async function weekPlan(token: string) {
    const week = (await plans(token)).find((p) => p.termDays === 7);
    if (!week) throw new Error("no 7-day plan");
    return week;
  }
  /**
   * A new player with 1,000 chips who staked `amount` on the 7-day plan: the player, and the
   * stake's id and creation time.
   */
  async function weekStake(amount: string) {
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const made = await call<{ pledge: { id: number; createTime: number } }>(core, PLEDGE, {
      token: player.token,
      params: { configId: String((await weekPlan(player.token)).id), amount },
    });
    return { player, ...made.result.pledge };
  }
  const operatorPost = (path: string, body: Record<string, string>) =>
    operatorCall<Record<string, unknown>>(core, path, "POST", body);
  async function stakeRow(id: number) {
    const [row] = await core.deps.db.query<{
      status: string;
      days_paid: number;
      interest_cents: number;
      started_at: Date;
    }>("SELECT status, days_paid, interest_cents, started_at FROM stakes WHERE id = $1", [id]);
    return row;
  }

  it("lists the seeded plans: term, daily rate, minimum and maximum", async () => {
    const { token } = await registerPlayer(core);
    const list = await plans(token);
    expect(list.map((p) => p.termDays)).toEqual(expect.arrayContaining([7, 30, 90]));
    expect(list.find((p) => p.termDays === 7)).toMatchObject({
      dailyRate: 0.3,
      minAmount: 100,
      maxAmount: 100_000,
    });
    expect(await call(core, "/app/user/pledge/configList", { method: "GET" })).toMatchObject({ code: 401 });
  });

  it("locks the principal, accrues each day's interest once, and pays principal and interest at maturity", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const plan = await weekPlan(player.token);
    const answer = await call(core, PLEDGE, {
      token: player.token,
      params: { configId: plan.id, amount: "333.33" },
    });
    expect(answer.code).toBe(200);
    const { pledge, balances: after } = pledgeResultSchema.parse(answer.result);
    expect(after.chip).toBe(666.67);
    expect(pledge).toMatchObject({ amount: 333.33, status: "ACTIVE", termDays: 7, daysPaid: 0, interest: 0 });
    // 0.3 % of 333.33 a day: 0.99999, rounded down to 0.99; 6.93 over the term.
    expect(pledge.expectedInterest).toBe(6.93);
    const [locked] = await core.deps.db.query<{ kind: string; counter_account: string; amount: number }>(
      "SELECT kind, counter_account, amount FROM ledger_entries WHERE user_id = $1 AND kind = 'STAKE'",
      [player.userId],
    );
    expect(locked).toEqual({ kind: "STAKE", counter_account: "STAKING_LOCKED", amount: -33_333 });

    const start = pledge.createTime;
    expect((await accrueDue(core.deps.db, start + DAY_MS - 1000)).days).toBe(0);
    await accrueDue(core.deps.db, start + DAY_MS + 1000);
    await accrueDue(core.deps.db, start + DAY_MS + 2000);
    expect(await stakeRow(pledge.id)).toMatchObject({ days_paid: 1, interest_cents: 99, status: "ACTIVE" });
    // Three days later, in one pass: days 2, 3 and 4.
    await accrueDue(core.deps.db, start + 4 * DAY_MS + 1000);
    expect(await stakeRow(pledge.id)).toMatchObject({ days_paid: 4, interest_cents: 396 });
    // Accrued beside the principal, not paid yet.
    expect((await balances(core.deps.db, player.userId)).CHIP).toBe(66_667);
    const accruals = await core.deps.db.query<{ n: number; cents: string }>(
      "SELECT count(*)::int AS n, sum(amount) AS cents FROM system_transfers WHERE kind = 'STAKE_ACCRUAL' AND ref_id LIKE $1",
      [`${pledge.id}:%`],
    );
    expect(accruals[0]).toMatchObject({ n: 4 });
    expect(Number(accruals[0].cents)).toBe(396);

    const end = await accrueDue(core.deps.db, start + 7 * DAY_MS + 1000);
    expect(end).toMatchObject({ days: 3, matured: 1 });
    expect((await balances(core.deps.db, player.userId)).CHIP).toBe(100_000 + 693);
    expect(await accrueDue(core.deps.db, start + 30 * DAY_MS)).toMatchObject({ days: 0, matured: 0 });
    expect((await balances(core.deps.db, player.userId)).CHIP).toBe(100_000 + 693);

    const page = await call(core, "/app/user/pledge/page", { method: "GET", token: player.token });
    const records = pledgePageSchema.parse(page.result);
    expect(records.totalElements).toBe(1);
    expect(records.content[0]).toMatchObject({ status: "MATURED", daysPaid: 7, interest: 6.93 });
    const kinds = await core.deps.db.query<{ kind: string; n: number }>(
      "SELECT kind, count(*)::int AS n FROM ledger_entries WHERE user_id = $1 GROUP BY kind ORDER BY kind",
      [player.userId],
    );
    expect(kinds).toEqual([
      { kind: "ADJUST", n: 1 },
      { kind: "STAKE", n: 1 },
      { kind: "STAKE_INTEREST", n: 1 },
      { kind: "STAKE_RETURN", n: 1 },
    ]);
  });

  it("refuses every bad amount and plan with a clear message, changing nothing", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 20_000 } });
    const week = await weekPlan(player.token);
    const id = String(week.id);
    const cases: Array<[Record<string, string>, string]> = [
      [{ configId: id, amount: "" }, "Enter an amount such as 10 or 10.50"],
      [{ configId: id, amount: "-100" }, "The amount must be more than 0"],
      [{ configId: id, amount: "0" }, "The amount must be more than 0"],
      [{ configId: id, amount: "100.001" }, "At most two decimals"],
      [{ configId: id, amount: "99999999999999" }, "Enter an amount such as 10 or 10.50"],
      [{ configId: id, amount: "1e9" }, "Enter an amount such as 10 or 10.50"],
      [{ configId: id, amount: "NaN" }, "Enter an amount such as 10 or 10.50"],
      [{ configId: id, amount: "lots" }, "Enter an amount such as 10 or 10.50"],
      [{ configId: id, amount: "99.99" }, "The amount must be at least 100"],
      [{ configId: id, amount: "100000.01" }, "The amount can be at most 100000"],
      [{ configId: id, amount: "200.01" }, "Insufficient balance"],
      [{ configId: "", amount: "100" }, "Choose a plan"],
      [{ configId: "abc", amount: "100" }, "Choose a plan"],
      [{ configId: "999999", amount: "100" }, "This plan does not exist"],
    ];
    for (const [params, message] of cases) {
      expect(await call(core, PLEDGE, { token: player.token, params }), JSON.stringify(params)).toMatchObject(
        {
          code: 400,
          message,
        },
      );
    }
    expect((await operatorPost("/staking/plans", { id, enabled: "false" })).code).toBe(200);
    try {
      expect(
        await call(core, PLEDGE, { token: player.token, params: { configId: id, amount: "100" } }),
      ).toMatchObject({
        code: 400,
        message: "This plan is closed for now",
      });
      expect((await plans(player.token)).some((p) => p.id === week.id)).toBe(false);
    } finally {
      await operatorPost("/staking/plans", { id, enabled: "true" });
    }
    expect(await balances(core.deps.db, player.userId)).toMatchObject({ CHIP: 20_000 });
  });

  it("never overspends in parallel and takes effect once per idempotency key", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 50_000 } });
    const week = await weekPlan(player.token);
    const params = { configId: String(week.id), amount: "100" };
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call(core, PLEDGE, { token: player.token, params })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(5);
    expect((await balances(core.deps.db, player.userId)).CHIP).toBe(0);

    const other = await registerPlayer(core, { balances: { CHIP: 50_000 } });
    const headers = { "idempotency-key": `pledge-${other.userId}` };
    const same = await Promise.all(
      Array.from({ length: 6 }, () => call(core, PLEDGE, { token: other.token, params, headers })),
    );
    expect(same.every((a) => a.code === 200)).toBe(true);
    expect((await balances(core.deps.db, other.userId)).CHIP).toBe(40_000);
    expect(
      (await call(core, PLEDGE, { token: other.token, params: { ...params, amount: "200" }, headers })).code,
    ).toBe(409);
  });

  it("loses nothing and pays nothing twice when the core dies mid-accrual, and pays missed days on restart", async () => {
    const { player, id, createTime } = await weekStake("1000");
    const before = (await balances(core.deps.db, player.userId)).CHIP;
    // Killed after booking day 2 of 3 due days: the stake's transaction never commits.
    await expect(
      accrueDue(core.deps.db, createTime + 3 * DAY_MS + 1000, {
        afterDay: (stake, day) => {
          if (stake === id && day === 2) throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    expect((await balances(core.deps.db, player.userId)).CHIP).toBe(before);
    expect(await stakeRow(id)).toMatchObject({ days_paid: 0, interest_cents: 0 });
    await expectLedgerBalanced(core.deps.db);
    // The restarted core's job pays the missed days at start, once.
    const later = { ...core.deps, now: () => createTime + 3 * DAY_MS + 1000 };
    const stop = await stakingJob.start(later);
    await stop();
    const stop2 = await stakingJob.start(later);
    await stop2();
    expect(await stakeRow(id)).toMatchObject({ days_paid: 3, interest_cents: 900 });
    // Accrued once each; paid with the principal at maturity.
    expect((await balances(core.deps.db, player.userId)).CHIP).toBe(before);
    const [accrued] = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM system_transfers WHERE kind = 'STAKE_ACCRUAL' AND ref_id LIKE $1",
      [`${id}:%`],
    );
    expect(accrued.n).toBe(3);
  });

  it("pays each day once when two passes run at the same time", async () => {
    const { player, id, createTime } = await weekStake("500");
    const at = createTime + 7 * DAY_MS + 1000;
    await Promise.all([
      accrueDue(core.deps.db, at),
      accrueDue(core.deps.db, at),
      accrueDue(core.deps.db, at),
    ]);
    expect(await stakeRow(id)).toMatchObject({ status: "MATURED", days_paid: 7, interest_cents: 7 * 150 });
    expect((await balances(core.deps.db, player.userId)).CHIP).toBe(100_000 + 7 * 150);
  });

  it("lets operators add and edit plans through the API and the CLI, audited; bad values change nothing", async () => {
    await expectOperatorRefuses(core, "/staking/plans", [
      { name: "x", termDays: "0", dailyRate: "1", minAmount: "1", maxAmount: "2" },
      { name: "x", termDays: "5", dailyRate: "11", minAmount: "1", maxAmount: "2" },
      { name: "x", termDays: "5", dailyRate: "1", minAmount: "3", maxAmount: "2" },
      { name: "x", termDays: "5", dailyRate: "1", minAmount: "-1", maxAmount: "2" },
      { name: "x", termDays: "5" },
      { id: "abc", name: "y" },
      { id: "999999", name: "y" },
    ]);
    const added = await operatorPost("/staking/plans", {
      name: "Weekend",
      termDays: "2",
      dailyRate: "1.25",
      minAmount: "10",
      maxAmount: "500",
    });
    expect(added).toMatchObject({
      code: 200,
      result: { name: "Weekend", termDays: 2, dailyRate: 1.25, enabled: true },
    });
    const output = await adminOutput(
      core.deps.db,
      ["staking-plan", "set", String(added.result.id), "enabled", "false"],
      ["staking-plan", "list"],
    );
    expect(output).toContain("Weekend: 2 days, 1.25 % a day, 10 to 500 CHIP, disabled");
    const audit = await listAudit(core.deps.db, 10);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["staking.plan.add", "staking.plan.edit"]),
    );
  });
});

describe.runIf(TEST_DATABASES.includes("postgres"))(
  "staking accrual in two core processes on one PostgreSQL",
  () => {
    it("pays each day of each stake exactly once", async () => {
      const target = await createPostgresDatabase();
      const second = await openDb({ databaseUrl: target.url });
      try {
        await migrate(target.db, "core/migrations");
        const users = await Promise.all(
          Array.from({ length: 5 }, () => createUser(target.db, { CHIP: 100_000 })),
        );
        const start = Date.UTC(2026, 10, 1, 12);
        for (const userId of users) {
          await target.db.query(
            `INSERT INTO stakes (user_id, plan_id, coin, principal_cents, daily_rate_bp, term_days, started_at, matures_at)
           VALUES ($1, 1, 'CHIP', 10000, 100, 7, $2, $3)`,
            [userId, new Date(start).toISOString(), new Date(start + 7 * DAY_MS).toISOString()],
          );
        }
        // The stakes above hold no locked principal; give it to them as pledge() would.
        const stakes = await target.db.query<{ id: number; user_id: number }>(
          "SELECT id, user_id FROM stakes",
        );
        for (const s of stakes)
          await target.db.tx((tx) =>
            post(tx, {
              userId: s.user_id,
              coin: "CHIP",
              amount: -10_000,
              kind: "STAKE",
              counter: "STAKING_LOCKED",
              refId: String(s.id),
            }),
          );
        for (const day of [1, 3, 7, 8]) {
          const at = start + day * DAY_MS + 1000;
          await Promise.all([
            accrueDue(target.db, at),
            accrueDue(second, at),
            accrueDue(target.db, at),
            accrueDue(second, at),
          ]);
        }
        const [accrued] = await target.db.query<{ n: number; cents: number }>(
          "SELECT count(*)::int AS n, sum(amount)::bigint AS cents FROM system_transfers WHERE kind = 'STAKE_ACCRUAL'",
        );
        expect(accrued.n).toBe(5 * 7);
        expect(Number(accrued.cents)).toBe(5 * 7 * 100);
        const [paid] = await target.db.query<{ n: number; cents: number }>(
          "SELECT count(*)::int AS n, sum(amount)::bigint AS cents FROM ledger_entries WHERE kind = 'STAKE_INTEREST'",
        );
        expect(paid.n).toBe(5);
        expect(Number(paid.cents)).toBe(5 * 7 * 100);
        const [returned] = await target.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'STAKE_RETURN'",
        );
        expect(returned.n).toBe(5);
        for (const userId of users) expect((await balances(target.db, userId)).CHIP).toBe(100_700);
        await expectLedgerBalanced(target.db);
      } finally {
        await second.close();
        await target.drop();
      }
    });
    it("two cores started together on one database, then one restarted, pay each missed day once", async () => {
      const target = await createPostgresDatabase();
      const pools = [target.db, await openDb({ databaseUrl: target.url })];
      const uploads = mkdtempSync(join(tmpdir(), "staking-cores-"));
      const silent = pino({ level: "silent" });
      const core = (db: Db) =>
        startCore({
          env: { NODE_ENV: "test" },
          config: {
            port: 0,
            host: "127.0.0.1",
            uploadDir: uploads,
            migrationsDir: "core/migrations",
            logLevel: "silent",
          },
          db,
          keepDb: true,
          log: silent,
          jobs: true,
        });
      try {
        await migrate(target.db, "core/migrations");
        const users = await Promise.all(
          Array.from({ length: 4 }, () => createUser(target.db, { CHIP: 100_000 })),
        );
        // Stakes made 3 days and a bit ago (7-day term): three days are due when the cores start.
        const start = Date.now() - 3 * DAY_MS - 60_000;
        for (const userId of users) {
          const [stake] = await target.db.query<{ id: number }>(
            `INSERT INTO stakes (user_id, plan_id, coin, principal_cents, daily_rate_bp, term_days, started_at, matures_at)
             VALUES ($1, 1, 'CHIP', 10000, 100, 7, $2, $3) RETURNING id`,
            [userId, new Date(start).toISOString(), new Date(start + 7 * DAY_MS).toISOString()],
          );
          await target.db.tx((tx) =>
            post(tx, {
              userId,
              coin: "CHIP",
              amount: -10_000,
              kind: "STAKE",
              counter: "STAKING_LOCKED",
              refId: String(stake.id),
            }),
          );
        }
        // Both cores run their start-up pass at the same time; then one restarts.
        const both = await Promise.all(pools.map(core));
        await Promise.all(both.map((c) => c.close()));
        const again = await core(pools[1]);
        await again.close();
        const [accrued] = await target.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM system_transfers WHERE kind = 'STAKE_ACCRUAL'",
        );
        expect(accrued.n).toBe(4 * 3);
        // Not matured yet: the interest waits beside the principal.
        for (const userId of users) expect((await balances(target.db, userId)).CHIP).toBe(90_000);
        await expectLedgerBalanced(target.db);
      } finally {
        await pools[1].close();
        await target.drop();
        rmSync(uploads, { recursive: true, force: true });
      }
    });
  },
);
