import { fromCents } from "#contract/money";
import { cliOperator } from "../operator/audit";
import { type OperatorCommand, UsageError, fieldValues } from "../platform/module";
import { listPlans, savePlanAudited } from "./plans";
import { accrueDueAudited } from "./stakes";

const USAGE = `  admin staking-plan list
  admin staking-plan add FIELD VALUE [...]      (name termDays dailyRate minAmount maxAmount [enabled])
  admin staking-plan set ID FIELD VALUE [...]   (e.g. dailyRate 0.5, enabled false)
  admin staking-plan accrue                     (pays due interest and matured principal now)`;

const stakingPlanCommand: OperatorCommand = {
  name: "staking-plan",
  usage: USAGE,
  async run(argv, db, out) {
    const [, verb, ...rest] = argv;
    if (verb === "list") {
      for (const p of await listPlans(db)) {
        out(
          `${p.id} ${p.name}: ${p.termDays} days, ${p.dailyRate} % a day, ${p.minAmount} to ${p.maxAmount} ${p.coin}, ${p.enabled ? "enabled" : "disabled"}`,
        );
      }
      return;
    }
    if (verb === "accrue") {
      const pass = await accrueDueAudited(db, cliOperator(), Date.now());
      out(`days paid ${pass.days}, interest ${fromCents(pass.interestCents)}, matured ${pass.matured}`);
      return;
    }
    const id = verb === "set" ? rest.shift() : null;
    if (
      (verb !== "add" && verb !== "set") ||
      (verb === "set" && !/^\d+$/.test(id ?? "")) ||
      rest.length % 2 !== 0
    )
      throw new UsageError(`Usage:\n${USAGE}`);
    const changes = fieldValues(rest);
    const plan = await savePlanAudited(db, cliOperator(), { id: id === null ? null : Number(id), changes });
    out(
      `${plan.id} ${plan.name}: ${plan.termDays} days, ${plan.dailyRate} % a day, ${plan.minAmount} to ${plan.maxAmount}`,
    );
  },
};

export const STAKING_COMMANDS = [stakingPlanCommand];
