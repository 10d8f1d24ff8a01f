import { userInfoSchema } from "#contract/user";
import { type WithdrawalRecord, withdrawalInfoSchema, withdrawalPageSchema } from "#contract/withdrawal";
import { runAdmin } from "../../../core/src/admin";
import { type PayoutAdapter, sandboxPayout, setPayoutAdapter } from "../../../core/src/withdrawal/payout";
import { resumePayouts } from "../../../core/src/withdrawal/withdrawals";
import { call, describeOnEachDatabase, operatorCall, registerPlayer } from "../../support/core";
import {
  BEP20,
  PAY_PASSWORD,
  TRC20,
  addCard,
  chip,
  ledgerMove,
  payer,
  systemBalance,
  withConfig,
} from "./helpers";

describeOnEachDatabase("withdrawals", (core) => {
  const cash = (token: string, params: Record<string, string | number>, headers?: Record<string, string>) =>
    call<WithdrawalRecord>(core, "/app/user/cashWithdrawal/apply", {
      token,
      params: { assetPassword: PAY_PASSWORD, ...params },
      headers,
    });
  const usdt = (token: string, params: Record<string, string | number>) =>
    call<WithdrawalRecord>(core, "/app/wallet/withdrawal", {
      token,
      params: { assetPassword: PAY_PASSWORD, network: "TRC20", ...params },
    });
  /** What the withdrawal page shows the player for `currency`, read through the contract's schema. */
  const withdrawalInfo = async (token: string, currency: "CASH" | "USDT") =>
    withdrawalInfoSchema.parse(
      (await call(core, "/app/wallet/withdrawalInfo", { method: "GET", token, params: { currency } })).result,
    );
  /**
   * The withdrawal page shows the player's cash `turnover`; betting exactly what it says is left
   * then lets a withdrawal of 150 through.
   */
  async function expectTurnoverThenPaid(
    player: { token: string; userId: number },
    card: number,
    turnover: {
      rechargedSinceWithdrawal: number;
      turnoverRequired: number;
      turnoverDone: number;
      turnoverLeft: number;
    },
  ) {
    expect(await withdrawalInfo(player.token, "CASH")).toMatchObject(turnover);
    await ledgerMove(core, player.userId, "BET", turnover.turnoverLeft * 100);
    expect((await cash(player.token, { amount: 150, userBankId: card })).code).toBe(200);
  }

  it("pays a cash withdrawal up to autoAuditAmount at once: fee to FEES, net to WITHDRAWALS_PAID, card masked", async () => {
    const { token, userId } = await payer(core, { CHIP: 50_000 });
    const card = await addCard(core, token, "998877665544");
    const [paidBefore, feesBefore] = [
      await systemBalance(core, "WITHDRAWALS_PAID"),
      await systemBalance(core, "FEES"),
    ];
    const answer = await cash(token, { amount: "150.50", userBankId: card });
    expect(answer.code).toBe(200);
    expect(answer.result).toMatchObject({
      currency: "CASH",
      amount: 150.5,
      fee: 3.01,
      netAmount: 147.49,
      status: "APPROVED",
      bankName: "State Bank of India",
      bankCardNo: "**** 5544",
    });
    expect(JSON.stringify(answer)).not.toContain("99887766");
    expect(await chip(core, userId)).toBe(50_000 - 15_050);
    expect((await systemBalance(core, "WITHDRAWALS_PAID")) - paidBefore).toBe(14_749);
    expect((await systemBalance(core, "FEES")) - feesBefore).toBe(301);
    const page = await call(core, "/app/user/cashWithdrawal/page", {
      token,
      params: { pageNo: 1, pageSize: 10 },
    });
    const records = withdrawalPageSchema.parse(page.result);
    expect(records.totalElements).toBe(1);
    expect(records.content[0]).toMatchObject({
      id: answer.result.id,
      status: "APPROVED",
      bankCardNo: "**** 5544",
    });
    const info = await call(core, "/app/user/getUserInfo", {
      method: "GET",
      token,
      params: { coin: "CHIP" },
    });
    expect(userInfoSchema.parse(info.result).withdraw).toBe(150.5);
  });

  it("holds a withdrawal above autoAuditAmount for an operator, who rejects it with a reason: the amount returns", async () => {
    const { token, userId } = await payer(core, { CHIP: 500_000 });
    const card = await addCard(core, token);
    const heldBefore = await systemBalance(core, "WITHDRAWALS_HELD");
    const answer = await cash(token, { amount: 3000, userBankId: card });
    expect(answer.result).toMatchObject({ status: "WAITING", amount: 3000, fee: 60, netAmount: 2940 });
    expect(await chip(core, userId)).toBe(200_000);
    expect((await systemBalance(core, "WITHDRAWALS_HELD")) - heldBefore).toBe(300_000);
    const waiting = await operatorCall<{ id: number }[]>(core, "/withdrawals?status=WAITING");
    expect(waiting.result.map((w) => w.id)).toContain(answer.result.id);
    const rejected = await operatorCall(core, `/withdrawals/${answer.result.id}/reject`, "POST", {
      reason: "Name on the card does not match",
    });
    expect(rejected.result).toMatchObject({
      status: "REJECT",
      rejectReason: "Name on the card does not match",
    });
    expect(await chip(core, userId)).toBe(500_000);
    expect(await systemBalance(core, "WITHDRAWALS_HELD")).toBe(heldBefore);
    const again = await operatorCall(core, `/withdrawals/${answer.result.id}/approve`, "POST");
    expect(again.code).toBe(409);
    const page = await call(core, "/app/user/cashWithdrawal/page", { token });
    expect(withdrawalPageSchema.parse(page.result).content[0]).toMatchObject({
      status: "REJECT",
      rejectReason: "Name on the card does not match",
      payoutFailed: false,
    });
    const [audit] = await core.deps.db.query<{ operator: string; action: string }>(
      "SELECT operator, action FROM operator_audit WHERE target = $1 ORDER BY id DESC LIMIT 1",
      [String(answer.result.id)],
    );
    expect(audit).toEqual({ operator: "operator", action: "withdrawal.reject" });
  });

  it("lets an operator approve a waiting withdrawal (API), and list, approve and reject through the CLI, audited", async () => {
    const { token, userId } = await payer(core, { CHIP: 1_000_000 });
    const card = await addCard(core, token);
    const first = await cash(token, { amount: 2500, userBankId: card });
    const approved = await operatorCall(core, `/withdrawals/${first.result.id}/approve`, "POST");
    expect(approved.result).toMatchObject({ status: "APPROVED" });
    const second = await cash(token, { amount: 2600, userBankId: card });
    const third = await cash(token, { amount: 2700, userBankId: card });
    const lines: string[] = [];
    await runAdmin(["withdrawals", "list", "WAITING"], core.deps.db, (l) => lines.push(l));
    expect(lines.join("\n")).toContain(`#${second.result.id} WAITING user ${userId} CASH 2600.00`);
    await runAdmin(["withdrawals", "approve", String(second.result.id)], core.deps.db, (l) => lines.push(l));
    await runAdmin(
      ["withdrawals", "reject", String(third.result.id), "--reason", "Call support"],
      core.deps.db,
      (l) => lines.push(l),
    );
    await expect(
      runAdmin(["withdrawals", "reject", String(third.result.id), "--reason", "x"], core.deps.db, () => {}),
    ).rejects.toThrow(/already REJECT/);
    expect(await chip(core, userId)).toBe(1_000_000 - 250_000 - 260_000);
    const actions = await core.deps.db.query<{ action: string; operator: string }>(
      "SELECT action, operator FROM operator_audit WHERE target = ANY($1) ORDER BY id",
      [[first.result.id, second.result.id, third.result.id].map(String)],
    );
    expect(actions.map((a) => a.action)).toEqual([
      "withdrawal.approve",
      "withdrawal.approve",
      "withdrawal.reject",
    ]);
    expect(actions[1].operator).toMatch(/^cli:/);
  });

  it("sends USDT at the configured rate, remembers the address per network and shows it in the user info", async () => {
    const { token, userId } = await payer(core, { CHIP: 200_000 });
    const answer = await usdt(token, { amount: 900, address: TRC20 });
    expect(answer.result).toMatchObject({
      currency: "USDT",
      amount: 900,
      fee: 9,
      netAmount: 891,
      usdtRate: 90,
      usdtAmount: 9.9,
      network: "TRC20",
      address: TRC20,
      status: "APPROVED",
    });
    await usdt(token, { amount: 300, address: BEP20, network: "BEP20" });
    expect(await chip(core, userId)).toBe(200_000 - 90_000 - 30_000);
    const info = userInfoSchema.parse(
      (await call(core, "/app/user/getUserInfo", { method: "GET", token, params: { coin: "CHIP" } })).result,
    );
    expect(info).toMatchObject({ walletTrc: TRC20, walletErc: BEP20 });
    const records = await call(core, "/app/wallet/getWithdrawalRecord", { method: "POST", token });
    expect(withdrawalPageSchema.parse(records.result).content.map((r) => r.network)).toEqual([
      "BEP20",
      "TRC20",
    ]);
    const cashRecords = await call(core, "/app/user/cashWithdrawal/page", { token });
    expect(withdrawalPageSchema.parse(cashRecords.result).totalElements).toBe(0);
  });

  it("sends to a BEP20 address typed in one case, and keeps it in its EIP-55 form: one address, one request", async () => {
    const sandbox = sandboxPayout();
    setPayoutAdapter(core.deps.db, sandbox);
    try {
      const { token } = await payer(core, { CHIP: 100_000 });
      const lower = { amount: 300, address: BEP20.toLowerCase(), network: "BEP20" };
      const headers = { "idempotency-key": `bep20-case-${token.slice(-8)}` };
      const first = await call<WithdrawalRecord>(core, "/app/wallet/withdrawal", {
        token,
        params: { assetPassword: PAY_PASSWORD, ...lower },
        headers,
      });
      expect(first.result).toMatchObject({ address: BEP20, status: "APPROVED" });
      expect(sandbox.paid.get(first.result.id)).toMatchObject({ address: BEP20, network: "BEP20" });
      // The same request with the address in its checksummed form is a retry, not another withdrawal.
      const retry = await call<WithdrawalRecord>(core, "/app/wallet/withdrawal", {
        token,
        params: { assetPassword: PAY_PASSWORD, ...lower, address: BEP20.toUpperCase().replace("0X", "0x") },
        headers,
      });
      expect(retry).toMatchObject({ code: 200, result: { id: first.result.id } });
      const info = await withdrawalInfo(token, "USDT");
      expect(info.walletErc).toBe(BEP20);
    } finally {
      setPayoutAdapter(core.deps.db, null);
    }
  });

  it("sends to the micro-USDT what it books as paid: 300.55 at 90 with 1 % sends 3.306 USDT for ₹297.54", async () => {
    const sandbox = sandboxPayout();
    setPayoutAdapter(core.deps.db, sandbox);
    try {
      const { token } = await payer(core, { CHIP: 100_000 });
      const paidBefore = await systemBalance(core, "WITHDRAWALS_PAID");
      const first = await usdt(token, { amount: "300.55", address: TRC20 });
      expect(first.result).toMatchObject({
        fee: 3.01,
        netAmount: 297.54,
        usdtRate: 90,
        usdtAmount: 3.306,
        status: "APPROVED",
      });
      // 297.55 is 3.306111… USDT: sent 3.306111, rounded down to the micro-USDT.
      const second = await usdt(token, { amount: "300.56", address: TRC20 });
      expect(second.result).toMatchObject({ fee: 3.01, netAmount: 297.55, usdtAmount: 3.306111 });
      expect(sandbox.paid.get(first.result.id)).toMatchObject({ netCents: 29_754, usdtMicros: 3_306_000 });
      expect(sandbox.paid.get(second.result.id)).toMatchObject({ netCents: 29_755, usdtMicros: 3_306_111 });
      expect((await systemBalance(core, "WITHDRAWALS_PAID")) - paidBefore).toBe(29_754 + 29_755);
      // What was sent, at the rate, is what was booked as paid, to the cent.
      for (const { id } of [first.result, second.result]) {
        const order = sandbox.paid.get(id);
        expect(Math.round(((order?.usdtMicros ?? 0) * 9_000) / 1_000_000)).toBe(order?.netCents);
      }
      const records = await call(core, "/app/wallet/getWithdrawalRecord", { method: "POST", token });
      expect(
        withdrawalPageSchema.parse(records.result).content.map((r) => [r.netAmount, r.usdtAmount]),
      ).toEqual([
        [297.55, 3.306111],
        [297.54, 3.306],
      ]);
    } finally {
      setPayoutAdapter(core.deps.db, null);
    }
  });

  it("refuses every bad amount and every broken rule with a clear message, and changes nothing", async () => {
    const { token, userId } = await payer(core, { CHIP: 10_000_000 });
    const card = await addCard(core, token);
    const refusals: [Record<string, string | number>, RegExp][] = [
      [{ amount: "" }, /amount/i],
      [{ amount: "-5" }, /more than 0/],
      [{ amount: "0" }, /more than 0/],
      [{ amount: "150.001" }, /two decimals/],
      [{ amount: "1e9" }, /such as 10/],
      [{ amount: "NaN" }, /such as 10/],
      [{ amount: "ten" }, /such as 10/],
      [{ amount: "99999999999" }, /too large/],
      [{ amount: "1000000000" }, /maximum withdrawal is 50000/],
      [{ amount: "109.99" }, /minimum withdrawal is 110/],
      [{ amount: "150", userBankId: "abc" }, /Choose a bank card/],
      [{ amount: "150", assetPassword: "12345" }, /6 digits/],
    ];
    for (const [params, message] of refusals) {
      const answer = await cash(token, { userBankId: card, ...params });
      expect(answer.code, JSON.stringify(params)).toBe(400);
      expect(answer.message, JSON.stringify(params)).toMatch(message);
    }
    const stranger = await payer(core, { CHIP: 100 });
    const foreignCard = await addCard(core, stranger.token);
    const foreign = await cash(token, { amount: 150, userBankId: foreignCard });
    expect(foreign).toMatchObject({ code: 404, message: "Choose one of your bank cards" });
    const badChecksum = await usdt(token, { amount: 300, address: `${TRC20.slice(0, -1)}u` });
    expect(badChecksum.message).toMatch(/not a valid TRC20 address/);
    const badEip55 = await usdt(token, {
      amount: 300,
      network: "BEP20",
      address: BEP20.replace("aAeb", "aaeb"),
    });
    expect(badEip55.message).toMatch(/not a valid BEP20 address/);
    const wrongNetwork = await usdt(token, { amount: 300, network: "TRC20", address: BEP20 });
    expect(wrongNetwork).toMatchObject({ code: 400, result: { reason: "WRONG_NETWORK" } });
    expect(wrongNetwork.message).toMatch(/This is a BEP20 address/);
    const badNetwork = await usdt(token, { amount: 300, network: "ERC20", address: BEP20 });
    expect(badNetwork.message).toBe("network must be TRC20 or BEP20");

    let undo = await withConfig(core, "CASH", { openWithdraw: "false" });
    expect(await cash(token, { amount: 150, userBankId: card })).toMatchObject({
      result: { reason: "CLOSED" },
    });
    await undo();
    undo = await withConfig(core, "CASH", { weekDays: String(isoDayIn("Asia/Kolkata", 3)) });
    expect(await cash(token, { amount: 150, userBankId: card })).toMatchObject({
      result: { reason: "OUTSIDE_HOURS" },
    });
    await undo();
    const hour = Number(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Asia/Kolkata",
        hour: "2-digit",
        hourCycle: "h23",
      }).format(new Date()),
    );
    const closed = `${String((hour + 2) % 24).padStart(2, "0")}:00-${String((hour + 3) % 24).padStart(2, "0")}:00`;
    undo = await withConfig(core, "CASH", { startAndEndTime: closed });
    expect(await cash(token, { amount: 150, userBankId: card })).toMatchObject({
      result: { reason: "OUTSIDE_HOURS" },
    });
    await undo();

    expect(await chip(core, userId)).toBe(10_000_000);
    const [rows] = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1",
      [userId],
    );
    expect(rows.n).toBe(0);
  });

  it("counts wrong payment passwords: 5 wrong in 15 minutes lock even the right one, with the time to wait", async () => {
    const { token, userId } = await payer(core, { CHIP: 100_000 });
    const card = await addCard(core, token);
    for (let i = 4; i >= 1; i--) {
      const wrong = await cash(token, { amount: 150, userBankId: card, assetPassword: "000000" });
      expect(wrong).toMatchObject({
        code: 400,
        message: `Wrong payment password: ${i} ${i === 1 ? "try" : "tries"} left`,
      });
    }
    const fifth = await cash(token, { amount: 150, userBankId: card, assetPassword: "000000" });
    expect(fifth).toMatchObject({ code: 429, result: { reason: "PASSWORD_LOCKED" } });
    expect(fifth.message).toMatch(/try again in 15 min/);
    const right = await cash(token, { amount: 150, userBankId: card });
    expect(right.code).toBe(429);
    expect(await chip(core, userId)).toBe(100_000);
    core.advance(15 * 60 * 1000 + 1000);
    expect((await cash(token, { amount: 150, userBankId: card })).code).toBe(200);
  });

  it("counts wrong payment passwords sent all at once: no more than 5 are compared, then even the right one waits", async () => {
    const { token, userId } = await payer(core, { CHIP: 100_000 });
    const card = await addCard(core, token);
    // A burst of guesses, as a stolen session would send them: each must wait for the count.
    const guesses = Array.from({ length: 24 }, (_, i) => String(100_000 + i));
    const answers = await Promise.all(
      guesses.map((assetPassword) => cash(token, { amount: 150, userBankId: card, assetPassword })),
    );
    const reasons = answers.map((a) => (a.result as { reason?: string } | null)?.reason);
    expect(reasons.filter((r) => r === "WRONG_PASSWORD").length).toBe(4);
    expect(reasons.filter((r) => r === "PASSWORD_LOCKED").length).toBe(20);
    const [tried] = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM auth_failures WHERE key = $1",
      [`asset:${userId}`],
    );
    expect(tried.n).toBe(5);
    expect((await cash(token, { amount: 150, userBankId: card })).code).toBe(429);
    expect(await chip(core, userId)).toBe(100_000);
  });

  it("tells a player without a payment password to set one", async () => {
    const plain = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const answer = await usdt(plain.token, { amount: 300, address: TRC20 });
    expect(answer).toMatchObject({
      code: 403,
      message: "Set a payment password first",
      result: { reason: "NO_PASSWORD" },
    });
    expect((await withdrawalInfo(plain.token, "USDT")).hasAssetPassword).toBe(false);
  });

  it("keeps to the single-day limit in the config's time zone, and counts a rejected withdrawal out", async () => {
    const { token, userId } = await payer(core, { CHIP: 1_000_000 });
    const card = await addCard(core, token);
    const undo = await withConfig(core, "CASH", { withdrawLimitSingleDay: "5000" });
    try {
      const big = await cash(token, { amount: 3000, userBankId: card });
      expect(big.result.status).toBe("WAITING");
      const over = await cash(token, { amount: 2500, userBankId: card });
      expect(over).toMatchObject({ code: 400, result: { reason: "DAY_LIMIT", amount: 2000 } });
      expect(over.message).toMatch(/2000 left today/);
      await operatorCall(core, `/withdrawals/${big.result.id}/reject`, "POST", {
        reason: "Try a smaller amount",
      });
      expect((await cash(token, { amount: 2500, userBankId: card })).code).toBe(200);
      expect(await withdrawalInfo(token, "CASH")).toMatchObject({ withdrawnToday: 2500, dayLeft: 2500 });
      expect(await chip(core, userId)).toBe(1_000_000 - 250_000);
    } finally {
      await undo();
    }
  });

  it("asks for bets since the last recharge to reach the multiple, tells how much is left, and counts only BET entries", async () => {
    const { token, userId } = await payer(core, { CHIP: 100_000 });
    const card = await addCard(core, token);
    await ledgerMove(core, userId, "RECHARGE", 100_000);
    await ledgerMove(core, userId, "BET", 30_000);
    const refused = await cash(token, { amount: 150, userBankId: card });
    expect(refused).toMatchObject({ code: 400, result: { reason: "TURNOVER", amount: 700 } });
    expect(refused.message).toMatch(/Bet 700 more/);
    await expectTurnoverThenPaid({ token, userId }, card, {
      rechargedSinceWithdrawal: 1000,
      turnoverRequired: 1000,
      turnoverDone: 300,
      turnoverLeft: 700,
    });
    // A new recharge starts the count again.
    await ledgerMove(core, userId, "RECHARGE", 10_000);
    expect(await cash(token, { amount: 110, userBankId: card })).toMatchObject({
      result: { reason: "TURNOVER", amount: 100 },
    });
  });

  it("asks for the turnover of every recharge since the last withdrawal: a small second recharge does not waive a large first one", async () => {
    const { token, userId } = await payer(core, { CHIP: 100_000 });
    const card = await addCard(core, token);
    await ledgerMove(core, userId, "RECHARGE", 500_000);
    await ledgerMove(core, userId, "RECHARGE", 10_000);
    await ledgerMove(core, userId, "BET", 10_000);
    // 5,100 recharged, 100 bet: 5,000 left (the latest recharge alone would say none).
    expect(await cash(token, { amount: 4000, userBankId: card })).toMatchObject({
      code: 400,
      result: { reason: "TURNOVER", amount: 5000 },
    });
    await expectTurnoverThenPaid({ token, userId }, card, {
      rechargedSinceWithdrawal: 5100,
      turnoverRequired: 5100,
      turnoverDone: 100,
      turnoverLeft: 5000,
    });
  });

  it("takes a repeated idempotency key once, and refuses the key with another amount (409)", async () => {
    const { token, userId } = await payer(core, { CHIP: 100_000 });
    const card = await addCard(core, token);
    const key = { "idempotency-key": `w-${userId}` };
    const first = await cash(token, { amount: 200, userBankId: card }, key);
    const again = await cash(token, { amount: 200, userBankId: card }, key);
    expect(again.result.id).toBe(first.result.id);
    const other = await cash(token, { amount: 300, userBankId: card }, key);
    expect(other.code).toBe(409);
    expect(await chip(core, userId)).toBe(80_000);
  });

  it("finishes a payout interrupted by a crash or a timeout exactly once, and returns the money when the payout fails", async () => {
    const { token, userId } = await payer(core, { CHIP: 100_000 });
    const card = await addCard(core, token);
    let calls = 0;
    const flaky: PayoutAdapter = {
      name: "flaky",
      async pay() {
        calls++;
        throw new Error("provider timed out");
      },
    };
    setPayoutAdapter(core.deps.db, flaky);
    try {
      const answer = await cash(token, { amount: 500, userBankId: card });
      expect(answer.result.status).toBe("WAITING");
      expect(calls).toBe(1);
      const reject = await operatorCall(core, `/withdrawals/${answer.result.id}/reject`, "POST", {
        reason: "late",
      });
      expect(reject.code).toBe(409);
      const sandbox = sandboxPayout();
      setPayoutAdapter(core.deps.db, sandbox);
      await Promise.all([resumePayouts(core.deps.db, 0), resumePayouts(core.deps.db, 0)]);
      await resumePayouts(core.deps.db, 0);
      const page = withdrawalPageSchema.parse(
        (await call(core, "/app/user/cashWithdrawal/page", { token })).result,
      );
      expect(page.content[0]).toMatchObject({ id: answer.result.id, status: "APPROVED" });
      const transfers = await core.deps.db.query<{ kind: string }>(
        "SELECT kind FROM system_transfers WHERE ref_id = $1 ORDER BY kind",
        [String(answer.result.id)],
      );
      expect(transfers.map((t) => t.kind)).toEqual(["PAYOUT", "WITHDRAW_FEE"]);

      setPayoutAdapter(core.deps.db, {
        name: "closed",
        pay: async () => ({ status: "FAILED", reason: "account closed" }),
      });
      const failed = await cash(token, { amount: 400, userBankId: card });
      expect(failed.result).toMatchObject({
        status: "REJECT",
        rejectReason: "Payout failed: account closed",
        payoutFailed: true,
      });
      expect(await chip(core, userId)).toBe(100_000 - 50_000);
    } finally {
      setPayoutAdapter(core.deps.db, null);
    }
  });
});

/** An ISO weekday `offset` days from today's in `timeZone` (never today for offsets 1..6). */
function isoDayIn(timeZone: string, offset: number): number {
  const name = new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short" }).format(new Date());
  const today = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(name) + 1;
  return ((today - 1 + offset) % 7) + 1;
}
