import { pledgeInputSchema, pledgePageInputSchema } from "#contract/assets";
import { Code } from "#contract/codes";
import { Header } from "#contract/headers";
import { operatorOf } from "../operator/auth";
import type { CoreRouter } from "../platform/context";
import { ApiError, ok, parseInput, readInput, requireUser } from "../platform/http";
import { listPlans, savePlanAudited } from "./plans";
import { accrueDueAudited, pledge, pledgePage } from "./stakes";

export function stakingRoutes(app: CoreRouter) {
  app.get("/app/user/pledge/configList", async (c) => {
    requireUser(c);
    return ok(c, await listPlans(c.get("deps").db, true));
  });

  app.post("/app/user/pledge/pledge", async (c) => {
    const user = requireUser(c);
    const input = await parseInput(c, pledgeInputSchema);
    const deps = c.get("deps");
    const { repeated, ...result } = await pledge(
      deps.db,
      user.id,
      input,
      deps.now(),
      c.req.header(Header.idempotencyKey),
    );
    return ok(c, result, repeated ? "Already pledged" : "success");
  });

  app.get("/app/user/pledge/page", async (c) => {
    const user = requireUser(c);
    const q = await parseInput(c, pledgePageInputSchema);
    return ok(c, await pledgePage(c.get("deps").db, user.id, q));
  });
}

export function stakingOperatorRoutes(op: CoreRouter) {
  op.get("/staking/plans", async (c) => ok(c, await listPlans(c.get("deps").db)));

  /** POST {id?, name?, termDays?, dailyRate?, minAmount?, maxAmount?, enabled?}: adds (no id) or edits a plan, audited. */
  op.post("/staking/plans", async (c) => {
    const operator = operatorOf(c);
    const { id, ...changes } = await readInput(c);
    if (id !== undefined && !/^\d{1,9}$/.test(id))
      throw new ApiError(Code.BAD_REQUEST, "id must be a plan id");
    const plan = await savePlanAudited(
      c.get("deps").db,
      operator,
      id === undefined ? null : Number(id),
      changes,
    );
    return ok(c, plan);
  });

  /** POST: runs one accrual pass now (the job does it every minute), audited. */
  op.post("/staking/accrue", async (c) => {
    const operator = operatorOf(c);
    const deps = c.get("deps");
    const pass = await accrueDueAudited(deps.db, operator, deps.now());
    return ok(c, pass);
  });
}
