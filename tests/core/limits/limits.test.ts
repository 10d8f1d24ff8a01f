/**
 * Issue 9, player protection, the core's side: every control is enforced by the core, so a
 * client driving the API directly is held to it exactly like the page.
 */
import { expect, it } from "vitest";
import { betRefusalSchema, gameSessionSchema } from "#contract/game";
import { limitRefusalSchema, limitsStatusSchema, realitySchema, statementSchema } from "#contract/limits";
import { gameConfigListSchema } from "#contract/lobby";
import { runAdmin } from "../../../core/src/admin";
import { listAudit } from "../../../core/src/operator/audit";
import { DEV_OPERATOR_PASSWORD } from "../../../core/src/platform/config";
import { type TestCore, call, describeOnEachDatabase, registerPlayer, signIn } from "../../support/core";
import { PAY_PASSWORD, addCard, payer } from "../withdrawal/helpers";

const operator = `Basic ${Buffer.from(`operator:${DEV_OPERATOR_PASSWORD}`).toString("base64")}`;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Asia/Kolkata is UTC+5:30 all year. */
const IST = 5.5 * HOUR;
/** The next midnight in Kolkata after `ms`. */
const nextIstMidnight = (ms: number) => Math.floor((ms + IST) / DAY) * DAY + DAY - IST;

async function status(core: TestCore, token: string) {
  const res = await call(core, "/app/limits/status", { method: "GET", token });
  expect(res.code, res.message).toBe(200);
  return limitsStatusSchema.parse(res.result);
}

/** Moves the core's clock to 20 s into a fresh minute (a round open for 35 s more). */
function freshRound(core: TestCore) {
  const now = core.deps.now();
  const into = now % 60_000;
  if (into > 20_000) core.advance(60_000 - into + 1_000);
}

/** One bet of `amount` (a multiple of 10) on Red in the current level-1 CHIP round. */
async function bet(core: TestCore, token: string, amount = 10, key?: string) {
  const res = await call(core, "/app/game/luckyLottery/getSession", {
    method: "GET",
    params: { level: 1, coin: "CHIP" },
  });
  const round = gameSessionSchema.parse(res.result);
  const answer = await call(core, "/app/game/luckyLottery/betting", {
    token,
    params: {
      gameSessionId: round.id,
      level: 1,
      coin: "CHIP",
      betName: "Red",
      baseAmount: 10,
      betMultiples: amount / 10,
      totalBetAmount: amount,
    },
    headers: key ? { "idempotency-key": key } : {},
  });
  if (answer.code !== 200 && !answer.result) throw new Error(`${answer.code} ${answer.message}`);
  return { ...answer, why: answer.code === 200 ? null : betRefusalSchema.parse(answer.result) };
}

/** Signs in again (a clock moved past the idle time ends the session). */
async function login(core: TestCore, phone: string, password: string) {
  const res = await signIn(core, phone, password);
  expect(res.code, res.message).toBe(200);
  return res.result.token;
}

const setLimit = (core: TestCore, token: string, kind: string, period: string, amount: string) =>
  call<{ outcome: string; effectiveAt: number }>(core, "/app/limits/set", {
    token,
    params: { kind, period, amount },
  });

describeOnEachDatabase("player protection", (core) => {
  it("a daily loss limit refuses the bet that would pass it, saying which limit, what is left and when it resets", async () => {
    const { token } = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    freshRound(core);
    expect((await setLimit(core, token, "LOSS", "DAY", "45")).result).toMatchObject({ outcome: "APPLIED" });
    for (let i = 0; i < 4; i++) expect((await bet(core, token)).code).toBe(200);
    const refused = await bet(core, token);
    expect(refused.code).toBe(400);
    expect(refused.why).toEqual({
      reason: "LOSS_LIMIT",
      period: "DAY",
      limit: 45,
      left: 5,
      resetsAt: nextIstMidnight(core.deps.now()),
    });
    expect(refused.message).toMatch(/daily loss limit of 45\.00: 5\.00 left until/);
    const s = await status(core, token);
    expect(s.limits.find((l) => l.kind === "LOSS" && l.period === "DAY")).toMatchObject({
      amount: 45,
      used: 40,
    });
    expect(s.session.netLoss).toBe(40);
  });

  it("the day follows the configured time zone (Asia/Kolkata): the limit resets at its midnight, not UTC's", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    let token = player.token;
    await setLimit(core, token, "LOSS", "DAY", "20");
    freshRound(core);
    expect((await bet(core, token, 20)).code).toBe(200);
    expect((await bet(core, token)).why?.reason).toBe("LOSS_LIMIT");
    // A minute after Kolkata's midnight (18:31 UTC): a new day for the limit.
    const midnight = nextIstMidnight(core.deps.now());
    core.advance(midnight - core.deps.now() + 10_000);
    expect(new Date(core.deps.now()).getUTCHours()).toBe(18);
    token = await login(core, player.phone, player.password);
    expect((await bet(core, token, 20)).code).toBe(200);
    expect((await bet(core, token)).why).toMatchObject({ reason: "LOSS_LIMIT", left: 0 });
  });

  it("a decrease applies at once; an increase waits for the cooling period and then the player's confirmation", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    let token = player.token;
    await setLimit(core, token, "LOSS", "WEEK", "100");
    expect((await setLimit(core, token, "LOSS", "WEEK", "60")).result).toMatchObject({ outcome: "APPLIED" });
    const raised = await setLimit(core, token, "LOSS", "WEEK", "500");
    expect(raised.result.outcome).toBe("PENDING");
    expect(Math.abs(raised.result.effectiveAt - (core.deps.now() + DAY))).toBeLessThan(5_000);
    let week = (await status(core, token)).limits.find((l) => l.kind === "LOSS" && l.period === "WEEK");
    expect(week).toMatchObject({ amount: 60, pending: { amount: 500, confirmable: false } });
    const early = await call(core, "/app/limits/confirm", {
      token,
      params: { kind: "LOSS", period: "WEEK" },
    });
    expect(early.code).toBe(400);
    core.advance(DAY + 1_000);
    token = await login(core, player.phone, player.password);
    week = (await status(core, token)).limits.find((l) => l.kind === "LOSS" && l.period === "WEEK");
    // Still the old limit until the player confirms.
    expect(week).toMatchObject({ amount: 60, pending: { amount: 500, confirmable: true } });
    freshRound(core);
    expect((await bet(core, token, 70)).why?.reason).toBe("LOSS_LIMIT");
    const confirmed = await call(core, "/app/limits/confirm", {
      token,
      params: { kind: "LOSS", period: "WEEK" },
    });
    expect(confirmed.code).toBe(200);
    expect((await bet(core, token, 70)).code).toBe(200);
    // A removal also waits.
    expect((await setLimit(core, token, "LOSS", "WEEK", "")).result).toMatchObject({ outcome: "PENDING" });
    week = (await status(core, token)).limits.find((l) => l.kind === "LOSS" && l.period === "WEEK");
    expect(week).toMatchObject({ amount: 500, pending: { amount: null } });
  });

  it("100 parallel bets against a loss limit end at the limit, never over", async () => {
    const { token, userId } = await registerPlayer(core, { balances: { CHIP: 500_000 } });
    await setLimit(core, token, "LOSS", "DAY", "305");
    freshRound(core);
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => bet(core, token, 10, `parallel-${userId}-${i}`)),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(30);
    expect(answers.filter((a) => a.why?.reason === "LOSS_LIMIT")).toHaveLength(70);
    const day = (await status(core, token)).limits.find((l) => l.kind === "LOSS" && l.period === "DAY");
    expect(day?.used).toBe(300);
  });

  it("a deposit limit refuses the recharge order that would pass it (pending orders count)", async () => {
    const { token } = await registerPlayer(core);
    await setLimit(core, token, "DEPOSIT", "DAY", "250");
    const first = await call(core, "/app/user/recharge/recharge", {
      token,
      params: { amount: "150", payChannelName: "SANDBOX_UPI" },
    });
    expect(first.code, first.message).toBe(200);
    const second = await call(core, "/app/user/recharge/recharge", {
      token,
      params: { amount: "101", payChannelName: "SANDBOX_UPI" },
    });
    expect(second.code).toBe(400);
    expect(limitRefusalSchema.parse(second.result)).toMatchObject({
      reason: "DEPOSIT_LIMIT",
      period: "DAY",
      limit: 250,
      left: 100,
    });
    const third = await call(core, "/app/user/recharge/recharge", {
      token,
      params: { amount: "100", payChannelName: "SANDBOX_UPI" },
    });
    expect(third.code).toBe(200);
  });

  it("a time-out needs the password; during it no bet, recharge, limit change or new block, and it ends on time", async () => {
    const player = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const { password } = player;
    let token = player.token;
    const wrong = await call(core, "/app/limits/block", {
      token,
      params: { kind: "TIMEOUT", length: "24h", password: "not-it" },
    });
    expect(wrong).toMatchObject({ code: 400, message: "The password is not correct" });
    const bad = await call(core, "/app/limits/block", {
      token,
      params: { kind: "TIMEOUT", length: "6m", password },
    });
    expect(bad.code).toBe(400);
    const started = await call<{ until: number }>(core, "/app/limits/block", {
      token,
      params: { kind: "TIMEOUT", length: "24h", password },
    });
    expect(started.code).toBe(200);
    const until = started.result.until;
    expect(Math.abs(until - (core.deps.now() + DAY))).toBeLessThan(5_000);

    freshRound(core);
    const refused = await bet(core, token);
    expect(refused.code).toBe(403);
    expect(refused.why).toEqual({ reason: "EXCLUDED", block: "TIMEOUT", until });
    const recharge = await call(core, "/app/user/recharge/recharge", {
      token,
      params: { amount: "150", payChannelName: "SANDBOX_UPI" },
    });
    expect(recharge.code).toBe(403);
    expect(limitRefusalSchema.parse(recharge.result)).toMatchObject({ reason: "EXCLUDED", until });
    const address = await call(core, "/app/wallet/getRecharge", {
      method: "GET",
      token,
      params: { walletType: "TRC20" },
    });
    expect(address.code).toBe(403);
    expect((await setLimit(core, token, "LOSS", "DAY", "10")).code).toBe(403);
    const again = await call(core, "/app/limits/block", {
      token,
      params: { kind: "EXCLUSION", length: "6m", password },
    });
    expect(again.code).toBe(403);
    // Reading records and the limits still works.
    expect((await status(core, token)).block).toMatchObject({ kind: "TIMEOUT", until });
    const records = await call(core, "/app/user/assetRecord/page", {
      token,
      params: { pageNo: 1, pageSize: 10 },
    });
    expect(records.code).not.toBe(403);

    core.advance(DAY + 1_000);
    token = await login(core, player.phone, password);
    freshRound(core);
    expect((await bet(core, token)).code).toBe(200);
  });

  it("during a self-exclusion no money moves but out: no exchange, stake, point claim or external game, each saying until when", async () => {
    const { token, password } = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    // Points earned before the break (1 point per 100 staked): claimable, but not during it.
    freshRound(core);
    expect((await bet(core, token, 500)).code).toBe(200);
    const blocked = await call<{ until: number }>(core, "/app/limits/block", {
      token,
      params: { kind: "EXCLUSION", length: "6m", password },
    });
    expect(blocked.code).toBe(200);
    const { until } = blocked.result;
    const refusedUntil = (answer: { code: number; result: unknown }) => {
      expect(answer.code).toBe(403);
      expect(limitRefusalSchema.parse(answer.result)).toEqual({
        reason: "EXCLUDED",
        block: "EXCLUSION",
        until,
      });
    };
    refusedUntil(
      await call(core, "/app/user/account/exchange", {
        token,
        params: { fromCoin: "CHIP", toCoin: "GOLD", amount: "100" },
      }),
    );
    refusedUntil(
      await call(core, "/app/user/pledge/pledge", { token, params: { configId: 1, amount: "100" } }),
    );
    refusedUntil(await call(core, "/app/user/account/receivePoint", { token }));
    const games = gameConfigListSchema.parse(
      (await call(core, "/app/game/config/list", { method: "GET" })).result,
    );
    const external = games.find((g) => g.kind === "EXTERNAL");
    refusedUntil(
      await call(core, "/app/games/getGameUrl", { method: "GET", token, params: { gameId: external?.id } }),
    );
    // The lottery's own tile only leads to its rooms (to read; a bet is refused there).
    const lottery = games.find((g) => g.kind === "LOTTERY");
    const rooms = await call(core, "/app/games/getGameUrl", {
      method: "GET",
      token,
      params: { gameId: lottery?.id },
    });
    expect(rooms.code).toBe(200);
    // Nothing moved: the balances are the opening ones less the one bet.
    const user = await call<{ chip: number; gold: number; point: number }>(core, "/app/user/getUserInfo", {
      method: "GET",
      token,
    });
    expect(user.result).toMatchObject({ gold: 0, point: 0 });
    expect(user.result.chip).toBeLessThanOrEqual(995);
  });

  it("during a self-exclusion the player still withdraws (cash, paid at once) and reads the records", async () => {
    const { token, password } = await payer(core, { CHIP: 50_000 });
    const card = await addCard(core, token, "112233445566");
    const blocked = await call(core, "/app/limits/block", {
      token,
      params: { kind: "EXCLUSION", length: "6m", password },
    });
    expect(blocked.code).toBe(200);
    const answer = await call(core, "/app/user/cashWithdrawal/apply", {
      token,
      params: { assetPassword: PAY_PASSWORD, amount: "150", userBankId: card },
    });
    expect(answer.code, answer.message).toBe(200);
    expect(answer.result).toMatchObject({ amount: 150, status: "APPROVED" });
    const page = await call(core, "/app/user/cashWithdrawal/page", {
      token,
      params: { pageNo: 1, pageSize: 10 },
    });
    expect(page.code).toBe(200);
  });

  it("the operator sees a player's limits and block, may only tighten them, and every change is audited", async () => {
    const { token, userId, password } = await registerPlayer(core);
    await setLimit(core, token, "DEPOSIT", "MONTH", "1000");
    await call(core, "/app/limits/block", { token, params: { kind: "EXCLUSION", length: "1y", password } });
    const seen = await call<{
      block: { kind: string } | null;
      limits: { kind: string; period: string; amount: number | null }[];
    }>(core, "/operator/limits/player", {
      method: "GET",
      params: { userId },
      headers: { authorization: operator },
    });
    expect(seen.code).toBe(200);
    expect(seen.result.block?.kind).toBe("EXCLUSION");
    const raise = await call(core, "/operator/limits/player", {
      params: { userId, kind: "DEPOSIT", period: "MONTH", amount: 2000 },
      headers: { authorization: operator },
    });
    expect(raise.code).toBe(403);
    const lift = await call(core, "/operator/limits/player", {
      params: { userId, blockedUntil: 0, kind: "DEPOSIT", period: "MONTH", amount: 10 },
      headers: { authorization: operator },
    });
    expect(lift.code).toBe(403);
    const lower = await call<{ limits: { kind: string; period: string; amount: number | null }[] }>(
      core,
      "/operator/limits/player",
      {
        params: { userId, kind: "DEPOSIT", period: "MONTH", amount: 500 },
        headers: { authorization: operator },
      },
    );
    expect(lower.code).toBe(200);
    expect(lower.result.limits.find((l) => l.kind === "DEPOSIT" && l.period === "MONTH")?.amount).toBe(500);
    const audit = (await listAudit(core.deps.db)).find((a) => a.action === "limits.tighten");
    expect(audit).toMatchObject({
      operator: "operator",
      target: String(userId),
      detail: { kind: "DEPOSIT", period: "MONTH", before: 100_000, after: 50_000 },
    });
    expect((await call(core, "/operator/limits/player", { method: "GET", params: { userId } })).code).toBe(
      401,
    );
  });

  it("a self-excluded player's marketing notices stop; service messages stay", async () => {
    const { token, password } = await registerPlayer(core);
    const title = `Bonus week ${Date.now()}`;
    await runAdmin(
      ["notice", "add", "--title", title, "--content", "Double points", "--marketing"],
      core.deps.db,
      () => {},
    );
    const titles = async () => {
      const res = await call<{ content: { title: string }[] }>(core, "/app/sysMessage/findUserMsgList", {
        method: "GET",
        token,
        params: { pageNo: 1, pageSize: 100 },
      });
      return res.result.content.map((m) => m.title);
    };
    expect(await titles()).toContain(title);
    const before = (await titles()).length;
    await call(core, "/app/limits/block", { token, params: { kind: "EXCLUSION", length: "6m", password } });
    const after = await titles();
    expect(after).not.toContain(title);
    expect(after.length).toBe(before - 1);
  });

  it("the activity statement totals a period; the status tells the previous sign-in", async () => {
    const { token, phone, password } = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    freshRound(core);
    expect((await bet(core, token, 30)).code).toBe(200);
    const today = new Date(Date.now() + IST).toISOString().slice(0, 10);
    const res = await call(core, "/app/limits/statement", {
      method: "GET",
      token,
      params: { from: today, to: today },
    });
    expect(res.code, res.message).toBe(200);
    expect(statementSchema.parse(res.result)).toEqual({
      from: today,
      to: today,
      deposits: 0,
      withdrawals: 0,
      stakes: 30,
      winnings: 0,
      net: -30,
    });
    // Days that do not exist are refused as input, not a server error.
    for (const [from, to] of [
      ["2026-02-30", "2026-03-01"],
      ["2026-11-31", "2026-12-01"],
      ["2026-13-01", "2026-13-02"],
    ]) {
      const impossible = await call(core, "/app/limits/statement", {
        method: "GET",
        token,
        params: { from, to },
      });
      expect(impossible.code, `${from} ${to}`).toBe(400);
      expect(impossible.message).toMatch(/real days/);
    }
    const first = await status(core, token);
    expect(first.previousSignIn).toBeNull();
    core.advance(60_000);
    const second = await status(core, await login(core, phone, password));
    expect(second.previousSignIn).toBe(first.session.startedAt);
    expect(second.session.startedAt).toBeGreaterThan(first.session.startedAt);
  });

  it("the reality check alone: due once the reminder's minutes pass since the sign-in or the last continue, with the net result only then", async () => {
    const { token } = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const reality = async (since = 0) => {
      const res = await call(core, "/app/limits/reality", { method: "GET", token, params: { since } });
      expect(res.code, res.message).toBe(200);
      return realitySchema.parse(res.result);
    };
    const first = await reality();
    expect(first).toMatchObject({ reminderMinutes: 60, due: false, netLoss: null });
    const reminder = await call(core, "/app/limits/reminder", { token, params: { minutes: 15 } });
    expect(reminder.code, reminder.message).toBe(200);
    core.advance(14 * 60_000);
    expect(await reality()).toMatchObject({ reminderMinutes: 15, due: false, netLoss: null });
    core.advance(60_000);
    const due = await reality();
    expect(due).toMatchObject({ startedAt: first.startedAt, due: true });
    expect(due.netLoss).toBe((await status(core, token)).session.netLoss);
    // A "continue" a minute ago puts it off for another 15 minutes.
    expect(await reality(core.deps.now() - 60_000)).toMatchObject({ due: false, netLoss: null });
    const bad = await call(core, "/app/limits/reality", { method: "GET", token, params: { since: "soon" } });
    expect(bad.code).toBe(400);
    expect((await call(core, "/app/limits/reality", { method: "GET" })).code).toBe(401);
  });
});
