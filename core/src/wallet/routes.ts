import { z } from "zod";
import { Code } from "#contract/codes";
import { currencySchema, getConfigInputSchema } from "#contract/wallet";
import { writeAudit } from "../operator/audit";
import { operatorOf } from "../operator/auth";
import type { CoreRouter } from "../platform/context";
import { ApiError, ok, parseInput, readInput, requireUser } from "../platform/http";
import { currencyConfig, updateCurrencyConfig } from "./currency-config";

export function walletRoutes(app: CoreRouter) {
  app.get("/app/chargeAndWithdrawConfig/getConfig", async (c) => {
    requireUser(c);
    const { currency } = await parseInput(c, getConfigInputSchema);
    return ok(c, await currencyConfig(c.get("deps").db, currency));
  });
}

const currencyOnly = z.object({ currency: currencySchema });

export function walletOperatorRoutes(op: CoreRouter) {
  op.get("/wallet/config", async (c) => {
    const { db } = c.get("deps");
    return ok(c, { CASH: await currencyConfig(db, "CASH"), USDT: await currencyConfig(db, "USDT") });
  });

  /** POST {currency, <field>: value, ...}: changes those fields, all or none, audited. */
  op.post("/wallet/config", async (c) => {
    const operator = operatorOf(c);
    const { currency, ...changes } = await readInput(c);
    const parsed = currencyOnly.safeParse({ currency: currency?.toUpperCase() });
    if (!parsed.success) throw new ApiError(Code.BAD_REQUEST, "currency must be CASH or USDT");
    const result = await c.get("deps").db.tx(async (tx) => {
      const { config, before } = await updateCurrencyConfig(tx, parsed.data.currency, changes);
      await writeAudit(tx, {
        operator,
        action: "wallet.config.set",
        target: parsed.data.currency,
        detail: {
          changes,
          before: Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof before]])),
        },
      });
      return config;
    });
    return ok(c, result);
  });
}
