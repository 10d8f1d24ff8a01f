import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { cashRechargePageSchema, payChannelListSchema, rechargeResultSchema } from "#contract/recharge";
import { runAdmin } from "../../../core/src/admin";
import { balances } from "../../../core/src/ledger/ledger";
import type { Db } from "../../../core/src/platform/db";
import { rechargeExpiryJob } from "../../../core/src/recharge/module";
import { cashRechargePage, expireOrders } from "../../../core/src/recharge/orders";
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxNotification,
  signSandbox,
} from "../../../core/src/recharge/providers";
import { sandboxSecret } from "../../../core/src/recharge/settings";
import { call, describeOnEachDatabase, operatorCall, registerPlayer } from "../../support/core";

/** The operator audit's actions on `target`, oldest first. */
async function auditActions(db: Db, target: string) {
  const rows = await db.query<{ action: string }>(
    "SELECT action FROM operator_audit WHERE target = $1 ORDER BY id",
    [target],
  );
  return rows.map((a) => a.action);
}
/** What the audit holds of a pay channel added, then edited twice (by the API or the CLI). */
const ADDED_THEN_EDITED_TWICE = ["recharge.channel.add", "recharge.channel.edit", "recharge.channel.edit"];

describeOnEachDatabase("cash recharge", (core) => {
  const recharge = (token: string, params: Record<string, string>, key?: string) =>
    call<unknown>(core, "/app/user/recharge/recharge", {
      method: "POST",
      token,
      params,
      headers: key ? { "idempotency-key": key } : {},
    });

  async function order(token: string, amount = "150.25", channel = "SANDBOX_UPI") {
    const answer = await recharge(token, { amount, payChannelName: channel });
    expect(answer.code, answer.message).toBe(200);
    const made = rechargeResultSchema.parse(answer.result);
    const url = new URL(made.payUrl, "http://app.invalid");
    return { ...made, t: url.searchParams.get("t") ?? "" };
  }

  const notify = (body: string, headers: Record<string, string>) =>
    fetch(`${core.url}/app/recharge/notify/sandbox`, { method: "POST", headers, body });

  async function signedCallback(orderId: string, amount: string, status: "PAID" | "FAILED" = "PAID") {
    return sandboxNotification(await sandboxSecret(core.deps), {
      orderId,
      amount,
      status,
      timestamp: Date.now(),
    });
  }

  const chip = async (userId: number) => (await balances(core.deps.db, userId)).CHIP;

  it("lists the enabled sandbox channels to a signed-in player and refuses anonymous callers", async () => {
    const { token } = await registerPlayer(core);
    const list = await call(core, "/app/payChannel/list", { method: "POST", token });
    const channels = payChannelListSchema.parse(list.result);
    expect(channels.map((c) => c.payChannelName)).toEqual(["SANDBOX_UPI", "SANDBOX_BANK"]);
    expect(channels[0].showName).toBe("UPI (sandbox)");
    expect((await call(core, "/app/payChannel/list", { method: "POST" })).code).toBe(401);
  });

  it("refuses every bad amount with a clear message and makes no order", async () => {
    const { token, userId } = await registerPlayer(core);
    const cases: [string, string][] = [
      ["", "Enter an amount such as 10 or 10.50"],
      ["-100", "The amount must be more than 0"],
      ["0", "The amount must be more than 0"],
      ["100.001", "At most two decimals"],
      ["99999999999999", "Enter an amount such as 10 or 10.50"],
      ["1e9", "Enter an amount such as 10 or 10.50"],
      ["NaN", "Enter an amount such as 10 or 10.50"],
      ["ten", "Enter an amount such as 10 or 10.50"],
      ["1000000001", "The amount is too large"],
      ["99.99", "The amount must be from 100.00 to 50000.00"],
      ["50000.01", "The amount must be from 100.00 to 50000.00"],
    ];
    for (const [amount, message] of cases) {
      const answer = await recharge(token, { amount, payChannelName: "SANDBOX_UPI" });
      expect(answer, `amount ${JSON.stringify(amount)}`).toMatchObject({ code: 400, message });
    }
    expect(await recharge(token, { amount: "100", payChannelName: "NOPE" })).toMatchObject({
      code: 400,
      message: "This pay channel is not available",
    });
    expect(await recharge(token, { amount: "100", payChannelName: "" })).toMatchObject({
      code: 400,
      message: "Choose a pay channel",
    });
    const page = await call(core, "/app/user/recharge/page", { method: "POST", token });
    expect(cashRechargePageSchema.parse(page.result).totalElements).toBe(0);
    expect(await chip(userId)).toBe(0);
  });

  it("refuses a disabled channel and a closed currency, then takes them again once reopened", async () => {
    const { token } = await registerPlayer(core);
    await runAdmin(["pay-channel", "disable", "SANDBOX_BANK"], core.deps.db, () => {});
    expect((await recharge(token, { amount: "100", payChannelName: "SANDBOX_BANK" })).code).toBe(400);
    const list = payChannelListSchema.parse((await call(core, "/app/payChannel/list", { token })).result);
    expect(list.map((c) => c.payChannelName)).toEqual(["SANDBOX_UPI"]);
    await runAdmin(["pay-channel", "enable", "SANDBOX_BANK"], core.deps.db, () => {});
    await runAdmin(["wallet-config", "set", "CASH", "openRecharge", "false"], core.deps.db, () => {});
    try {
      expect(await recharge(token, { amount: "100", payChannelName: "SANDBOX_UPI" })).toMatchObject({
        code: 400,
        message: "Cash recharge is closed at the moment",
      });
    } finally {
      await runAdmin(["wallet-config", "set", "CASH", "openRecharge", "true"], core.deps.db, () => {});
    }
    expect((await recharge(token, { amount: "100", payChannelName: "SANDBOX_BANK" })).code).toBe(200);
  });

  it("credits the order once when the sandbox's Pay is clicked, and records it to the cent", async () => {
    const { token, userId } = await registerPlayer(core);
    const made = await order(token, "150.25");
    expect(made).toMatchObject({ amount: 150.25, status: "PENDING", payChannelName: "SANDBOX_UPI" });
    expect(made.payUrl).toMatch(/^\/pay\/sandbox\/R\d{8}[0-9A-F]{12}\?t=[0-9a-f]{32}$/);
    const view = await call(core, "/app/recharge/sandbox/order", {
      method: "GET",
      params: { id: made.id, t: made.t },
    });
    expect(view.result).toMatchObject({
      id: made.id,
      amount: 150.25,
      status: "PENDING",
      showName: "UPI (sandbox)",
    });
    expect(await chip(userId)).toBe(0);
    const pending = cashRechargePageSchema.parse(
      (await call(core, "/app/user/recharge/page", { token })).result,
    );
    expect(pending.content[0]).toMatchObject({ id: made.id, status: "PENDING", payUrl: made.payUrl });
    const paid = await call(core, "/app/recharge/sandbox/decide", {
      method: "POST",
      params: { id: made.id, t: made.t, action: "pay" },
    });
    expect(paid.result).toMatchObject({ status: "SUCCESS" });
    expect(await chip(userId)).toBe(15025);
    const again = await call(core, "/app/recharge/sandbox/decide", {
      method: "POST",
      params: { id: made.id, t: made.t, action: "pay" },
    });
    expect(again).toMatchObject({ code: 409, message: "This payment is already closed" });
    const page = cashRechargePageSchema.parse(
      (await call(core, "/app/user/recharge/page", { token })).result,
    );
    expect(page.content[0]).toMatchObject({
      id: made.id,
      amount: 150.25,
      status: "SUCCESS",
      currency: "CASH",
    });
    expect(page.content[0].txHash).toMatch(/^SBX[0-9A-F]{16}$/);
    expect(page.content[0].payUrl).toBeNull();
    const entries = await core.deps.db.query<{ kind: string; amount: number; counter_account: string }>(
      "SELECT kind, amount, counter_account FROM ledger_entries WHERE ref_id = $1",
      [made.id],
    );
    expect(entries).toEqual([{ kind: "RECHARGE", amount: 15025, counter_account: "DEPOSITS_CASH" }]);
  });

  it("sends the sandbox's signed callback to the core itself, whatever host the Pay request names", async () => {
    const { token, userId } = await registerPlayer(core);
    const made = await order(token, "120.00");
    const elsewhere: string[] = [];
    const trap = createServer((req, res) => {
      elsewhere.push(`${req.method} ${req.url}`);
      res.writeHead(200).end("success");
    });
    await new Promise<void>((ready) => trap.listen(0, "127.0.0.1", ready));
    try {
      const body = JSON.stringify({ id: made.id, t: made.t, action: "pay" });
      const answer = await new Promise<{ status: number; text: string }>((done, fail) => {
        const req = request(
          `${core.url}/app/recharge/sandbox/decide`,
          {
            method: "POST",
            headers: {
              host: `127.0.0.1:${(trap.address() as AddressInfo).port}`,
              "content-type": "application/json",
            },
          },
          (res) => {
            let text = "";
            res.on("data", (chunk) => {
              text += chunk;
            });
            res.on("end", () => done({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on("error", fail);
        req.end(body);
      });
      expect(elsewhere).toEqual([]);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 200, result: { status: "SUCCESS" } });
      expect(await chip(userId)).toBe(12_000);
    } finally {
      await new Promise((closed) => trap.close(closed));
    }
  });

  it("refuses the sandbox page with a wrong token, as if the order did not exist", async () => {
    const { token } = await registerPlayer(core);
    const made = await order(token);
    const forged = await call(core, "/app/recharge/sandbox/decide", {
      method: "POST",
      params: { id: made.id, t: "0".repeat(32), action: "pay" },
    });
    expect(forged).toMatchObject({ code: 404, message: "This payment does not exist" });
    const odd = await call(core, "/app/recharge/sandbox/order", {
      method: "GET",
      params: { id: made.id, t: "é".repeat(32) },
    });
    expect(odd).toMatchObject({ code: 404, message: "This payment does not exist" });
    // Input the schema refuses is named by its field, in words (parseInput's messages), never zod's.
    for (const [params, message] of [
      [{ id: made.id, t: "" }, "t is required"],
      [{ id: made.id }, "t is required"],
      [{ id: "R".repeat(41), t: made.t }, "id must be at most 40 characters"],
    ] as const) {
      const refused = await call(core, "/app/recharge/sandbox/order", { method: "GET", params });
      expect(refused).toMatchObject({ code: 400, message });
    }
  });

  it("marks the order FAILED on Cancel, and credits nothing", async () => {
    const { token, userId } = await registerPlayer(core);
    const made = await order(token);
    const cancelled = await call(core, "/app/recharge/sandbox/decide", {
      method: "POST",
      params: { id: made.id, t: made.t, action: "cancel" },
    });
    expect(cancelled.result).toMatchObject({ status: "FAILED" });
    expect(await chip(userId)).toBe(0);
  });

  it("refuses and logs forged and tampered callbacks, changing nothing", async () => {
    const { token, userId } = await registerPlayer(core);
    const made = await order(token, "200.00");
    const genuine = await signedCallback(made.id, "200.00");
    // Signed with another secret.
    const forgedSignature = signSandbox("not-the-secret-not-the-secret-123", genuine.body);
    expect(
      (await notify(genuine.body, { ...genuine.headers, [SANDBOX_SIGNATURE_HEADER]: forgedSignature }))
        .status,
    ).toBe(400);
    // The genuine signature on a changed amount.
    const tampered = genuine.body.replace('"200.00"', '"20000.00"');
    expect((await notify(tampered, genuine.headers)).status).toBe(400);
    // No signature at all.
    expect((await notify(genuine.body, { "content-type": "application/json" })).status).toBe(400);
    // Validly signed, but for an amount that is not the order's.
    const wrongAmount = await signedCallback(made.id, "199.99");
    expect((await notify(wrongAmount.body, wrongAmount.headers)).status).toBe(400);
    // Validly signed, for no order.
    const noOrder = await signedCallback("R20260101DEADBEEF0000", "200.00");
    expect((await notify(noOrder.body, noOrder.headers)).status).toBe(400);
    expect(await chip(userId)).toBe(0);
    const refusals = core
      .logLines()
      .filter((l) => l.msg === "recharge callback refused")
      .map((l) => l.reason);
    expect(refusals).toEqual(
      expect.arrayContaining(["bad signature", "amount differs from the order", "unknown order"]),
    );
    expect((await notify(genuine.body, genuine.headers)).status).toBe(200);
    expect(await chip(userId)).toBe(20000);
  });

  it("credits once when the same verified callback arrives 20 times in parallel, and again later", async () => {
    const { token, userId } = await registerPlayer(core);
    const made = await order(token, "333.33");
    const callback = await signedCallback(made.id, "333.33");
    const statuses = await Promise.all(
      Array.from({ length: 20 }, () => notify(callback.body, callback.headers).then((r) => r.status)),
    );
    expect(statuses).toEqual(Array(20).fill(200));
    expect((await notify(callback.body, callback.headers)).status).toBe(200);
    expect(await chip(userId)).toBe(33333);
    const [{ n }] = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE ref_id = $1",
      [made.id],
    );
    expect(n).toBe(1);
  });

  it("answers the first order for a repeated idempotency key and refuses the key for another amount", async () => {
    const { token } = await registerPlayer(core);
    const key = `k-${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => recharge(token, { amount: "120", payChannelName: "SANDBOX_UPI" }, key)),
    );
    const ids = new Set(answers.map((a) => (a.result as { id: string }).id));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(ids.size).toBe(1);
    expect(await recharge(token, { amount: "121", payChannelName: "SANDBOX_UPI" }, key)).toMatchObject({
      code: 409,
    });
    const page = cashRechargePageSchema.parse(
      (await call(core, "/app/user/recharge/page", { token })).result,
    );
    expect(page.totalElements).toBe(1);
  });

  it("expires orders left PENDING for 30 minutes; the sandbox page then refuses to pay", async () => {
    const { token, userId } = await registerPlayer(core);
    const made = await order(token);
    expect(await expireOrders(core.deps.db, core.deps.now() + 29 * 60_000)).toBe(0);
    core.advance(30 * 60_000 + 1000);
    const paid = await call(core, "/app/recharge/sandbox/decide", {
      method: "POST",
      params: { id: made.id, t: made.t, action: "pay" },
    });
    expect(paid).toMatchObject({ code: 409, message: "This payment has expired" });
    // The background job does it on start (then every minute); stopping waits for its pass.
    const stop = await rechargeExpiryJob.start(core.deps);
    await stop();
    expect(await expireOrders(core.deps.db, core.deps.now())).toBe(0);
    // (The player's sign-in has idled out meanwhile: the pay page's own view tells the status.)
    const view = await call(core, "/app/recharge/sandbox/order", {
      method: "GET",
      params: { id: made.id, t: made.t },
    });
    expect(view.result).toMatchObject({ id: made.id, status: "EXPIRED" });
    expect(await chip(userId)).toBe(0);
  });

  it("shows an order past its 30 minutes as expired, without its pay link, before the job marks it", async () => {
    const { token, userId } = await registerPlayer(core);
    await order(token);
    const newest = async () =>
      (await cashRechargePage(core.deps, userId, { pageNo: 1, pageSize: 1 })).content[0];
    expect(await newest()).toMatchObject({
      status: "PENDING",
      payUrl: expect.stringContaining("/pay/sandbox/"),
    });
    core.advance(30 * 60_000 + 1000);
    expect(await newest()).toMatchObject({ status: "EXPIRED", payUrl: null });
  });

  it("pages the records newest first with totalElements and pageNo", async () => {
    const { token } = await registerPlayer(core);
    for (const amount of ["100", "101", "102"]) await order(token, amount);
    const page = cashRechargePageSchema.parse(
      (await call(core, "/app/user/recharge/page", { token, params: { pageNo: 2, pageSize: 2 } })).result,
    );
    expect(page).toMatchObject({ totalElements: 3, pageNo: 2, pageSize: 2 });
    expect(page.content.map((r) => r.amount)).toEqual([100]);
  });

  it("lets an operator add, rename and disable a channel over the API, each audited", async () => {
    const post = (path: string, body: Record<string, string>) => operatorCall(core, path, "POST", body);
    const name = `OP_${Date.now()}`;
    expect(
      (await post("/recharge/channels", { payChannelName: name, showName: "Paytm", sort: "9" })).code,
    ).toBe(200);
    expect((await post("/recharge/channels", { payChannelName: name, showName: "Again" })).code).toBe(400);
    expect((await post("/recharge/channels", { payChannelName: "bad name!", showName: "x" })).code).toBe(400);
    expect(
      (await post("/recharge/channels/edit", { payChannelName: name, showName: "Paytm Wallet" })).code,
    ).toBe(200);
    expect((await post("/recharge/channels/edit", { payChannelName: name, enabled: "false" })).code).toBe(
      200,
    );
    expect((await post("/recharge/channels/edit", { payChannelName: "NOPE", enabled: "false" })).code).toBe(
      400,
    );
    expect(await auditActions(core.deps.db, name)).toEqual(ADDED_THEN_EDITED_TWICE);
    const anonymous = await fetch(`${core.url}/operator/recharge/channels`);
    expect((await anonymous.json()).code).toBe(401);
  });
});

describeOnEachDatabase("pay channels in the CLI", (core) => {
  it("adds, renames, reorders and disables a channel, each audited, and refuses a bad use", async () => {
    const lines: string[] = [];
    const out = (l: string) => lines.push(l);
    const name = `CLI_${Date.now()}`;
    await runAdmin(["pay-channel", "add", name, "Bank transfer", "--sort", "5"], core.deps.db, out);
    await runAdmin(
      ["pay-channel", "edit", name, "--show-name", "IMPS transfer", "--sort", "0"],
      core.deps.db,
      out,
    );
    await runAdmin(["pay-channel", "disable", name], core.deps.db, out);
    await runAdmin(["pay-channel", "list"], core.deps.db, out);
    expect(lines).toContain(`${name}: enabled changed`);
    expect(lines.find((l) => l.startsWith(`${name}\t`))).toBe(
      `${name}\tIMPS transfer\tsandbox\tsort 0\tdisabled`,
    );
    await expect(runAdmin(["pay-channel", "add", name, "Again"], core.deps.db, out)).rejects.toThrow(
      /already exists/,
    );
    await expect(
      runAdmin(["pay-channel", "add", "X1", "Name", "--provider", "nope"], core.deps.db, out),
    ).rejects.toThrow(/provider/);
    await expect(runAdmin(["pay-channel", "frobnicate"], core.deps.db, out)).rejects.toThrow(/Usage/);
    expect(await auditActions(core.deps.db, name)).toEqual(ADDED_THEN_EDITED_TWICE);
  });
});
