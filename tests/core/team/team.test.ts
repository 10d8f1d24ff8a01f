import { expect, it } from "vitest";
import { ASSET_KINDS } from "#contract/asset-rules";
import { assetRecordPageSchema } from "#contract/assets";
import {
  rebatePageSchema,
  rebateReceiveResultSchema,
  rechargeTaskListSchema,
  teamInfoSchema,
  teamLevelPageSchema,
} from "#contract/team";
import { balances } from "../../../core/src/ledger/ledger";
import { listAudit } from "../../../core/src/operator/audit";
import { accrueTeam } from "../../../core/src/team/accrue";
import { listTasks } from "../../../core/src/team/tasks";
import {
  type TestCore,
  adminOutput,
  call,
  describeOnEachDatabase,
  getResult,
  operatorCall,
  registerPlayer,
} from "../../support/core";
import { kolkataDay, playerChain, rechargeOrder, settledBets } from "./helpers";

describeOnEachDatabase("team", (core: TestCore, database) => {
  const chain = (length = 5) => playerChain(core, length);
  const accrue = () => accrueTeam(core.deps.db, core.deps.now());
  /**
   * A new chain of `length` players, then an accrual: all that came before is accrued, and what
   * the test does comes after.
   */
  async function accruedChain(length: number) {
    const players = await chain(length);
    await accrue();
    return players;
  }
  async function rebates(userId: number) {
    return core.deps.db.query<{
      kind: string;
      level: number;
      amount_cents: number;
      base_cents: number;
      status: string;
    }>(
      "SELECT kind, level, amount_cents, base_cents, status FROM team_rebates WHERE user_id = $1 ORDER BY id",
      [userId],
    );
  }
  const operatorPost = (path: string, body: Record<string, string>) =>
    operatorCall<Record<string, unknown>>(core, path, "POST", body);

  it("fixes the parent at registration: no own parent, no change later, so no cycle", async () => {
    const [a, b] = await chain(2);
    const [row] = await core.deps.db.query<{ parent_id: number }>(
      "SELECT parent_id FROM users WHERE id = $1",
      [b.userId],
    );
    expect(row.parent_id).toBe(a.userId);
    // A cycle needs a parent to change (a → b): refused, as is a player being their own parent.
    await expect(
      core.deps.db.query("UPDATE users SET parent_id = $2 WHERE id = $1", [a.userId, b.userId]),
    ).rejects.toThrow(/fixed at registration/);
    await expect(
      core.deps.db.query("UPDATE users SET parent_id = id WHERE id = $1", [a.userId]),
    ).rejects.toThrow();
    await expect(
      core.deps.db.query("UPDATE users SET parent_id = NULL WHERE id = $1", [b.userId]),
    ).rejects.toThrow(/fixed at registration/);
    // Other columns still change.
    await core.deps.db.query("UPDATE users SET nick_name = 'x' WHERE id = $1", [b.userId]);
    // An unknown code is refused, not ignored.
    await expect(registerPlayer(core, { invitationCode: "NOSUCH99" })).rejects.toThrow(/does not exist/);
  });

  it("accrues the bet rebate per level on settled CHIP stakes, once per bet and level", async () => {
    const [top, l1, l2, l3, l4] = await accruedChain(5);
    await settledBets(core.deps.db, [
      [l4.userId, 10_000],
      [l1.userId, 333],
    ]);
    await settledBets(core.deps.db, [[l4.userId, 50_000]], "POINT");
    const first = await accrue();
    expect(first.events).toBeGreaterThanOrEqual(2);
    // l4's 100.00: l3 1 %, l2 0.5 %, l1 0.2 %; top is level 4 above l4, so nothing from it.
    expect(await rebates(l3.userId)).toEqual([
      { kind: "BET", level: 1, amount_cents: 100, base_cents: 10_000, status: "PENDING" },
    ]);
    expect(await rebates(l2.userId)).toEqual([
      { kind: "BET", level: 2, amount_cents: 50, base_cents: 10_000, status: "PENDING" },
    ]);
    expect(await rebates(l1.userId)).toEqual([
      { kind: "BET", level: 3, amount_cents: 20, base_cents: 10_000, status: "PENDING" },
    ]);
    // l1's 3.33 at 1 %: 3.33 cents, rounded down.
    expect(await rebates(top.userId)).toEqual([
      { kind: "BET", level: 1, amount_cents: 3, base_cents: 333, status: "PENDING" },
    ]);
    // Again, and two passes at once: nothing more.
    expect((await accrue()).rebates).toBe(0);
    const both = await Promise.all([accrue(), accrue()]);
    expect(both[0].rebates + both[1].rebates).toBe(0);
    expect(await rebates(l3.userId)).toHaveLength(1);
    // Nobody earns from themselves.
    expect(await rebates(l4.userId)).toEqual([]);
  });

  it("a pass that dies mid-event leaves nothing, and the next pass completes the event once", async () => {
    const [, l1] = await accruedChain(2);
    await settledBets(core.deps.db, [[l1.userId, 20_000]]);
    await expect(
      accrueTeam(core.deps.db, core.deps.now(), {
        afterEvent: () => {
          throw new Error("killed");
        },
      }),
    ).rejects.toThrow("killed");
    const [top] = await core.deps.db.query<{ parent_id: number }>(
      "SELECT parent_id FROM users WHERE id = $1",
      [l1.userId],
    );
    expect(await rebates(top.parent_id)).toEqual([]);
    await accrue();
    await accrue();
    expect(await rebates(top.parent_id)).toEqual([
      { kind: "BET", level: 1, amount_cents: 200, base_cents: 20_000, status: "PENDING" },
    ]);
  });

  it("recharge rebates on successful recharges only; the register rebate once, if the first recharge reaches the minimum", async () => {
    const [top, l1, l2] = await chain(3);
    const [, small] = await chain(2);
    const [smallParent] = await core.deps.db.query<{ parent_id: number }>(
      "SELECT parent_id FROM users WHERE id = $1",
      [small.userId],
    );
    await accrue();
    await rechargeOrder(core.deps.db, l2.userId, 50_000, "FAILED");
    await rechargeOrder(core.deps.db, l2.userId, 70_000, "EXPIRED");
    await rechargeOrder(core.deps.db, l2.userId, 10_000, "PENDING");
    await accrue();
    expect(await rebates(l1.userId)).toEqual([]);
    // The first success (100.00, the minimum): 1 % to l1, 0.5 % to top, and l1's register rebate 5.00.
    await rechargeOrder(core.deps.db, l2.userId, 10_000);
    await accrue();
    expect(await rebates(l1.userId)).toEqual([
      { kind: "RECHARGE", level: 1, amount_cents: 100, base_cents: 10_000, status: "PENDING" },
      { kind: "REGISTER", level: 1, amount_cents: 500, base_cents: 10_000, status: "PENDING" },
    ]);
    expect(await rebates(top.userId)).toEqual([
      { kind: "RECHARGE", level: 2, amount_cents: 50, base_cents: 10_000, status: "PENDING" },
    ]);
    // A second recharge: its recharge rebate, no second register rebate.
    await rechargeOrder(core.deps.db, l2.userId, 20_000);
    await accrue();
    expect((await rebates(l1.userId)).map((r) => r.kind)).toEqual(["RECHARGE", "REGISTER", "RECHARGE"]);
    // A first recharge below the minimum (99.99) never earns the register rebate, even when more follows.
    await rechargeOrder(core.deps.db, small.userId, 9_999);
    await accrue();
    await rechargeOrder(core.deps.db, small.userId, 100_000);
    await accrue();
    expect((await rebates(smallParent.parent_id)).map((r) => r.kind)).toEqual(["RECHARGE", "RECHARGE"]);
  });

  it("a credited USDT deposit earns the recharge rebate; a pending or failed one nothing", async () => {
    const [top, l1] = await accruedChain(2);
    const deposit = (cents: number, status: string) =>
      core.deps.db.query(
        `INSERT INTO usdt_deposits (network, tx_hash, address, user_id, usdt_micros, usdt_units, confirmations, status, rate_cents, credit_cents, created_at, updated_at)
         VALUES ('TRC20', $1, 'Taddr', $2, 1000000, '1000000', 12, $3, 9000, $4, now(), now())`,
        [`tx${Date.now()}${Math.random()}`, l1.userId, status, cents],
      );
    await deposit(50_000, "PENDING");
    await deposit(60_000, "FAILED");
    await accrue();
    expect(await rebates(top.userId)).toEqual([]);
    await deposit(9_000, "SUCCESS");
    await accrue();
    // 1 % of 90.00; 90.00 is below the register rebate's minimum.
    expect(await rebates(top.userId)).toEqual([
      { kind: "RECHARGE", level: 1, amount_cents: 90, base_cents: 9_000, status: "PENDING" },
    ]);
  });

  it("claims all or one from REBATES; 20 parallel claims pay once; the ledger balances", async () => {
    const [top, l1] = await accruedChain(2);
    await settledBets(core.deps.db, [[l1.userId, 12_345]]);
    await rechargeOrder(core.deps.db, l1.userId, 20_000);
    await accrue();
    const page = await getResult(core, "/app/user/rebate/page", rebatePageSchema, { token: top.token });
    // 1 % of 123.45 = 1.23, 1 % of 200 = 2, register 5.
    expect(page.pendingAmount).toBe(8.23);
    expect(page.pendingCount).toBe(3);
    expect(page.content.map((r) => r.fromPhone)).toEqual(Array(3).fill(expect.stringContaining("****")));
    const before = await balances(core.deps.db, top.userId);
    // One, by id, twenty times at once.
    const one = page.content.find((r) => r.kind === "REGISTER");
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(core, "/app/user/rebate/receive", { token: top.token, params: { id: one?.id } }),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(19);
    expect((await balances(core.deps.db, top.userId)).CHIP - before.CHIP).toBe(500);
    // All the rest, twenty times at once.
    const all = await Promise.all(
      Array.from({ length: 20 }, () => call(core, "/app/user/rebate/receive", { token: top.token })),
    );
    const paid = all.filter((a) => a.code === 200);
    expect(paid).toHaveLength(1);
    expect(rebateReceiveResultSchema.parse(paid[0].result)).toMatchObject({ count: 2, amount: 3.23 });
    expect((await balances(core.deps.db, top.userId)).CHIP - before.CHIP).toBe(823);
    expect(all.filter((a) => a.code === 400).map((a) => a.message)).toEqual(
      Array(19).fill("There is nothing to claim"),
    );
    const [{ n }] = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = $1 AND kind = 'REBATE' AND counter_account = 'REBATES'",
      [top.userId],
    );
    expect(n).toBe(3);
    // Someone else's rebate is not found.
    const [other] = await core.deps.db.query<{ id: number }>(
      "SELECT id FROM team_rebates WHERE user_id <> $1 LIMIT 1",
      [top.userId],
    );
    if (other)
      expect(
        await call(core, "/app/user/rebate/receive", { token: top.token, params: { id: other.id } }),
      ).toMatchObject({ code: 404 });
    const claimed = await getResult(core, "/app/user/rebate/page", rebatePageSchema, {
      token: top.token,
      params: { status: "CLAIMED" },
    });
    expect(claimed).toMatchObject({ totalElements: 3, pendingAmount: 0, claimedAmount: 8.23 });
  });

  it("team info and levels: members, recharge and bet figures per level, today and all time; user info income", async () => {
    const [top, l1, l2, l3] = await chain(4);
    const [, second] = await chain(2);
    void second;
    await accrue();
    await rechargeOrder(core.deps.db, l1.userId, 30_000);
    await rechargeOrder(core.deps.db, l3.userId, 10_000);
    await settledBets(core.deps.db, [
      [l1.userId, 1_000],
      [l2.userId, 2_000],
      [l3.userId, 4_000],
    ]);
    await accrue();
    const info = teamInfoSchema
      .strict()
      .parse((await call(core, "/app/user/getUserTeamInfo", { method: "GET", token: top.token })).result);
    expect(info).toMatchObject({
      directNumber: 1,
      directRecharge: 300,
      directRechargeUserNumber: 1,
      directTotalBetAmount: 10,
      teamNumber: 3,
      teamRecharge: 400,
      teamRechargeUserNumber: 2,
      teamTotalBetAmount: 70,
      betRebate: 1,
      rechargeRebate: 1,
      registerRebate: 5,
      registerMinRecharge: 100,
      id: top.userId,
    });
    expect(info.levels.map((l) => [l.level, l.members, l.betAmount, l.betRate])).toEqual([
      [1, 1, 10, 1],
      [2, 1, 20, 0.5],
      [3, 1, 40, 0.2],
    ]);
    // Rebates to top: bets 0.10 + 0.10 + 0.08, recharges 3.00 + 0.25, register 5.00 (l1's first was 300).
    expect(info.today).toMatchObject({ newMembers: 3, recharge: 400, betAmount: 70, rebate: 8.53 });
    expect(info.totalRebate).toBe(8.53);
    expect(info.inviteLinkUrl).toMatch(/\/pages\/login\/login\?invitationCode=/);
    expect(info.directUserList.map((m) => m.id)).toEqual([l1.userId]);
    const level3 = await getResult(core, "/app/user/getUserTeamInfoSingleLevel", teamLevelPageSchema, {
      token: top.token,
      params: { level: 3 },
    });
    expect(level3.content).toEqual([
      expect.objectContaining({ id: l3.userId, level: 3, recharge: 100, betAmount: 40 }),
    ]);
    expect(level3.content[0].phone).toMatch(/\*\*\*\*\d{4}$/);
    expect(
      await call(core, "/app/user/getUserTeamInfoSingleLevel", {
        method: "GET",
        token: top.token,
        params: { level: 4 },
      }),
    ).toMatchObject({ code: 400 });
    const user = (await call<Record<string, unknown>>(core, "/app/user/getUserInfo", { token: top.token }))
      .result;
    expect(user).toMatchObject({
      todayBetAmount: 70,
      totalBetAmount: 70,
      todayBetIncome: 0.28,
      todayWin: 8.53,
    });
    expect(user.incomeList).toEqual([
      {
        incomeAmount: 8.53,
        incomeDate: kolkataDay(core.deps.now()),
        incomeRate: 0.1219,
      },
    ]);
  });

  it("a player on a time-out claims neither rebates nor task gifts; both wait, untouched", async () => {
    const [top, l1] = await accruedChain(2);
    await settledBets(core.deps.db, [[l1.userId, 10_000]]);
    await rechargeOrder(core.deps.db, top.userId, 10_000);
    await accrue();
    const block = await call(core, "/app/limits/block", {
      token: top.token,
      params: { kind: "TIMEOUT", length: "24h", password: top.password },
    });
    expect(block.code).toBe(200);
    const before = await balances(core.deps.db, top.userId);
    const rebate = await call(core, "/app/user/rebate/receive", { token: top.token });
    expect(rebate).toMatchObject({ code: 403, result: { reason: "EXCLUDED", block: "TIMEOUT" } });
    const tasks = await getResult(core, "/app/user/rechargeTask/list", rechargeTaskListSchema, {
      token: top.token,
    });
    const reached = tasks.find((t) => t.reached);
    expect(reached).toBeDefined();
    const gift = await call(core, "/app/user/rechargeTask/receiveTaskGift", {
      token: top.token,
      params: { id: reached?.id },
    });
    expect(gift).toMatchObject({ code: 403, result: { reason: "EXCLUDED", block: "TIMEOUT" } });
    expect(await balances(core.deps.db, top.userId)).toEqual(before);
    expect((await rebates(top.userId)).every((r) => r.status === "PENDING")).toBe(true);
  });

  it("recharge tasks: progress in the period, a reached task's gift once from GIFTS, even claimed in parallel", async () => {
    const player = await registerPlayer(core);
    const list = async () =>
      getResult(core, "/app/user/rechargeTask/list", rechargeTaskListSchema, { token: player.token });
    const daily = (await list()).find((t) => t.period === "DAY");
    expect(daily).toMatchObject({ minRecharge: 100, gift: 2, progress: 0, reached: false, claimed: false });
    if (!daily) return;
    const claim = () =>
      call(core, "/app/user/rechargeTask/receiveTaskGift", { token: player.token, params: { id: daily.id } });
    expect(await claim()).toMatchObject({ code: 400, result: { reason: "NOT_REACHED" } });
    await rechargeOrder(core.deps.db, player.userId, 6_000);
    await rechargeOrder(core.deps.db, player.userId, 4_000, "FAILED");
    expect((await list()).find((t) => t.id === daily.id)).toMatchObject({ progress: 60, reached: false });
    await rechargeOrder(core.deps.db, player.userId, 4_000);
    expect((await list()).find((t) => t.id === daily.id)).toMatchObject({ progress: 100, reached: true });
    const before = (await balances(core.deps.db, player.userId)).CHIP;
    const answers = await Promise.all(Array.from({ length: 20 }, claim));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 409)).toHaveLength(19);
    expect((await balances(core.deps.db, player.userId)).CHIP - before).toBe(200);
    expect((await list()).find((t) => t.id === daily.id)).toMatchObject({ claimed: true });
    const [entry] = await core.deps.db.query<{ counter_account: string; kind: string }>(
      "SELECT counter_account, kind FROM ledger_entries WHERE user_id = $1 AND kind = 'TASK_GIFT'",
      [player.userId],
    );
    expect(entry).toEqual({ counter_account: "GIFTS", kind: "TASK_GIFT" });
    // The asset records list the gift under a kind the page labels (not "Other") and filters by.
    const gifts = await getResult(
      core,
      "/app/user/account/findUserAccountRecordPage",
      assetRecordPageSchema,
      { token: player.token, params: { kind: "TASK_GIFT" } },
    );
    expect(gifts.content.map((r) => [r.kind, r.amount])).toEqual([["TASK_GIFT", 2]]);
    expect(ASSET_KINDS).toContain(gifts.content[0].kind);
    // The next day is a new period.
    const tomorrow = await listTasks(core.deps.db, player.userId, core.deps.now() + 24 * 3600 * 1000);
    expect(tomorrow.find((t) => t.id === daily.id)).toMatchObject({ progress: 0, claimed: false });
  });

  it("operators edit rates, the register rebate and tasks (API and CLI), audited; bad values refused", async () => {
    expect(await operatorPost("/team/settings", { betRates: "1,0.5,0.2,0.1" })).toMatchObject({ code: 400 });
    expect(await operatorPost("/team/settings", { betRates: "25" })).toMatchObject({ code: 400 });
    expect(await operatorPost("/team/settings", { colour: "red" })).toMatchObject({ code: 400 });
    const saved = await operatorPost("/team/settings", { betRates: "2,1", registerRebate: "7.5" });
    expect(saved).toMatchObject({ code: 200, result: { betRates: [2, 1], registerRebate: 7.5 } });
    const [l0, l1] = await accruedChain(2);
    await settledBets(core.deps.db, [[l1.userId, 10_000]]);
    await accrue();
    expect((await rebates(l0.userId))[0]).toMatchObject({ amount_cents: 200 });
    const output = await adminOutput(
      core.deps.db,
      ["team", "set", "betRates", "1,0.5,0.2", "registerRebate", "5"],
      ["team", "task", "add", "name", "Big week", "period", "WEEK", "minRecharge", "5000", "gift", "50"],
      ["team", "show"],
    );
    expect(output).toContain("bet rebate rates (% per level): 1, 0.5, 0.2");
    expect(output).toMatch(/Big week: WEEK recharge 5000 gives 50/);
    const task = await operatorPost("/team/tasks", {
      name: "x",
      period: "MONTH",
      minRecharge: "1",
      gift: "1",
    });
    expect(task).toMatchObject({ code: 400 });
    const actions = (await listAudit(core.deps.db, 20)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["team.settings.edit", "team.task.add"]));
    const accrued = await operatorPost("/team/accrue", {});
    expect(accrued).toMatchObject({ code: 200 });
    void database;
  });
});
