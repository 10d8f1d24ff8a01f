import { DEV_OPERATOR_PASSWORD } from "../../../core/src/platform/config";
import { call, describeOnEachDatabase, registerPlayer } from "../../support/core";

const auth = `Basic ${Buffer.from(`operator:${DEV_OPERATOR_PASSWORD}`).toString("base64")}`;

describeOnEachDatabase("operator credit", (core) => {
  const credit = async (body: Record<string, string>, authorization = auth) => {
    const response = await fetch(`${core.url}/operator/users/credit`, {
      method: "POST",
      headers: { authorization, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; message: string; result: { balance: number } };
  };

  it("credits a player through the ledger (ADJUST), audited, and refuses bad amounts, unknown players and strangers", async () => {
    const { phone, token, userId } = await registerPlayer(core);
    const answer = await credit({ phone, coin: "CHIP", amount: "1234.56", memo: "welcome" });
    expect(answer).toMatchObject({ code: 200, result: { balance: 1234.56 } });
    const balance = await call<{ chip: number }>(core, "/app/user/getBalance", { method: "GET", token });
    expect(balance.result.chip).toBe(1234.56);
    const [audit] = await core.deps.db.query<{ action: string; target: string }>(
      "SELECT action, target FROM operator_audit WHERE action = 'user.credit' ORDER BY id DESC LIMIT 1",
    );
    expect(audit).toEqual({ action: "user.credit", target: String(userId) });
    for (const amount of ["-1", "0", "1e3", "1.001", "abc"]) {
      expect((await credit({ phone, coin: "CHIP", amount })).code, amount).toBe(400);
    }
    expect((await credit({ phone: "9999999990", coin: "CHIP", amount: "1" })).code).toBe(404);
    const stranger = await credit({ phone, coin: "CHIP", amount: "1" }, "Basic eDp5");
    expect(stranger.code).toBe(401);
    const after = await call<{ chip: number }>(core, "/app/user/getBalance", { method: "GET", token });
    expect(after.result.chip).toBe(1234.56);
  });
});
