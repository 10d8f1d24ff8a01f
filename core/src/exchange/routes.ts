import { exchangeInputSchema } from "#contract/assets";
import { fromCents } from "#contract/money";
import { spendOnceHandler } from "../ledger/spend-once";
import { operatorOf } from "../operator/auth";
import type { CoreRouter } from "../platform/context";
import { ok, readInput, requireUser } from "../platform/http";
import { exchange } from "./exchange";
import { listPairs, upsertPairAudited } from "./pairs";
import { claimPoints, pointInfo, pointRules, setPointRateAudited } from "./points";

export function exchangeRoutes(app: CoreRouter) {
  app.get("/app/user/account/exchangeConfig", async (c) => {
    requireUser(c);
    return ok(c, { pairs: await listPairs(c.get("deps").db, true) });
  });

  app.post(
    "/app/user/account/exchange",
    spendOnceHandler(exchangeInputSchema, exchange, "Already exchanged"),
  );

  app.get("/app/user/account/pointInfo", async (c) => {
    const user = requireUser(c);
    return ok(c, await pointInfo(c.get("deps").db, user.id));
  });

  app.post("/app/user/account/receivePoint", async (c) => {
    const user = requireUser(c);
    const deps = c.get("deps");
    const { receivedCents, pointCents } = await claimPoints(deps.db, user.id, deps.now());
    return ok(
      c,
      { received: fromCents(receivedCents), point: fromCents(pointCents) },
      receivedCents > 0 ? "success" : "No points to claim yet",
    );
  });
}

export function exchangeOperatorRoutes(op: CoreRouter) {
  op.get("/exchange/pairs", async (c) => {
    const { db } = c.get("deps");
    const rules = await pointRules(db);
    return ok(c, {
      pairs: await listPairs(db),
      points: { coin: rules.coin, pointsPer100: rules.rateBp / 100 },
    });
  });

  /** POST {fromCoin, toCoin, fromUnits?, toUnits?, feeRate?, enabled?}: adds or edits a pair, audited. */
  op.post("/exchange/pairs", async (c) => {
    const operator = operatorOf(c);
    const { fromCoin, toCoin, ...changes } = await readInput(c);
    const pair = await upsertPairAudited(c.get("deps").db, operator, fromCoin, toCoin, changes);
    return ok(c, pair);
  });

  /** POST {pointsPer100}: the points a player earns per 100 staked, audited. */
  op.post("/exchange/points", async (c) => {
    const operator = operatorOf(c);
    const { pointsPer100 = "" } = await readInput(c);
    const change = await setPointRateAudited(c.get("deps").db, operator, pointsPer100);
    return ok(c, { pointsPer100: change.after });
  });
}
