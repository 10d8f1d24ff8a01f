import type { WithdrawalRecord } from "#contract/withdrawal";
import { post } from "../../../core/src/ledger/ledger";
import { call, describeOnEachDatabase, heldOpen, operatorCall } from "../../support/core";
import { PAY_PASSWORD, addCard, chip, payer, systemBalance, withConfig } from "./helpers";

describeOnEachDatabase("withdrawals under concurrency", (core, database) => {
  const cash = (token: string, amount: number, userBankId: number, headers?: Record<string, string>) =>
    call<WithdrawalRecord>(core, "/app/user/cashWithdrawal/apply", {
      token,
      params: { amount, userBankId, assetPassword: PAY_PASSWORD },
      headers,
    });

  it("holds exactly 10 of 100 parallel withdrawals against a balance for 10", async () => {
    const { token, userId } = await payer(core, { CHIP: 10 * 20_000 });
    const card = await addCard(core, token);
    const heldBefore = await systemBalance(core, "WITHDRAWALS_HELD");
    const paidBefore = await systemBalance(core, "WITHDRAWALS_PAID");
    const answers = await Promise.all(Array.from({ length: 100 }, () => cash(token, 200, card)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(10);
    const refused = answers.filter((a) => a.code !== 200);
    expect(new Set(refused.map((a) => a.message))).toEqual(new Set(["Insufficient balance"]));
    expect(await chip(core, userId)).toBe(0);
    const [rows] = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1",
      [userId],
    );
    expect(rows.n).toBe(10);
    // All ten were under autoAuditAmount: paid, nothing left held.
    expect(await systemBalance(core, "WITHDRAWALS_HELD")).toBe(heldBefore);
    expect((await systemBalance(core, "WITHDRAWALS_PAID")) - paidBefore).toBe(10 * 19_600);
  });

  // PGlite runs one transaction at a time: a recharge held open would stop the withdrawal itself.
  it.skipIf(database === "pglite")(
    "counts in the turnover a recharge being credited while the withdrawal is checked",
    async () => {
      const { token, userId } = await payer(core, { CHIP: 100_000 });
      const card = await addCard(core, token);
      const recharge = heldOpen(core.deps.db, (tx) =>
        post(tx, { userId, coin: "CHIP", amount: 50_000, kind: "RECHARGE", counter: "DEPOSITS_CASH" }).then(
          () => {},
        ),
      );
      await recharge.entered;
      const apply = cash(token, 200, card);
      // The withdrawal reaches its checks while the recharge is not yet committed.
      await new Promise((resolve) => setTimeout(resolve, 500));
      recharge.commit();
      await recharge.done;
      const answer = await apply;
      expect(answer).toMatchObject({ code: 400, result: { reason: "TURNOVER", amount: 500 } });
      expect(await chip(core, userId)).toBe(150_000);
    },
  );

  it("lets two withdrawals racing the single-day limit take at most the limit", async () => {
    const undo = await withConfig(core, "CASH", { withdrawLimitSingleDay: "300" });
    try {
      const { token, userId } = await payer(core, { CHIP: 100_000 });
      const card = await addCard(core, token);
      const answers = await Promise.all([cash(token, 200, card), cash(token, 200, card)]);
      expect(answers.map((a) => a.code).sort()).toEqual([200, 400]);
      expect(answers.find((a) => a.code === 400)?.result).toMatchObject({ reason: "DAY_LIMIT" });
      expect(await chip(core, userId)).toBe(80_000);
    } finally {
      await undo();
    }
  });

  it("lets one of an approve and a reject racing on a waiting withdrawal win", async () => {
    const { token, userId } = await payer(core, { CHIP: 1_000_000 });
    const card = await addCard(core, token);
    let approved = 0;
    for (let round = 0; round < 3; round++) {
      const applied = await cash(token, 3000, card);
      expect(applied.result.status).toBe("WAITING");
      const id = applied.result.id;
      const [approve, reject] = await Promise.all([
        operatorCall<WithdrawalRecord>(core, `/withdrawals/${id}/approve`, "POST"),
        operatorCall<WithdrawalRecord>(core, `/withdrawals/${id}/reject`, "POST", { reason: "race" }),
      ]);
      expect([approve.code, reject.code].sort()).toEqual([200, 409]);
      if (approve.code === 200) approved++;
      const [row] = await core.deps.db.query<{ status: string }>(
        "SELECT status FROM withdrawals WHERE id = $1",
        [id],
      );
      expect(row.status).toBe(approve.code === 200 ? "APPROVED" : "REJECT");
      const returned = await core.deps.db.query(
        "SELECT 1 FROM ledger_entries WHERE kind = 'WITHDRAW_RETURN' AND ref_id = $1",
        [String(id)],
      );
      const paid = await core.deps.db.query(
        "SELECT 1 FROM system_transfers WHERE kind = 'PAYOUT' AND ref_id = $1",
        [String(id)],
      );
      expect(returned.length + paid.length).toBe(1);
    }
    expect(await chip(core, userId)).toBe(1_000_000 - approved * 300_000);
  });

  it("makes one withdrawal of a key sent five times in parallel", async () => {
    const { token, userId } = await payer(core, { CHIP: 100_000 });
    const card = await addCard(core, token);
    const key = { "idempotency-key": `parallel-${userId}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => cash(token, 250, card, key)));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.result.id)).size).toBe(1);
    expect(await chip(core, userId)).toBe(75_000);
  });
});
