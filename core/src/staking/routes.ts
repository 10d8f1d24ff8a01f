import { pledgeInputSchema, pledgePageInputSchema } from "#contract/assets";
import { spendOnceHandler } from "../ledger/spend-once";
import { addOrEditHandler, passHandler } from "../operator/handlers";
import type { CoreRouter } from "../platform/context";
import { ok, parseInput, requireUser } from "../platform/http";
import { listPlans, savePlanAudited } from "./plans";
import { accrueDueAudited, pledge, pledgePage } from "./stakes";

export function stakingRoutes(app: CoreRouter) {
  app.get("/app/user/pledge/configList", async (c) => {
    requireUser(c);
    return ok(c, await listPlans(c.get("deps").db, true));
  });

  app.post("/app/user/pledge/pledge", spendOnceHandler(pledgeInputSchema, pledge, "Already pledged"));

  app.get("/app/user/pledge/page", async (c) => {
    const user = requireUser(c);
    const q = await parseInput(c, pledgePageInputSchema);
    return ok(c, await pledgePage(c.get("deps").db, user.id, q));
  });
}

export function stakingOperatorRoutes(op: CoreRouter) {
  op.get("/staking/plans", async (c) => ok(c, await listPlans(c.get("deps").db)));

  /** POST {id?, name?, termDays?, dailyRate?, minAmount?, maxAmount?, enabled?}: adds (no id) or edits a plan, audited. */
  op.post("/staking/plans", addOrEditHandler("plan", savePlanAudited));

  /** POST: runs one accrual pass now (the job does it every minute), audited. */
  op.post(
    "/staking/accrue",
    passHandler((deps, operator) => accrueDueAudited(deps.db, operator, deps.now())),
  );
}
