import { runAdmin } from "../../../core/src/admin";
import { verifyPassword } from "../../../core/src/auth/passwords";
import { writeAudit } from "../../../core/src/operator/audit";
import { DEV_OPERATOR_PASSWORD, loadConfig } from "../../../core/src/platform/config";
import { Refusal } from "../../../core/src/platform/http";
import { startCore } from "../../../core/src/start";
import { describeOnEachDatabase, freshIp, operatorCall } from "../../support/core";
import { PRODUCTION_ENV, PRODUCTION_KEYS } from "../../support/production";

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

  it("answers every domain's refusal of an edit with its message and 400 (a review: its own code), writing nothing", async () => {
    const auditBefore = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM operator_audit",
    );
    // Each domain's own words, so that each row is refused by its domain's rule, not by a parser.
    const refused: Array<[string, Record<string, string>, RegExp]> = [
      ["/bloggers/settings", { dividendPercent: "101" }, /^dividendPercent must be at most 100$/],
      [
        "/exchange/pairs",
        { fromCoin: "CHIP", toCoin: "GOLD", feeRate: "51" },
        /^feeRate: a percent from 0 to 50$/,
      ],
      ["/exchange/points", { pointsPer100: "101" }, /^pointsPer100: points per 100 staked/],
      ["/jackpot/settings", { winners: "0" }, /^winners must be a whole number from 1 to 100$/],
      ["/lobby/games", { channel: "", name: "x", launchUrl: "https://x.example" }, /^channel must be a name/],
      ["/lobby/games/enabled", { id: "999999", enabled: "1" }, /^No game 999999$/],
      ["/recharge/channels", { payChannelName: "bad name!", showName: "Bank" }, /^payChannelName: 1 to 40/],
      [
        "/recharge/channels/edit",
        { payChannelName: "no-such-channel", showName: "x" },
        /^No channel no-such-channel$/,
      ],
      [
        "/recharge/deposit",
        { network: "ETH", address: "a", tx: "t", amount: "1", confirmations: "1" },
        /^network must be TRC20 or BEP20$/,
      ],
      [
        "/staking/plans",
        { name: "P", termDays: "0", dailyRate: "0.5", minAmount: "1", maxAmount: "2" },
        /^termDays: 1 to 3650$/,
      ],
      ["/staking/plans", { id: "1", name: "x".repeat(41) }, /^name: 1 to 40 characters$/],
      ["/staking/plans", { id: "1", minAmount: "0" }, /^minAmount: an amount such as 100 or 99\.50$/],
      ["/team/settings", { nope: "1" }, /^Unknown setting nope/],
      ["/team/tasks", { id: "999999", enabled: "true" }, /^No task 999999$/],
      ["/team/tasks", { id: "1", name: "<b>" }, /^name: 1 to 60 characters$/],
      ["/team/tasks", { id: "1", gift: "2.505" }, /^gift: an amount such as 100 or 2\.50$/],
      ["/wallet/config", { currency: "CASH", nope: "1" }, /^Unknown field nope/],
    ];
    for (const [path, body, message] of refused) {
      const answer = await operatorCall(core, path, "POST", body);
      expect(answer, path).toMatchObject({ code: 400, result: null });
      expect(answer.message, path).toMatch(message);
    }
    const missing = await operatorCall(core, "/withdrawals/999999999/approve", "POST", {});
    expect(missing).toMatchObject({ code: 404, message: "Withdrawal 999999999 does not exist" });
    const auditAfter = await core.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM operator_audit",
    );
    expect(auditAfter[0].n).toBe(auditBefore[0].n);
  });

  it("the admin CLI refuses the same edits with the same words (it prints them and exits with 2)", async () => {
    const run = (argv: string[]) => runAdmin(argv, core.deps.db, () => {});
    await expect(
      run(["level", "set", "--coin", "CHIP", "--level", "1", "--name", " "]),
    ).rejects.toBeInstanceOf(Refusal);
    await expect(run(["payout", "set", "--number", "1000"])).rejects.toBeInstanceOf(Refusal);
    await expect(run(["payout", "set", "--number", "1000"])).rejects.toThrow(/RTP|return|ceiling|pays/i);
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

  it("production refuses to start with an operator whose password is the public development one", async () => {
    const production = { ...PRODUCTION_ENV, DEMO_SEED: "0" };
    const lines: string[] = [];
    await runAdmin(["operator", "hash", DEV_OPERATOR_PASSWORD], null as never, (l) => lines.push(l));
    const start = (operators: string) =>
      startCore({ env: { ...production, OPERATORS: operators }, config: { port: 0, dataDir: "memory://" } });
    await expect(start(`alice:${lines[0]}`)).rejects.toThrow(
      "OPERATORS: alice has the public development password; hash your own with admin operator hash",
    );
    // Among others too; outside production it is the default.
    lines.length = 0;
    await runAdmin(["operator", "hash", "a-long-operator-password"], null as never, (l) => lines.push(l));
    const own = `bob:${lines[0]}`;
    await runAdmin(["operator", "hash", DEV_OPERATOR_PASSWORD], null as never, (l) => lines.push(l));
    await expect(start(`${own},carol:${lines[1]}`)).rejects.toThrow(
      /carol has the public development password/,
    );
    const running = await start(own);
    await running.close();
  });
});
