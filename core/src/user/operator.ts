import { z } from "zod";
import { areaCodeSchema, phoneSchema } from "#contract/auth";
import { Code } from "#contract/codes";
import { type Coin, amountSchema, coinSchema, fromCents, toCents } from "#contract/money";
import { post } from "../ledger/ledger";
import { writeAudit } from "../operator/audit";
import { operatorOf } from "../operator/auth";
import type { CoreRouter } from "../platform/context";
import type { Db } from "../platform/db";
import { ApiError, ok, parseInput } from "../platform/http";
import { findUserByPhone } from "./users";

const creditInput = z.object({
  areaCode: areaCodeSchema.default("91"),
  phone: phoneSchema,
  coin: coinSchema,
  amount: amountSchema,
  memo: z.string().max(200).optional(),
});

/**
 * Credits a player (kind ADJUST, counter ADJUSTMENTS) and writes who did it to the audit log, in
 * one transaction: the one way the operator API and `admin credit` credit. Answers the balance.
 */
export function creditAudited(
  db: Db,
  operator: string,
  credit: { userId: number; coin: Coin; amount: number; memo?: string },
): Promise<number> {
  return db.tx(async (tx) => {
    const after = await post(tx, {
      userId: credit.userId,
      coin: credit.coin,
      amount: toCents(credit.amount),
      kind: "ADJUST",
      counter: "ADJUSTMENTS",
      memo: credit.memo ?? "operator credit",
    });
    await writeAudit(tx, {
      operator,
      action: "user.credit",
      target: String(credit.userId),
      detail: { coin: credit.coin, amount: credit.amount, memo: credit.memo ?? null },
    });
    return after;
  });
}

/**
 * POST /core/operator/users/credit {areaCode, phone, coin, amount, memo}: the operator API's
 * `admin credit` (kind ADJUST, counter ADJUSTMENTS), audited.
 */
export function userOperatorRoutes(op: CoreRouter) {
  op.post("/users/credit", async (c) => {
    const operator = operatorOf(c);
    const input = await parseInput(c, creditInput);
    const { db } = c.get("deps");
    const user = await findUserByPhone(db, input.areaCode, input.phone);
    if (!user) throw new ApiError(Code.NOT_FOUND, `No player with phone +${input.areaCode} ${input.phone}`);
    const balance = await creditAudited(db, operator, {
      userId: Number(user.id),
      coin: input.coin,
      amount: input.amount,
      memo: input.memo,
    });
    return ok(c, { userId: Number(user.id), coin: input.coin, balance: fromCents(balance) });
  });
}
