import type { Context } from "hono";
import { z } from "zod";
import { Code } from "#contract/codes";
import { Header } from "#contract/headers";
import { fromCents } from "#contract/money";
import {
  type WithdrawalInfo,
  bankPageInputSchema,
  cashWithdrawalInputSchema,
  saveUserBankInputSchema,
  usdtWithdrawalInputSchema,
  userBankPageInputSchema,
  withdrawalInfoInputSchema,
  withdrawalPageInputSchema,
  withdrawalStatusSchema,
} from "#contract/withdrawal";
import { balances } from "../ledger/ledger";
import { writeAudit } from "../operator/audit";
import { operatorOf } from "../operator/auth";
import type { CoreEnv, CoreRouter } from "../platform/context";
import { ApiError, ok, parseInput, readInput, reply, requireUser } from "../platform/http";
import { assertPaymentPassword, hasPaymentPassword, walletAddresses } from "../user/payment-password";
import { currencyRules, withinWindow } from "../wallet/currency-config";
import { bankPage, duplicateCardOf, saveUserBank, userBankPage } from "./banks";
import { localDay, turnoverOf, withdrawnOn } from "./rules";
import {
  type ApplyInput,
  applyWithdrawal,
  approveWithdrawal,
  findRepeat,
  listForOperators,
  precheckWithdrawal,
  rejectWithdrawal,
  withdrawalPage,
} from "./withdrawals";

const SUBMITTED = "Submission successful!";

export function withdrawalRoutes(app: CoreRouter) {
  app.post("/app/bank/page", async (c) => {
    requireUser(c);
    return ok(c, await bankPage(c.get("deps").db, await parseInput(c, bankPageInputSchema)));
  });

  app.post("/app/userBank/page", async (c) => {
    const { id } = requireUser(c);
    return ok(c, await userBankPage(c.get("deps").db, id, await parseInput(c, userBankPageInputSchema)));
  });

  app.post("/app/userBank/saveOrUpdate", async (c) => {
    const { id } = requireUser(c);
    const { assetPassword, ...input } = await parseInput(c, saveUserBankInputSchema);
    const { db, now } = c.get("deps");
    await assertPaymentPassword(db, id, assetPassword, now());
    const card = await db
      .tx((tx) => saveUserBank(tx, id, input))
      .catch((error) => {
        throw duplicateCardOf(error) ?? error;
      });
    return reply(c, Code.OK, input.id ? "Saved" : "Added Successfully!", card);
  });

  const apply = async (c: Context<CoreEnv>, input: ApplyInput, password: string) => {
    const { id } = requireUser(c);
    const deps = c.get("deps");
    const key = c.req.header(Header.idempotencyKey);
    const repeat = await findRepeat(deps.db, id, input, key);
    if (repeat) return reply(c, Code.OK, SUBMITTED, repeat);
    await precheckWithdrawal(deps.db, id, input, deps.now());
    await assertPaymentPassword(deps.db, id, password, deps.now());
    const { record } = await applyWithdrawal(deps.db, id, input, deps.now(), key, deps.log);
    return reply(c, Code.OK, SUBMITTED, record);
  };

  app.post("/app/user/cashWithdrawal/apply", async (c) => {
    requireUser(c);
    const { assetPassword, amount, userBankId } = await parseInput(c, cashWithdrawalInputSchema);
    return apply(c, { currency: "CASH", amount, userBankId }, assetPassword);
  });

  app.post("/app/wallet/withdrawal", async (c) => {
    requireUser(c);
    const { assetPassword, amount, address, network } = await parseInput(c, usdtWithdrawalInputSchema);
    return apply(c, { currency: "USDT", amount, address, network }, assetPassword);
  });

  app.post("/app/user/cashWithdrawal/page", async (c) => {
    const { id } = requireUser(c);
    const q = await parseInput(c, withdrawalPageInputSchema);
    return ok(c, await withdrawalPage(c.get("deps").db, id, "CASH", q));
  });

  app.post("/app/wallet/getWithdrawalRecord", async (c) => {
    const { id } = requireUser(c);
    const q = await parseInput(c, withdrawalPageInputSchema);
    return ok(c, await withdrawalPage(c.get("deps").db, id, "USDT", q));
  });

  app.get("/app/wallet/withdrawalInfo", async (c) => {
    const { id } = requireUser(c);
    const { currency } = await parseInput(c, withdrawalInfoInputSchema);
    const { db, now } = c.get("deps");
    const nowMs = now();
    const rules = await currencyRules(db, currency);
    const [money, today, turnover, hasPassword, wallets] = await Promise.all([
      balances(db, id),
      withdrawnOn(db, id, currency, localDay(nowMs, rules.timeZone)),
      turnoverOf(db, id, rules.betMultipleBp),
      hasPaymentPassword(db, id),
      walletAddresses(db, id),
    ]);
    const [start, end] = [rules.window.start, rules.window.end].map(
      (m) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`,
    );
    const info: WithdrawalInfo = {
      currency,
      balance: fromCents(money.CHIP),
      openWithdraw: rules.openWithdraw,
      openNow: withinWindow(rules, nowMs),
      withdrawMinLimit: fromCents(rules.withdrawMinCents),
      withdrawMaxLimit: fromCents(rules.withdrawMaxCents),
      withdrawLimitSingleDay: fromCents(rules.withdrawDayLimitCents),
      withdrawnToday: fromCents(today),
      dayLeft: fromCents(Math.max(0, rules.withdrawDayLimitCents - today)),
      withdrawFeeRate: rules.withdrawFeeBp / 100,
      autoAuditAmount: fromCents(rules.autoAuditCents),
      betLimitRechargeMultiple4Withdraw: rules.betMultipleBp / 10000,
      rechargedSinceWithdrawal: fromCents(turnover.rechargedCents),
      turnoverRequired: fromCents(turnover.requiredCents),
      turnoverDone: fromCents(turnover.doneCents),
      turnoverLeft: fromCents(rules.betMultipleBp > 0 ? turnover.leftCents : 0),
      weekDays: rules.weekDays.join(","),
      startAndEndTime: `${start}-${end}`,
      timeZone: rules.timeZone,
      usdtRate: fromCents(rules.usdtRateCents),
      hasAssetPassword: hasPassword,
      walletTrc: wallets.walletTrc,
      walletErc: wallets.walletErc,
    };
    return ok(c, info);
  });
}

const listQuery = z.object({
  status: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim().toUpperCase() : undefined),
    withdrawalStatusSchema.optional(),
  ),
  limit: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? Number(v) : undefined),
    z.number().int().min(1).max(500).optional(),
  ),
});

const idOf = (raw: string) => {
  if (!/^\d{1,15}$/.test(raw)) throw new ApiError(Code.BAD_REQUEST, "A withdrawal id is a whole number");
  return Number(raw);
};

/** /core/operator/withdrawals: list (?status=WAITING), approve, reject with a reason; audited. */
export function withdrawalOperatorRoutes(op: CoreRouter) {
  op.get("/withdrawals", async (c) => {
    const parsed = listQuery.safeParse(c.req.query());
    if (!parsed.success) throw new ApiError(Code.BAD_REQUEST, "status must be WAITING, APPROVED or REJECT");
    return ok(c, await listForOperators(c.get("deps").db, parsed.data.status ?? null, parsed.data.limit));
  });

  op.post("/withdrawals/:id/approve", async (c) => {
    const operator = operatorOf(c);
    const id = idOf(c.req.param("id"));
    const { db, log } = c.get("deps");
    const record = await approveWithdrawal(
      db,
      id,
      operator,
      (tx, row) =>
        writeAudit(tx, {
          operator,
          action: "withdrawal.approve",
          target: String(id),
          detail: { amount: row.amount, currency: row.currency },
        }),
      log,
    );
    return ok(c, record);
  });

  op.post("/withdrawals/:id/reject", async (c) => {
    const operator = operatorOf(c);
    const id = idOf(c.req.param("id"));
    const { reason = "" } = await readInput(c);
    const record = await rejectWithdrawal(c.get("deps").db, id, operator, reason, (tx, row) =>
      writeAudit(tx, {
        operator,
        action: "withdrawal.reject",
        target: String(id),
        detail: { amount: row.amount, currency: row.currency, reason: row.rejectReason },
      }),
    );
    return ok(c, record);
  });
}
