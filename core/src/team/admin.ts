import { fromCents } from "#contract/money";
import { cliOperator } from "../operator/audit";
import { UsageError, fieldValues, verbCommand } from "../platform/module";
import { accrueTeamAudited } from "./accrue";
import { settingsView } from "./routes";
import { editTeamSettingsAudited } from "./settings";
import { allTasks, saveTaskAudited } from "./tasks";

const USAGE = `  admin team show                               (rates, register rebate, tasks)
  admin team set FIELD VALUE [...]              (betRates 1,0.5,0.2 | rechargeRates 1 | registerRebate 5 | registerMinRecharge 100)
  admin team task add FIELD VALUE [...]         (name period minRecharge gift [enabled sort]; period DAY or WEEK)
  admin team task set ID FIELD VALUE [...]      (e.g. gift 3, enabled false)
  admin team accrue                             (accrues rebates of new settled bets and recharges now)`;

function pairs(rest: string[]): Record<string, string> {
  if (rest.length === 0 || rest.length % 2 !== 0) throw new UsageError(`Usage:\n${USAGE}`);
  return fieldValues(rest);
}

const teamCommand = verbCommand("team", USAGE, {
  async show(_args, db, out) {
    const s = await settingsView(db);
    out(`bet rebate rates (% per level): ${s.betRates.join(", ")}`);
    out(`recharge rebate rates (% per level): ${s.rechargeRates.join(", ")}`);
    out(`register rebate: ${s.registerRebate} once the first recharge is at least ${s.registerMinRecharge}`);
    for (const t of await allTasks(db))
      out(
        `task ${t.id} ${t.name}: ${t.period} recharge ${t.minRecharge} gives ${t.gift}, ${t.enabled ? "enabled" : "disabled"}`,
      );
  },
  async set(args, db, out) {
    await editTeamSettingsAudited(db, cliOperator(), pairs(args));
    out("saved");
  },
  async task([which, ...args], db, out) {
    if (which !== "add" && which !== "set") throw new UsageError(`Usage:\n${USAGE}`);
    const id = which === "set" ? args[0] : null;
    if (id !== null && !/^\d+$/.test(id)) throw new UsageError(`Usage:\n${USAGE}`);
    const changes = pairs(args.slice(id === null ? 0 : 1));
    const task = await saveTaskAudited(db, cliOperator(), { id: id === null ? null : Number(id), changes });
    out(`task ${task.id} ${task.name}: ${task.period} recharge ${task.minRecharge} gives ${task.gift}`);
  },
  async accrue(_args, db, out) {
    const pass = await accrueTeamAudited(db, cliOperator(), Date.now());
    out(`events ${pass.events}, rebates ${pass.rebates}, amount ${fromCents(pass.cents)}`);
  },
});

export const TEAM_COMMANDS = [teamCommand];
