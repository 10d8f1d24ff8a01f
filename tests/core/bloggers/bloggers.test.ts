import { expect, it } from "vitest";
import {
  bloggerDetailSchema,
  bloggerRankSchema,
  dividendsListSchema,
  fansListSchema,
} from "#contract/bloggers";
import type { BetName } from "#contract/game";
import { copyBet, followRecords, payDividendsDue } from "../../../core/src/bloggers/bloggers";
import { placeBet } from "../../../core/src/game/bets";
import { fairnessOf } from "../../../core/src/game/fairness-keys";
import { ensureRound, roundWindow } from "../../../core/src/game/rounds";
import { settleRound } from "../../../core/src/game/settle";
import { voidRound } from "../../../core/src/game/void-rounds";
import { listAudit } from "../../../core/src/operator/audit";
import { ApiError } from "../../../core/src/platform/http";
import {
  adminOutput,
  call,
  credit,
  describeOnEachDatabase,
  operatorCall,
  registerPlayer,
} from "../../support/core";
import { TIMING, stake } from "../game/helpers";

const DAY = 86_400_000;

describeOnEachDatabase("bloggers", (core, database) => {
  const op = (path: string, body: Record<string, string> = {}) => operatorCall(core, path, "POST", body);
  /** The player of `token` follows the player `bloggerId`. */
  const follow = (token: string, bloggerId: number) =>
    call(core, "/app/user/blogger/follow", { token, params: { bloggerId } });
  /** What the player of `token` reads at `path` about the player `bloggerId` (the answer's result). */
  const readAbout = async (path: string, token: string, bloggerId: number) =>
    (await call(core, path, { method: "GET", token, params: { bloggerId } })).result;

  /**
   * The chip room 1's round at `at`, and the bet `player` placed in it a second after its start:
   * `multiple` × 10 chips on `betName`.
   */
  async function betInRoundAt(player: { userId: number }, at: number, betName: BetName, multiple: number) {
    const round = await ensureRound(core.deps.db, "CHIP", 1, roundWindow(at, TIMING));
    const placed = await placeBet(
      core.deps.db,
      player.userId,
      stake(betName, round.id, multiple),
      round.startTime + 1000,
    );
    return { round, placed };
  }

  /** A player who bet `chips` in a settled round long ago (turnover), applied and was approved. */
  // Each blogger's turnover bet gets a round of its own: a round another call already settled
  // would refuse the bet.
  let bloggersMade = 0;
  async function approvedBlogger() {
    const blogger = await registerPlayer(core, { balances: { CHIP: 500_000 } });
    const past = Date.UTC(2029, 0, 1) + (database === "postgres" ? DAY : 0);
    const { round } = await betInRoundAt(blogger, past + bloggersMade++ * 60_000, "Red", 100);
    await settleRound(core.deps.db, round.id, round.endTime);
    expect((await call(core, "/app/user/blogger/apply", { token: blogger.token })).code).toBe(200);
    expect((await op(`/bloggers/${blogger.userId}/approve`)).code).toBe(200);
    return blogger;
  }

  it("lists applications for the operator by status in any case, says when there are none, refuses an unknown status", async () => {
    expect(await adminOutput(core.deps.db, ["blogger", "list", "rejected"])).toBe("no applications REJECTED");
    await expect(adminOutput(core.deps.db, ["blogger", "list", "PENDING"])).rejects.toThrow(/Usage/);
    const p = await registerPlayer(core, { balances: { CHIP: 500_000 } });
    const { round } = await betInRoundAt(
      p,
      Date.UTC(2028, 5, 1) + (database === "postgres" ? DAY : 0),
      "Red",
      100,
    );
    await settleRound(core.deps.db, round.id, round.endTime);
    expect((await call(core, "/app/user/blogger/apply", { token: p.token })).code).toBe(200);
    expect(await adminOutput(core.deps.db, ["blogger", "list"])).toContain(`${p.userId} `);
    await adminOutput(core.deps.db, ["blogger", "reject", String(p.userId), "too", "new"]);
    expect(await adminOutput(core.deps.db, ["blogger", "list", "Rejected"])).toMatch(
      new RegExp(`^${p.userId} \\S+ REJECTED \\(too new\\) applied `),
    );
  });

  it("applies with the operator's minimum turnover; Under Review; rejected with a reason; approved (audited)", async () => {
    const p = await registerPlayer(core, { balances: { CHIP: 500_000 } });
    const refused = await call<{ reason: string }>(core, "/app/user/blogger/apply", { token: p.token });
    expect(refused).toMatchObject({ code: 400, result: { reason: "TURNOVER" } });
    await betInRoundAt(p, Date.UTC(2029, 5, 1) + (database === "postgres" ? DAY : 0), "Red", 100);
    const applied = await call(core, "/app/user/blogger/apply", { token: p.token });
    expect(applied).toMatchObject({ code: 200, message: "Under Review", result: { status: "UNDER_REVIEW" } });
    expect((await op(`/bloggers/${p.userId}/reject`)).code).toBe(400); // a reason is required
    expect((await op(`/bloggers/${p.userId}/reject`, { reason: "Profile incomplete" })).code).toBe(200);
    const status = await call(core, "/app/user/blogger/status", { method: "GET", token: p.token });
    expect(status.result).toMatchObject({ status: "REJECTED", reason: "Profile incomplete" });
    await call(core, "/app/user/blogger/apply", { token: p.token });
    expect((await op(`/bloggers/${p.userId}/approve`)).code).toBe(200);
    expect((await op(`/bloggers/${p.userId}/approve`)).code).toBe(400); // not under review any more
    const audit = await listAudit(core.deps.db, 10);
    expect(audit.filter((a) => a.target === String(p.userId)).map((a) => a.action)).toEqual(
      expect.arrayContaining(["blogger.reject", "blogger.approve"]),
    );
  });

  it("counts the profit and win rate in CHIP only: a won point bet (a hundredth of a rupee a point) does not swell them", async () => {
    const blogger = await approvedBlogger();
    const before = bloggerDetailSchema.parse(
      await readAbout("/app/summary/getBloggerDetail", blogger.token, blogger.userId),
    );
    await credit(core.deps.db, blogger.userId, { POINT: 1_000_000 });
    // Point bets on every outcome of one round: some win, whatever the digit.
    const at = Date.UTC(2029, 2, 1) + (database === "postgres" ? DAY : 0) + bloggersMade * 60_000;
    const round = await ensureRound(core.deps.db, "POINT", 1, roundWindow(at, TIMING));
    for (const name of ["Red", "Green", "Violet", "Big", "Small"] as const) {
      await placeBet(
        core.deps.db,
        blogger.userId,
        { ...stake(name, round.id, 100), coin: "POINT" },
        round.startTime + 1000,
      );
    }
    await settleRound(core.deps.db, round.id, round.endTime);
    const after = bloggerDetailSchema.parse(
      await readAbout("/app/summary/getBloggerDetail", blogger.token, blogger.userId),
    );
    expect(after.recentBets.filter((b) => b.coin === "POINT")).toHaveLength(5);
    expect({ profit: after.profit, winRate: after.winRate }).toEqual({
      profit: before.profit,
      winRate: before.winRate,
    });
  });

  it("follows (not oneself, only bloggers), lists fans with masked phones, unfollows", async () => {
    const blogger = await approvedBlogger();
    const fan = await registerPlayer(core);
    const self = await follow(blogger.token, blogger.userId);
    expect(self).toMatchObject({ code: 400, message: "You cannot follow yourself" });
    expect((await follow(blogger.token, fan.userId)).code).toBe(404);
    expect((await follow(fan.token, blogger.userId)).code).toBe(200);
    const fans = fansListSchema.parse(await readAbout("/app/user/blogger/fans", fan.token, blogger.userId));
    expect(fans.content.map((f) => f.phone)).toEqual([`${fan.phone.slice(0, 2)}****${fan.phone.slice(-4)}`]);
    expect(JSON.stringify(fans)).not.toContain(fan.phone);
    // A player who is not a blogger has no fans list, as no details: 404 NOT_BLOGGER for both.
    for (const path of ["/app/user/blogger/fans", "/app/summary/getBloggerDetail"]) {
      const notBlogger = await call(core, path, {
        method: "GET",
        token: fan.token,
        params: { bloggerId: fan.userId },
      });
      expect(notBlogger, path).toMatchObject({ code: 404, result: { reason: "NOT_BLOGGER" } });
    }
    const detail = bloggerDetailSchema.parse(
      await readAbout("/app/summary/getBloggerDetail", fan.token, blogger.userId),
    );
    expect(detail).toMatchObject({ fans: 1, following: true, self: false, winRate: expect.any(Number) });
    await call(core, "/app/user/blogger/unfollow", {
      token: fan.token,
      params: { bloggerId: blogger.userId },
    });
    const rank = bloggerRankSchema.parse(
      (await call(core, "/app/summary/bloggerRank", { method: "GET" })).result,
    );
    expect(JSON.stringify(rank)).not.toContain(blogger.phone);
    expect(JSON.stringify(rank)).not.toContain(blogger.token);
  });

  it("pages the fans list without repeating or skipping fans who followed in the same millisecond", async () => {
    const blogger = await approvedBlogger();
    const viewer = await registerPlayer(core);
    const tag = String(blogger.userId).padStart(6, "0").slice(-6);
    const fans = await core.deps.db.query<{ id: number; phone: string }>(
      `INSERT INTO users (area_code, phone, password_hash, invitation)
       SELECT '91', '64' || $1 || lpad(g::text, 4, '0'), 'x', 'FT' || $1 || lpad(g::text, 4, '0')
       FROM generate_series(1, 30) g RETURNING id, phone`,
      [tag],
    );
    for (const [i, fan] of fans.entries())
      await core.deps.db.query(
        "INSERT INTO blogger_follows (fan_id, blogger_id, created_at) VALUES ($1, $2, $3)",
        [fan.id, blogger.userId, 1_000 + (i % 3)],
      );
    const seen: string[] = [];
    for (let pageNo = 1; pageNo <= 5; pageNo++) {
      const page = fansListSchema.parse(
        (
          await call(core, "/app/user/blogger/fans", {
            method: "GET",
            token: viewer.token,
            params: { bloggerId: blogger.userId, pageNo, pageSize: 7 },
          })
        ).result,
      );
      expect(page.totalElements).toBe(30);
      seen.push(...page.content.map((f) => f.phone));
    }
    expect(seen.sort()).toEqual(fans.map((f) => `${f.phone.slice(0, 2)}****${f.phone.slice(-4)}`).sort());
  });

  it("never keeps a copied bet without its link: a link that cannot be written takes nothing", async () => {
    const blogger = await approvedBlogger();
    const fan = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const at = Date.UTC(2031, 0, 1) + (database === "postgres" ? DAY : 0);
    const { round, placed: source } = await betInRoundAt(blogger, at, "Red", 10);
    const chips = async () =>
      (await call<{ chip: number }>(core, "/app/user/getBalance", { method: "GET", token: fan.token })).result
        .chip;
    const fansBets = async () =>
      (
        await core.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM bets WHERE user_id = $1", [
          fan.userId,
        ])
      )[0].n;
    // The link's insert fails (as a crash between the two writes would leave it unwritten).
    await core.deps.db.query(`CREATE FUNCTION refuse_copy() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'link refused'; END $$`);
    await core.deps.db.query(
      "CREATE TRIGGER refuse_copy BEFORE INSERT ON blogger_copies FOR EACH ROW EXECUTE FUNCTION refuse_copy()",
    );
    try {
      await expect(
        copyBet(core.deps.db, fan.userId, blogger.userId, source.bet.id, round.startTime + 2000),
      ).rejects.toThrow("link refused");
      expect(await chips()).toBe(1000);
      expect(await fansBets()).toBe(0);
    } finally {
      await core.deps.db.query("DROP TRIGGER refuse_copy ON blogger_copies");
      await core.deps.db.query("DROP FUNCTION refuse_copy()");
    }
    // The same copy, tried again, goes through with its link.
    const copied = await copyBet(
      core.deps.db,
      fan.userId,
      blogger.userId,
      source.bet.id,
      round.startTime + 3000,
    );
    expect(copied.repeated).toBe(false);
    expect(await chips()).toBe(900);
    const links = await core.deps.db.query<{ bet_id: number }>(
      "SELECT bet_id FROM blogger_copies WHERE fan_id = $1",
      [fan.userId],
    );
    expect(links.map((l) => Number(l.bet_id))).toEqual([Number(copied.bet.id)]);
  });

  it("copies an open bet through the normal bet path (once), refuses a closed round, and pays dividends once per day", async () => {
    const blogger = await approvedBlogger();
    const fan = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const at =
      Date.UTC(2030, 3, 1) +
      (database === "postgres" ? 7 * DAY : 0) +
      Math.floor(Math.random() * 600) * 60_000;
    const { round, placed: source } = await betInRoundAt(blogger, at, "Green", 10);
    const copied = await copyBet(
      core.deps.db,
      fan.userId,
      blogger.userId,
      source.bet.id,
      round.startTime + 2000,
    );
    expect(copied.bet).toMatchObject({ betName: "Green", totalBetAmount: 100, gameSessionId: round.id });
    expect(copied.balance).toBe(900);
    const again = await copyBet(
      core.deps.db,
      fan.userId,
      blogger.userId,
      source.bet.id,
      round.startTime + 3000,
    );
    expect(again.repeated).toBe(true);
    // A closed round is refused like any bet, and takes nothing.
    const other = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const closed = await copyBet(
      core.deps.db,
      other.userId,
      blogger.userId,
      source.bet.id,
      round.betEndTime,
    ).catch((e) => e);
    expect(closed).toBeInstanceOf(ApiError);
    expect((closed as ApiError).result).toMatchObject({ reason: "CLOSED" });
    await expect(
      copyBet(core.deps.db, blogger.userId, blogger.userId, source.bet.id, round.startTime + 2000),
    ).rejects.toThrow("You cannot copy your own bet");
    await settleRound(core.deps.db, round.id, round.endTime);
    const records = await followRecords(core.deps.db, fan.userId, { pageNo: 1, pageSize: 20 });
    expect(records.content[0]).toMatchObject({ bloggerId: blogger.userId, bet: { id: copied.bet.id } });
    expect(records.content[0].bet.status).not.toBe("WAITING");

    // The day after: 2 % fee on 100 = 2.00, half of it = 1.00, once.
    const next = at - (at % DAY) + DAY + 1000;
    const [a, b] = await Promise.all([
      payDividendsDue(core.deps.db, next),
      payDividendsDue(core.deps.db, next),
    ]);
    expect(a.paid + b.paid).toBeGreaterThanOrEqual(1);
    await payDividendsDue(core.deps.db, next);
    const paid = await core.deps.db.query<{ amount: number; counter_account: string }>(
      "SELECT amount, counter_account FROM ledger_entries WHERE user_id = $1 AND kind = 'DIVIDEND'",
      [blogger.userId],
    );
    expect(paid.map((p) => [Number(p.amount), p.counter_account])).toEqual([[100, "HOUSE"]]);
    const list = dividendsListSchema.parse(
      (await call(core, "/app/summary/dividendsList", { method: "GET" })).result,
    );
    expect(
      list.some(
        (d) => d.phone === `${blogger.phone.slice(0, 2)}****${blogger.phone.slice(-4)}` && d.amount === 1,
      ),
    ).toBe(true);
  });

  it("pays no dividend on a copied bet refunded with its voided round, nor on a day whose copies are not settled yet", async () => {
    const blogger = await approvedBlogger();
    const fan = await registerPlayer(core, { balances: { CHIP: 100_000 } });
    const dividends = async () =>
      (
        await core.deps.db.query<{ amount: number }>(
          "SELECT amount FROM ledger_entries WHERE user_id = $1 AND kind = 'DIVIDEND'",
          [blogger.userId],
        )
      ).map((r) => Number(r.amount));
    // Two days of their own, far from the other tests' days: one round voided, one settled late.
    const day = Date.UTC(2031, 5, 1) + (database === "postgres" ? 9 * DAY : 0);
    const { round: voided, placed: first } = await betInRoundAt(blogger, day + 3_600_000, "Green", 10);
    await copyBet(core.deps.db, fan.userId, blogger.userId, first.bet.id, voided.startTime + 2000);
    await core.deps.db.tx((tx) =>
      voidRound(tx, fairnessOf(core.deps.config), voided.id, "SEED_UNREADABLE", voided.endTime),
    );
    const later = day + 2 * DAY;
    const { round: open, placed: second } = await betInRoundAt(blogger, later + 3_600_000, "Red", 10);
    await copyBet(core.deps.db, fan.userId, blogger.userId, second.bet.id, open.startTime + 2000);

    // The voided round's day ended: its only copy was refunded, so the house earned no fee on it.
    await payDividendsDue(core.deps.db, later - 1000);
    expect(await dividends()).toEqual([]);
    // The second day ended with its copy still waiting for its round: nothing yet, then paid once settled.
    await payDividendsDue(core.deps.db, later + DAY + 1000);
    expect(await dividends()).toEqual([]);
    await settleRound(core.deps.db, open.id, open.endTime);
    await payDividendsDue(core.deps.db, later + DAY + 2000);
    expect(await dividends()).toEqual([100]);
    const refunds = await core.deps.db.query<{ amount: number }>(
      "SELECT amount FROM ledger_entries WHERE user_id = $1 AND kind = 'REFUND'",
      [fan.userId],
    );
    expect(refunds.map((r) => Number(r.amount))).toEqual([10_000]);
  });

  it("operators edit the settings through the audited API: saved, answered and audited with the before", async () => {
    type Settings = { minTurnover: number; dividendPercent: number };
    const before = (await operatorCall<Settings>(core, "/bloggers/settings")).result;
    const saved = await op("/bloggers/settings", { dividendPercent: "7.5" });
    expect(saved).toMatchObject({ code: 200, result: { dividendPercent: 7.5 } });
    expect((await operatorCall(core, "/bloggers/settings")).result).toEqual(saved.result);
    const audit = await listAudit(core.deps.db, 5);
    expect(audit.find((a) => a.action === "blogger.settings")?.detail).toEqual({
      changes: { dividendPercent: "7.5" },
      before,
    });
    expect((await op("/bloggers/settings", { dividendPercent: String(before.dividendPercent) })).code).toBe(
      200,
    );
  });
});
