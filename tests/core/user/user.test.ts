import { balanceSchema, userInfoSchema } from "#contract/user";
import { post } from "../../../core/src/ledger/ledger";
import { operatorDays } from "../../../core/src/limits/operator-day";
import { call, describeOnEachDatabase, registerPlayer, sendUserCode, signIn } from "../../support/core";

const SPEC_FIELDS = (
  "address, areaCode, chip, exchangeBalance, gold, headUrl, id, incomeList, invitation, inviteLinkUrl, level, " +
  "nickName, parentId, phone, point, recharge, remark, sex, sysUserId, todayBetAmount, todayBetIncome, todayWin, " +
  "totalBetAmount, userStatus, userType, withdraw, yesterdayCommission, customerServiceUrl, walletErc, walletTrc"
).split(", ");

describeOnEachDatabase("user calls", (core, database) => {
  let demoToken: string;
  beforeAll(async () => {
    demoToken = (await signIn(core, "9000000001", "demo1234")).result.token;
  });

  it("answers every field of spec section 3 'User info', balances from the ledger in units", async () => {
    const res = await call<Record<string, unknown>>(core, "/app/user/getUserInfo", { token: demoToken });
    expect(res.code).toBe(200);
    for (const field of SPEC_FIELDS) expect(res.result).toHaveProperty(field);
    const info = userInfoSchema.strict().parse(res.result);
    expect(info).toMatchObject({ chip: 1000, gold: 500, point: 200, areaCode: "91", phone: "9000000001" });
    expect(info.inviteLinkUrl).toBe(`/pages/login/login?invitationCode=${info.invitation}`);
    expect(info.customerServiceUrl).toBeNull();
  });

  it("answers the balances alone with getBalance, the same as getUserInfo's, and only when signed in", async () => {
    const player = await registerPlayer(core);
    await core.deps.db.tx((tx) =>
      post(tx, {
        userId: player.userId,
        coin: "GOLD",
        amount: 1_234,
        kind: "ADJUST",
        counter: "ADJUSTMENTS",
      }),
    );
    const res = await call(core, "/app/user/getBalance", { method: "GET", token: player.token });
    expect(res.code).toBe(200);
    expect(balanceSchema.strict().parse(res.result)).toEqual({ chip: 0, gold: 12.34, point: 0 });
    const info = await call<Record<string, number>>(core, "/app/user/getUserInfo", { token: player.token });
    expect(info.result).toMatchObject({ chip: 0, gold: 12.34, point: 0 });
    expect(await call(core, "/app/user/getBalance", { method: "GET" })).toMatchObject({ code: 401 });
  });

  it("reads recharge and withdrawal from the ledger, yesterday's commission from the team's rebates", async () => {
    const player = await registerPlayer(core);
    // The operator's yesterday (decision 072), as the core counts it: not UTC's, which differs
    // from 18:30 to 24:00 UTC in Kolkata.
    const [, { day: yesterday }] = await operatorDays(core.deps.db, Date.now(), 2);
    await core.deps.db.tx(async (tx) => {
      await post(tx, {
        userId: player.userId,
        coin: "CHIP",
        amount: 12_345,
        kind: "RECHARGE",
        counter: "ADJUSTMENTS",
      });
      await post(tx, {
        userId: player.userId,
        coin: "CHIP",
        amount: -2_000,
        kind: "WITHDRAW",
        counter: "ADJUSTMENTS",
      });
    });
    // Yesterday's commission is the rebates the player's team earned them yesterday (docs/team.md).
    const invitee = await registerPlayer(core);
    await core.deps.db.query(
      `INSERT INTO team_rebates (user_id, kind, level, source_id, source_user_id, base_cents, rate_bp, amount_cents, day)
       VALUES ($1, 'BET', 1, 'user-test', $2, 15000, 100, 150, $3::date)`,
      [player.userId, invitee.userId, yesterday],
    );
    const res = await call<Record<string, number>>(core, "/app/user/getUserInfo", { token: player.token });
    expect(res.result).toMatchObject({
      chip: 103.45,
      recharge: 123.45,
      withdraw: 20,
      yesterdayCommission: 1.5,
    });
    // No team, no team stakes.
    expect(res.result).toMatchObject({
      todayBetAmount: 0,
      totalBetAmount: 0,
      todayWin: 0,
      todayBetIncome: 0,
    });
  });

  it("changes nickname, sex and avatar, and refuses bad values without changing anything", async () => {
    const player = await registerPlayer(core);
    const change = (params: Record<string, string>) =>
      call(core, "/app/user/modifyUserBaseInfo", { params, token: player.token });
    expect(
      await change({ nickName: "  Lucky Star ", sex: "2", headUrl: "/core/files/abc.webp" }),
    ).toMatchObject({
      code: 200,
    });
    const bad: [Record<string, string>, string][] = [
      [{ nickName: "x".repeat(21) }, "The nickname can have at most 20 characters"],
      [{ nickName: "<script>" }, "The nickname contains characters that are not allowed"],
      [{ sex: "3" }, "Sex must be 0, 1 or 2"],
      [{ headUrl: "javascript:alert(1)" }, "The avatar must be an uploaded image"],
      [{}, "Nothing to change"],
    ];
    for (const [params, message] of bad) expect(await change(params)).toMatchObject({ code: 400, message });
    expect(await change({ sex: "1" })).toMatchObject({ code: 200 });
    const info = await call<Record<string, unknown>>(core, "/app/user/getUserInfo", { token: player.token });
    expect(info.result).toMatchObject({ nickName: "Lucky Star", sex: 1, headUrl: "/core/files/abc.webp" });
    expect((await call(core, "/app/user/modifyUserBaseInfo", { params: { sex: "1" } })).code).toBe(401);
  });

  it("sets the payment password with a single-use SMS code", async () => {
    const player = await registerPlayer(core);
    core.advance(61_000);
    await sendUserCode(core, player.token, "RESET_ASSET_PWD");
    const smsCode = core.lastSmsCode(player.phone)!;
    const reset = (assetPassword: string) =>
      call(core, "/app/user/resetAssetPwd", { params: { smsCode, assetPassword }, token: player.token });
    expect(await reset("12345")).toMatchObject({ code: 400, message: "The payment password is 6 digits" });
    expect(await reset("abcdef")).toMatchObject({ code: 400, message: "The payment password is 6 digits" });
    expect((await reset("246810")).code).toBe(200);
    expect(await reset("135790")).toMatchObject({
      code: 400,
      message: "The SMS code is wrong or has expired",
    });
    const [row] = await core.deps.db.query<{ asset_password_hash: string }>(
      "SELECT asset_password_hash FROM users WHERE id = $1",
      [player.userId],
    );
    expect(row.asset_password_hash).toMatch(/^scrypt\$/);
    const info = await call<{ hasAssetPassword: boolean }>(core, "/app/user/getUserInfo", {
      token: player.token,
    });
    expect(info.result.hasAssetPassword).toBe(true);
  });
});
