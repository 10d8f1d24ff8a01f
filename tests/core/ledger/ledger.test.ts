import { runAdmin } from "../../../core/src/admin";
import { checkLedger } from "../../../core/src/ledger/check";
import {
  InsufficientBalance,
  balances,
  creditMany,
  moveBetweenSystemAccounts,
  post,
} from "../../../core/src/ledger/ledger";
import { describeOnEachDatabase, registerPlayer } from "../../support/core";

describeOnEachDatabase("ledger", (core, database) => {
  async function invariantHolds() {
    const rows = await core.deps.db.query<{ user_id: number; coin: string; balance: number; total: number }>(
      `SELECT a.user_id, a.coin, a.balance, COALESCE(SUM(l.amount), 0) AS total
       FROM accounts a LEFT JOIN ledger_entries l ON l.user_id = a.user_id AND l.coin = a.coin
       GROUP BY a.user_id, a.coin, a.balance`,
    );
    for (const r of rows) expect(Number(r.total), `${r.user_id} ${r.coin}`).toBe(r.balance);
    return rows.length;
  }

  it("keeps the sum of entries equal to the balance (demo seed included)", async () => {
    expect(await invariantHolds()).toBeGreaterThanOrEqual(3);
  });

  it("never lets 50 concurrent debits of 100 overspend 1000: exactly 10 succeed", async () => {
    const { userId } = await registerPlayer(core);
    await core.deps.db.tx((tx) =>
      post(tx, { userId, coin: "CHIP", amount: 1000, kind: "RECHARGE", counter: "ADJUSTMENTS" }),
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        core.deps.db.tx((tx) =>
          post(tx, {
            userId,
            coin: "CHIP",
            amount: -100,
            kind: "BET",
            counter: "ADJUSTMENTS",
            refId: `t${i}`,
          }),
        ),
      ),
    );
    const ok = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(ok).toHaveLength(10);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientBalance);
    expect((await balances(core.deps.db, userId)).CHIP).toBe(0);
    await invariantHolds();
  });

  it("writes nothing when the transaction fails, and refuses a second posting with the same reference", async () => {
    const { userId } = await registerPlayer(core);
    await core.deps.db.tx((tx) =>
      post(tx, { userId, coin: "GOLD", amount: 500, kind: "RECHARGE", counter: "ADJUSTMENTS", refId: "r1" }),
    );
    await expect(
      core.deps.db.tx((tx) =>
        post(tx, {
          userId,
          coin: "GOLD",
          amount: 500,
          kind: "RECHARGE",
          counter: "ADJUSTMENTS",
          refId: "r1",
        }),
      ),
    ).rejects.toThrow();
    await expect(
      core.deps.db.tx(async (tx) => {
        await post(tx, { userId, coin: "GOLD", amount: -200, kind: "BET", counter: "ADJUSTMENTS" });
        throw new Error("later step failed");
      }),
    ).rejects.toThrow("later step failed");
    await expect(
      core.deps.db.tx((tx) =>
        post(tx, { userId, coin: "GOLD", amount: -501, kind: "BET", counter: "ADJUSTMENTS" }),
      ),
    ).rejects.toThrow(InsufficientBalance);
    expect((await balances(core.deps.db, userId)).GOLD).toBe(500);
    await expect(
      core.deps.db.tx((tx) =>
        post(tx, { userId, coin: "GOLD", amount: 0.5, kind: "ADJUST", counter: "ADJUSTMENTS" }),
      ),
    ).rejects.toThrow("Bad posting amount");
    await invariantHolds();
  });

  it("credits many players in one statement: each balance once by its total, entries in order, none twice", async () => {
    const a = await registerPlayer(core);
    const b = await registerPlayer(core);
    await core.deps.db.tx((tx) =>
      post(tx, { userId: a.userId, coin: "POINT", amount: 100, kind: "RECHARGE", counter: "ADJUSTMENTS" }),
    );
    const source = `SELECT * FROM (VALUES ($1::bigint, 'POINT', 30::bigint, 'w1', 'm', 1),
        ($1::bigint, 'POINT', 20::bigint, 'w2', 'm', 2), ($2::bigint, 'POINT', 5::bigint, 'w3', 'm', 3),
        ($2::bigint, 'POINT', 0::bigint, 'w4', 'm', 4)) AS v (user_id, coin, amount, ref_id, memo, ord)`;
    const paid = await core.deps.db.tx((tx) =>
      creditMany(tx, { kind: "DIVIDEND", counter: "ADJUSTMENTS", source, params: [a.userId, b.userId] }),
    );
    expect(paid).toEqual({ entries: 3, cents: 55 });
    expect((await balances(core.deps.db, a.userId)).POINT).toBe(150);
    expect((await balances(core.deps.db, b.userId)).POINT).toBe(5);
    const entries = await core.deps.db.query<{ ref_id: string; balance_after: number }>(
      "SELECT ref_id, balance_after FROM ledger_entries WHERE kind = 'DIVIDEND' AND user_id = $1 ORDER BY id",
      [a.userId],
    );
    expect(entries).toEqual([
      { ref_id: "w1", balance_after: 130 },
      { ref_id: "w2", balance_after: 150 },
    ]);
    await expect(
      core.deps.db.tx((tx) =>
        creditMany(tx, { kind: "DIVIDEND", counter: "ADJUSTMENTS", source, params: [a.userId, b.userId] }),
      ),
    ).rejects.toThrow();
    expect((await balances(core.deps.db, a.userId)).POINT).toBe(150);
    await invariantHolds();
  });

  it("is double-entry: each entry's amount leaves its system account, so every coin sums to zero", async () => {
    const before = await checkLedger(core.deps.db);
    const { userId } = await registerPlayer(core);
    const payout = {
      coin: "GOLD",
      from: "WITHDRAWALS_HELD",
      to: "WITHDRAWALS_PAID",
      amount: 300,
      kind: "PAYOUT",
      refId: `w-${userId}`,
    } as const;
    await core.deps.db.tx(async (tx) => {
      await post(tx, { userId, coin: "GOLD", amount: 700, kind: "RECHARGE", counter: "DEPOSITS_CASH" });
      await post(tx, { userId, coin: "GOLD", amount: -300, kind: "WITHDRAW", counter: "WITHDRAWALS_HELD" });
      await moveBetweenSystemAccounts(tx, payout);
    });
    const after = await checkLedger(core.deps.db);
    expect(after.problems).toEqual([]);
    const gold = after.coins.find((c) => c.coin === "GOLD");
    const goldBefore = before.coins.find((c) => c.coin === "GOLD");
    expect(gold?.sum).toBe(0);
    expect((gold?.system.DEPOSITS_CASH ?? 0) - (goldBefore?.system.DEPOSITS_CASH ?? 0)).toBe(-700);
    expect((gold?.system.WITHDRAWALS_HELD ?? 0) - (goldBefore?.system.WITHDRAWALS_HELD ?? 0)).toBe(0);
    expect((gold?.system.WITHDRAWALS_PAID ?? 0) - (goldBefore?.system.WITHDRAWALS_PAID ?? 0)).toBe(300);
    expect((gold?.players ?? 0) - (goldBefore?.players ?? 0)).toBe(400);
    // The same system transfer cannot happen twice.
    await expect(core.deps.db.tx((tx) => moveBetweenSystemAccounts(tx, payout))).rejects.toThrow();
  });

  it("the check finds a balance changed behind the ledger's back, and says which", async () => {
    const { userId } = await registerPlayer(core);
    await core.deps.db.tx((tx) =>
      post(tx, { userId, coin: "CHIP", amount: 500, kind: "RECHARGE", counter: "DEPOSITS_CASH" }),
    );
    await core.deps.db.query(
      "UPDATE accounts SET balance = balance + 1 WHERE user_id = $1 AND coin = 'CHIP'",
      [userId],
    );
    const report = await checkLedger(core.deps.db);
    expect(report.ok).toBe(false);
    expect(report.problems).toContain("CHIP: accounts sum to 1 cents, not zero");
    expect(report.problems.join("\n")).toContain(`player ${userId} CHIP: balance 501, entries sum to 500`);
    const lines: string[] = [];
    await runAdmin(["ledger", "check"], core.deps.db, (line) => lines.push(line));
    expect(lines.at(-1)).toBe("ledger check: FAILED (2 problems)");
    process.exitCode = 0;
    await core.deps.db.query(
      "UPDATE accounts SET balance = balance - 1 WHERE user_id = $1 AND coin = 'CHIP'",
      [userId],
    );
    const fixed: string[] = [];
    await runAdmin(["ledger", "check"], core.deps.db, (line) => fixed.push(line));
    expect(fixed.at(-1)).toBe("ledger check: OK");
    expect(fixed[0]).toMatch(/^CHIP: players [\d.]+; .*HOUSE|ADJUSTMENTS.*; sum 0$/);
  });
});
