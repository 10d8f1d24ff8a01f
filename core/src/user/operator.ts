import { z } from "zod";
import { areaCodeSchema, phoneSchema } from "#contract/auth";
import { Code } from "#contract/codes";
import { amountSchema, coinSchema, fromCents, toCents } from "#contract/money";
import { post } from "../ledger/ledger";
import { writeAudit } from "../operator/audit";
import { operatorOf } from "../operator/auth";
import type { CoreRouter } from "../platform/context";
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
    const balance = await db.tx(async (tx) => {
      const after = await post(tx, {
        userId: Number(user.id),
        coin: input.coin,
        amount: toCents(input.amount),
        kind: "ADJUST",
        counter: "ADJUSTMENTS",
        memo: input.memo ?? "operator credit",
      });
      await writeAudit(tx, {
        operator,
        action: "user.credit",
        target: String(user.id),
        detail: { coin: input.coin, amount: input.amount, memo: input.memo ?? null },
      });
      return after;
    });
    return ok(c, { userId: Number(user.id), coin: input.coin, balance: fromCents(balance) });
  });
}
