import { fromCents } from "#contract/money";
import { cliOperator } from "../operator/audit";
import type { Db } from "../platform/db";
import { UsageError, fieldValues, verbCommand } from "../platform/module";
import { listPlans, savePlanAudited } from "./plans";
import { accrueDueAudited } from "./stakes";

const USAGE = `  admin staking-plan list
  admin staking-plan add FIELD VALUE [...]      (name termDays dailyRate minAmount maxAmount [enabled])
  admin staking-plan set ID FIELD VALUE [...]   (e.g. dailyRate 0.5, enabled false)
  admin staking-plan accrue                     (pays due interest and matured principal now)`;

/** `add FIELD VALUE...` adds a plan, `set ID FIELD VALUE...` edits one; prints the plan saved. */
async function savePlan(id: string | null, args: string[], db: Db, out: (line: string) => void) {
  if ((id !== null && !/^\d+$/.test(id)) || args.length % 2 !== 0) throw new UsageError(`Usage:\n${USAGE}`);
  const changes = fieldValues(args);
  const plan = await savePlanAudited(db, cliOperator(), { id: id === null ? null : Number(id), changes });
  out(
    `${plan.id} ${plan.name}: ${plan.termDays} days, ${plan.dailyRate} % a day, ${plan.minAmount} to ${plan.maxAmount}`,
  );
}

const stakingPlanCommand = verbCommand("staking-plan", USAGE, {
  async list(_args, db, out) {
    for (const p of await listPlans(db)) {
      out(
        `${p.id} ${p.name}: ${p.termDays} days, ${p.dailyRate} % a day, ${p.minAmount} to ${p.maxAmount} ${p.coin}, ${p.enabled ? "enabled" : "disabled"}`,
      );
    }
  },
  async accrue(_args, db, out) {
    const pass = await accrueDueAudited(db, cliOperator(), Date.now());
    out(`days paid ${pass.days}, interest ${fromCents(pass.interestCents)}, matured ${pass.matured}`);
  },
  add: (args, db, out) => savePlan(null, args, db, out),
  set: ([id = "", ...args], db, out) => savePlan(id, args, db, out),
});

export const STAKING_COMMANDS = [stakingPlanCommand];
