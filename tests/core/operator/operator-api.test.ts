import { runAdmin } from "../../../core/src/admin";
import { verifyPassword } from "../../../core/src/auth/passwords";
import { writeAudit } from "../../../core/src/operator/audit";
import { DEV_OPERATOR_PASSWORD, loadConfig } from "../../../core/src/platform/config";
import { describeOnEachDatabase, freshIp } from "../../support/core";
import { PRODUCTION_KEYS } from "../../support/production";

function basic(name: string, password: string) {
  return `Basic ${Buffer.from(`${name}:${password}`).toString("base64")}`;
}

describeOnEachDatabase("operator API", (core) => {
  async function get(path: string, headers: Record<string, string>) {
    const response = await fetch(`${core.url}/operator${path}`, { headers });
    return (await response.json()) as { code: number; message: string; result: unknown };
  }

  it("refuses a request without credentials or with wrong ones, without saying which part was wrong", async () => {
    const ip = freshIp();
    const none = await get("/ledger/check", { "x-forwarded-for": ip });
    expect(none).toMatchObject({ code: 401, message: "Operator credentials required" });
    const wrongPassword = await get("/ledger/check", {
      authorization: basic("operator", "not-the-password"),
      "x-forwarded-for": ip,
    });
    const unknownName = await get("/ledger/check", {
      authorization: basic("nobody", DEV_OPERATOR_PASSWORD),
      "x-forwarded-for": ip,
    });
    expect({ ...wrongPassword, timestamp: 0 }).toEqual({ ...unknownName, timestamp: 0 });
    expect(wrongPassword.code).toBe(401);
  });

  it("answers the ledger check and the audit log to the development operator", async () => {
    const check = await get("/ledger/check", { authorization: basic("operator", DEV_OPERATOR_PASSWORD) });
    expect(check.code).toBe(200);
    expect(check.result).toMatchObject({ ok: true, problems: [] });
    await core.deps.db.tx((tx) =>
      writeAudit(tx, {
        operator: "operator",
        action: "test.action",
        target: "t1",
        detail: { why: "a test" },
      }),
    );
    const audit = await get("/audit?limit=5", { authorization: basic("operator", DEV_OPERATOR_PASSWORD) });
    expect((audit.result as { action: string; detail: unknown }[])[0]).toMatchObject({
      operator: "operator",
      action: "test.action",
      target: "t1",
      detail: { why: "a test" },
    });
  });

  it("stops answering an address after ten failed sign-ins, even the right password", async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      await get("/ledger/check", { authorization: basic("operator", `wrong-${i}`), "x-forwarded-for": ip });
    }
    const locked = await get("/ledger/check", {
      authorization: basic("operator", DEV_OPERATOR_PASSWORD),
      "x-forwarded-for": ip,
    });
    expect(locked.code).toBe(429);
  });
});

describe("operator credentials", () => {
  it("production has no default operator; OPERATORS names each with a hash from `admin operator hash`", async () => {
    const production = {
      NODE_ENV: "production",
      ...PRODUCTION_KEYS,
      DEMO_SEED: "0",
      SMS_ALLOW_LOG_PROVIDER: "1",
    };
    expect(loadConfig(production).operators).toEqual({});
    expect(Object.keys(loadConfig({ NODE_ENV: "development" }).operators)).toEqual(["operator"]);
    const lines: string[] = [];
    await runAdmin(["operator", "hash", "a-long-operator-password"], null as never, (l) => lines.push(l));
    const config = loadConfig({ ...production, OPERATORS: `alice:${lines[0]}` });
    expect(Object.keys(config.operators)).toEqual(["alice"]);
    expect(await verifyPassword("a-long-operator-password", config.operators.alice)).toBe(true);
    expect(() => loadConfig({ ...production, OPERATORS: "alice:plaintext" })).toThrow(/OPERATORS must be/);
    await expect(runAdmin(["operator", "hash", "short"], null as never)).rejects.toThrow(/at least 12/);
  });
});
