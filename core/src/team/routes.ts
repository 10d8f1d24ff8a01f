import { Code } from "#contract/codes";
import { fromCents } from "#contract/money";
import {
  rebatePageInputSchema,
  rebateReceiveInputSchema,
  receiveTaskGiftInputSchema,
  teamLevelInputSchema,
} from "#contract/team";
import { operatorOf } from "../operator/auth";
import { addOrEditHandler, passHandler } from "../operator/handlers";
import type { CoreRouter } from "../platform/context";
import { ApiError, ok, parseInput, readInput, requireUser } from "../platform/http";
import { findUserById } from "../user/users";
import { accrueTeamAudited } from "./accrue";
import { claimRebates, rebatePage } from "./rebates";
import { editTeamSettingsAudited, getTeamSettings, percents } from "./settings";
import { teamInfo, teamLevelPage } from "./stats";
import { allTasks, claimTaskGift, listTasks, saveTaskAudited } from "./tasks";

export function teamRoutes(app: CoreRouter) {
  app.get("/app/user/getUserTeamInfo", async (c) => {
    const deps = c.get("deps");
    const { id } = requireUser(c);
    const user = await findUserById(deps.db, id);
    if (!user) throw new ApiError(Code.UNAUTHENTICATED, "Please log in first");
    return ok(c, await teamInfo(deps.db, user, deps.now(), deps.config.inviteLinkBase));
  });

  app.get("/app/user/getUserTeamInfoSingleLevel", async (c) => {
    const { id } = requireUser(c);
    const q = await parseInput(c, teamLevelInputSchema);
    return ok(c, await teamLevelPage(c.get("deps").db, id, q));
  });

  app.get("/app/user/rebate/page", async (c) => {
    const { id } = requireUser(c);
    const q = await parseInput(c, rebatePageInputSchema);
    return ok(c, await rebatePage(c.get("deps").db, id, q));
  });

  app.post("/app/user/rebate/receive", async (c) => {
    const deps = c.get("deps");
    const { id } = requireUser(c);
    const input = await parseInput(c, rebateReceiveInputSchema);
    return ok(c, await claimRebates(deps.db, id, input.id, deps.now()), "Rebate received");
  });

  app.get("/app/user/rechargeTask/list", async (c) => {
    const deps = c.get("deps");
    const { id } = requireUser(c);
    return ok(c, await listTasks(deps.db, id, deps.now()));
  });

  app.post("/app/user/rechargeTask/receiveTaskGift", async (c) => {
    const deps = c.get("deps");
    const { id } = requireUser(c);
    const input = await parseInput(c, receiveTaskGiftInputSchema);
    return ok(c, await claimTaskGift(deps.db, id, input.id, deps.now()), "Gift received");
  });
}

/** The settings as the operator API and the CLI show them (percent and units). */
export async function settingsView(db: Parameters<typeof getTeamSettings>[0]) {
  const s = await getTeamSettings(db);
  return {
    betRates: percents(s.betRatesBp),
    rechargeRates: percents(s.rechargeRatesBp),
    registerRebate: fromCents(s.registerRebateCents),
    registerMinRecharge: fromCents(s.registerMinRechargeCents),
  };
}

export function teamOperatorRoutes(op: CoreRouter) {
  op.get("/team/settings", async (c) => {
    const { db } = c.get("deps");
    return ok(c, { ...(await settingsView(db)), tasks: await allTasks(db) });
  });

  /** POST {betRates?: "1,0.5,0.2", rechargeRates?, registerRebate?, registerMinRecharge?}, audited. */
  op.post("/team/settings", async (c) => {
    const operator = operatorOf(c);
    const changes = await readInput(c);
    const { db } = c.get("deps");
    await editTeamSettingsAudited(db, operator, changes);
    return ok(c, await settingsView(db));
  });

  /** POST {id?, name?, period?, minRecharge?, gift?, enabled?, sort?}: adds (no id) or edits a task, audited. */
  op.post("/team/tasks", addOrEditHandler("task", saveTaskAudited));

  /** POST: runs one pass of the team job now (it runs every minute), audited. */
  op.post(
    "/team/accrue",
    passHandler(async (deps, operator) => {
      const pass = await accrueTeamAudited(deps.db, operator, deps.now());
      return { events: pass.events, rebates: pass.rebates, amount: fromCents(pass.cents) };
    }),
  );
}
