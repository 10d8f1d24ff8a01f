import { Code } from "#contract/codes";
import { fromCents } from "#contract/money";
import {
  type UserInfo,
  getUserInfoInputSchema,
  modifyUserBaseInfoInputSchema,
  resetAssetPwdInputSchema,
} from "#contract/user";
import { hashPassword } from "../auth/passwords";
import { assertLiveSmsCode, withSmsCode } from "../auth/sms";
import { getSysConfig } from "../config/sysconfig";
import { exchangeableCents } from "../exchange/exchange";
import { balances, wireBalance } from "../ledger/ledger";
import type { CoreRouter } from "../platform/context";
import type { Sql } from "../platform/db";
import { ApiError, ok, parseInput, requireUser } from "../platform/http";
import { inviteLinkOf, teamIncome } from "../team/stats";
import { findUserById } from "./users";

/**
 * Money that passed through the ledger, by kind (CHIP): `recharge` is the sum of the RECHARGE
 * credits; `withdraw` what left by withdrawal, WITHDRAW debits less the WITHDRAW_RETURN credits of
 * rejected ones.
 */
async function ledgerTotals(sql: Sql, userId: number) {
  const [row] = await sql.query<{ recharge: number; withdraw: number }>(
    `SELECT COALESCE(SUM(amount) FILTER (WHERE kind = 'RECHARGE'), 0) AS recharge,
            COALESCE(-SUM(amount) FILTER (WHERE kind IN ('WITHDRAW', 'WITHDRAW_RETURN')), 0) AS withdraw
     FROM ledger_entries WHERE user_id = $1 AND coin = 'CHIP'`,
    [userId],
  );
  return row;
}

export function userRoutes(app: CoreRouter) {
  app.get("/app/user/getUserInfo", async (c) => {
    const deps = c.get("deps");
    const { id } = requireUser(c);
    // `coin` is accepted as before; the income fields are the team's, in CHIP (docs/team.md).
    await parseInput(c, getUserInfoInputSchema);
    const user = await findUserById(deps.db, id);
    if (!user) throw new ApiError(Code.UNAUTHENTICATED, "Please log in first");
    const [money, income, totals, customerServiceUrl, exchangeable] = await Promise.all([
      balances(deps.db, id),
      teamIncome(deps.db, id, deps.now()),
      ledgerTotals(deps.db, id),
      getSysConfig(deps.db, "CUSTOMER_SERVICE_URL"),
      exchangeableCents(deps.db, id),
    ]);
    const { inviteLinkBase } = deps.config;
    const info: UserInfo = {
      address: user.address,
      areaCode: user.area_code,
      chip: fromCents(money.CHIP),
      exchangeBalance: fromCents(exchangeable),
      gold: fromCents(money.GOLD),
      headUrl: user.head_url,
      id: user.id,
      incomeList: income.incomeList,
      invitation: user.invitation,
      inviteLinkUrl: inviteLinkOf(inviteLinkBase, user.invitation),
      level: user.level,
      nickName: user.nick_name,
      parentId: user.parent_id,
      phone: user.phone,
      point: fromCents(money.POINT),
      recharge: fromCents(Number(totals.recharge)),
      remark: user.remark,
      sex: user.sex,
      sysUserId: null,
      todayBetAmount: income.todayBetAmount,
      todayBetIncome: income.todayBetIncome,
      todayWin: income.todayWin,
      totalBetAmount: income.totalBetAmount,
      userStatus: user.user_status,
      userType: user.user_type,
      withdraw: fromCents(Number(totals.withdraw)),
      yesterdayCommission: income.yesterdayCommission,
      customerServiceUrl: customerServiceUrl || null,
      walletErc: user.wallet_erc,
      walletTrc: user.wallet_trc,
      hasAssetPassword: Boolean(user.asset_password_hash),
    };
    return ok(c, info);
  });

  app.get("/app/user/getBalance", async (c) => {
    const { id } = requireUser(c);
    return ok(c, await wireBalance(c.get("deps").db, id));
  });

  app.post("/app/user/modifyUserBaseInfo", async (c) => {
    const { db } = c.get("deps");
    const { id } = requireUser(c);
    const input = await parseInput(c, modifyUserBaseInfoInputSchema);
    await db.query(
      `UPDATE users SET nick_name = COALESCE($2, nick_name), sex = COALESCE($3, sex),
              head_url = COALESCE($4, head_url) WHERE id = $1`,
      [id, input.nickName ?? null, input.sex === undefined ? null : Number(input.sex), input.headUrl ?? null],
    );
    return ok(c, null, "Submission successful!");
  });

  app.post("/app/user/resetAssetPwd", async (c) => {
    const { db, now } = c.get("deps");
    const { id } = requireUser(c);
    const input = await parseInput(c, resetAssetPwdInputSchema);
    const user = await findUserById(db, id);
    if (!user) throw new ApiError(Code.UNAUTHENTICATED, "Please log in first");
    const target = { areaCode: user.area_code, phone: user.phone, purpose: "RESET_ASSET_PWD" as const };
    await assertLiveSmsCode(db, now(), target);
    const hash = await hashPassword(input.assetPassword);
    await withSmsCode(db, now(), { ...target, code: input.smsCode }, (tx) =>
      tx.query("UPDATE users SET asset_password_hash = $2 WHERE id = $1", [id, hash]),
    );
    return ok(c, null, "Payment password set");
  });
}
