import { resolve } from "node:path";
import { expect, it } from "vitest";
import { teamInfoSchema } from "#contract/team";
import { migrate } from "../../../core/src/platform/migrate";
import { accrueTeam } from "../../../core/src/team/accrue";
import { periodOf } from "../../../core/src/team/tasks";
import { type TestCore, call, describeOnEachDatabase, registerPlayer } from "../../support/core";
import { playerChain, rechargeOrder, settledBets } from "./helpers";

/** 02:30 on 27 Nov in Kolkata (UTC+5:30), still the 26th in UTC: the core's "now" in these tests. */
const NOW = Date.parse("2026-11-26T21:00:00Z");
/** 01:30 on the 27th in Kolkata: today. */
const AFTER_MIDNIGHT = "2026-11-26T20:00:00Z";
/** 23:30 on the 26th in Kolkata: yesterday. */
const BEFORE_MIDNIGHT = "2026-11-26T18:00:00Z";
const MIGRATION = "068_team_days_in_operator_time_zone.sql";

describeOnEachDatabase("team figures by the operator's day", (core: TestCore) => {
  const db = () => core.deps.db;
  /** The core's clock at NOW, and the team job's cursors before the events the test writes. */
  async function atNow() {
    core.advance(NOW - core.deps.now());
    await db().query("UPDATE team_cursors SET at = '2026-11-19T00:00:00Z'");
  }
  const accrue = () => accrueTeam(db(), core.deps.now());

  /**
   * top ← l1: l1 joins at 23:30 on the 26th (Kolkata), stakes 100.00 then and 7.00 at 01:30 on
   * the 27th, and recharges 100.00 at 01:30 (recharge rebate 1.00, register rebate 5.00).
   */
  async function aroundMidnight() {
    await atNow();
    const [top, l1] = await playerChain(core, 2);
    await db().query("UPDATE users SET created_at = $2 WHERE id = $1", [l1.userId, BEFORE_MIDNIGHT]);
    await settledBets(db(), [[l1.userId, 10_000]], "CHIP", BEFORE_MIDNIGHT);
    await settledBets(db(), [[l1.userId, 700]], "CHIP", AFTER_MIDNIGHT);
    await rechargeOrder(db(), l1.userId, 10_000, "SUCCESS", AFTER_MIDNIGHT);
    await accrue();
    return { top, l1 };
  }

  it("counts an event at 01:30 in Kolkata as today's and one at 23:30 the day before as yesterday's", async () => {
    const { top } = await aroundMidnight();
    const info = teamInfoSchema.parse(
      (await call(core, "/app/user/getUserTeamInfo", { method: "GET", token: top.token })).result,
    );
    expect(info.today).toEqual({ newMembers: 0, recharge: 100, betAmount: 7, rebate: 6.07 });
    expect(info.yesterday).toEqual({ newMembers: 1, recharge: 0, betAmount: 100, rebate: 1 });
  });

  it("gives the user info's income fields by Kolkata days, and its 7 days are Kolkata's", async () => {
    const { top, l1 } = await aroundMidnight();
    // 23:59 on the 20th in Kolkata: 8 days back, out of the list; 00:01 on the 21st: the 7th day.
    await settledBets(db(), [[l1.userId, 20_000]], "CHIP", "2026-11-20T18:29:00Z");
    await settledBets(db(), [[l1.userId, 30_000]], "CHIP", "2026-11-20T18:31:00Z");
    await atNow();
    await accrue();
    const user = (await call<Record<string, unknown>>(core, "/app/user/getUserInfo", { token: top.token }))
      .result;
    expect(user).toMatchObject({
      todayBetAmount: 7,
      todayBetIncome: 0.07,
      todayWin: 6.07,
      yesterdayCommission: 1,
      totalBetAmount: 100 + 7 + 200 + 300,
    });
    expect(user.incomeList).toEqual([
      { incomeAmount: 6.07, incomeDate: "2026-11-27", incomeRate: 0.8671 },
      { incomeAmount: 1, incomeDate: "2026-11-26", incomeRate: 0.01 },
      { incomeAmount: 3, incomeDate: "2026-11-21", incomeRate: 0.01 },
    ]);
  });

  it("re-keys the UTC days kept before migration 068 to Kolkata days, from the events", async () => {
    const { top, l1 } = await aroundMidnight();
    const [{ invitation }] = await db().query<{ invitation: string }>(
      "SELECT invitation FROM users WHERE id = $1",
      [l1.userId],
    );
    const l2 = await registerPlayer(core, { invitationCode: invitation });
    await settledBets(db(), [[l2.userId, 4_000]], "CHIP", AFTER_MIDNIGHT);
    await accrue();
    const others =
      "SELECT * FROM team_ancestor_days WHERE user_id <> ALL($1::bigint[]) ORDER BY user_id, day, level";
    const ours = [top.userId, l1.userId];
    const othersBefore = await db().query(others, [ours]);
    // As the job kept them before: every event of the night on the UTC day, the 26th.
    await db().query("DELETE FROM team_ancestor_days WHERE user_id = ANY($1::bigint[])", [ours]);
    await db().query(
      `INSERT INTO team_ancestor_days (user_id, level, day, bet_cents, recharge_cents) VALUES
         ($1, 1, '2026-11-26', 10700, 10000), ($1, 2, '2026-11-26', 4000, 0), ($2, 1, '2026-11-26', 4000, 0)`,
      [top.userId, l1.userId],
    );
    await db().query("UPDATE team_rebates SET day = '2026-11-26' WHERE user_id = ANY($1::bigint[])", [ours]);
    // A daily task's gift claimed at 01:30 on the 27th in Kolkata, kept under the UTC day.
    const [task] = await db().query<{ id: number }>("SELECT id FROM team_tasks WHERE period = 'DAY' LIMIT 1");
    await db().query(
      `INSERT INTO team_task_claims (task_id, user_id, period_key, gift_cents, claimed_at)
       VALUES ($1, $2, '2026-11-26', 200, $3)`,
      [task.id, top.userId, AFTER_MIDNIGHT],
    );

    // Migration 068 applied again, as a start applies it.
    await db().query("DELETE FROM schema_migrations WHERE name = $1", [MIGRATION]);
    expect(await migrate(db(), resolve("core/migrations"))).toEqual([MIGRATION]);

    const days = await db().query<Record<string, unknown>>(
      `SELECT user_id::int, level::int, to_char(day, 'YYYY-MM-DD') AS day, bet_cents::int, recharge_cents::int
       FROM team_ancestor_days WHERE user_id = ANY($1::bigint[]) ORDER BY user_id, day, level`,
      [ours],
    );
    expect(days).toEqual([
      { user_id: top.userId, level: 1, day: "2026-11-26", bet_cents: 10_000, recharge_cents: 0 },
      { user_id: top.userId, level: 1, day: "2026-11-27", bet_cents: 700, recharge_cents: 10_000 },
      { user_id: top.userId, level: 2, day: "2026-11-27", bet_cents: 4_000, recharge_cents: 0 },
      { user_id: l1.userId, level: 1, day: "2026-11-27", bet_cents: 4_000, recharge_cents: 0 },
    ]);
    const rebates = await db().query<Record<string, unknown>>(
      `SELECT kind, base_cents::int, to_char(day, 'YYYY-MM-DD') AS day FROM team_rebates
       WHERE user_id = $1 ORDER BY day, kind, base_cents`,
      [top.userId],
    );
    expect(rebates).toEqual([
      { kind: "BET", base_cents: 10_000, day: "2026-11-26" },
      { kind: "BET", base_cents: 700, day: "2026-11-27" },
      { kind: "BET", base_cents: 4_000, day: "2026-11-27" },
      { kind: "RECHARGE", base_cents: 10_000, day: "2026-11-27" },
      { kind: "REGISTER", base_cents: 10_000, day: "2026-11-27" },
    ]);
    const [claim] = await db().query<{ period_key: string }>(
      "SELECT period_key FROM team_task_claims WHERE task_id = $1 AND user_id = $2",
      [task.id, top.userId],
    );
    expect(claim.period_key).toBe("2026-11-27");
    // Every other player's rows, kept by the job by Kolkata days already, are rebuilt as they were.
    expect(await db().query(others, [ours])).toEqual(othersBefore);
  });

  it("starts a recharge task's day at Kolkata's midnight and its week on Kolkata's Monday", async () => {
    expect(await periodOf(db(), "DAY", NOW)).toEqual({
      key: "2026-11-27",
      start: Date.parse("2026-11-26T18:30:00Z"),
      end: Date.parse("2026-11-27T18:30:00Z"),
    });
    expect(await periodOf(db(), "WEEK", NOW)).toEqual({
      key: "2026-W48",
      start: Date.parse("2026-11-22T18:30:00Z"),
      end: Date.parse("2026-11-29T18:30:00Z"),
    });
    expect((await periodOf(db(), "WEEK", Date.parse("2027-01-01T12:00:00Z"))).key).toBe("2026-W53");
  });
});
