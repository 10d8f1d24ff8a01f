import { fromCents } from "#contract/money";
import { cliOperator, writeAudit } from "../operator/audit";
import { loadConfig } from "../platform/config";
import { type OperatorCommand, UsageError } from "../platform/module";
import {
  getJackpotSettings,
  jackpotEnabled,
  jackpotPassAudited,
  poolCents,
  saveJackpotSettings,
  switchJackpot,
} from "./jackpot";

const USAGE = `  admin jackpot show
  admin jackpot set FIELD VALUE [...]   (sharePercent 1, payoutPercent 50, winners 3, enabled 1)
  admin jackpot run                     (commits seeds, funds the pool, draws ended days now)`;

const jackpotCommand: OperatorCommand = {
  name: "jackpot",
  usage: USAGE,
  async run(argv, db, out) {
    const [, verb, ...rest] = argv;
    const show = async () => {
      const s = await getJackpotSettings(db);
      out(
        `jackpot ${(await jackpotEnabled(db)) ? "on" : "off"}: ${s.coin}, ${s.shareBp / 100} % of stakes, ${s.winners} winners, ${s.payoutBp / 100} % of the pool per draw; pool ${fromCents(await poolCents(db, s.coin))}`,
      );
    };
    if (verb === "show") return show();
    if (verb === "run") {
      const pass = await jackpotPassAudited(
        db,
        cliOperator(),
        Date.now(),
        loadConfig().jackpotDaySeconds * 1000,
      );
      out(`funded ${pass.funded.rounds} rounds, drew ${pass.draws.length} days`);
      return;
    }
    if (verb !== "set" || rest.length === 0 || rest.length % 2 !== 0)
      throw new UsageError(`Usage:\n${USAGE}`);
    const changes: Record<string, string> = {};
    for (let i = 0; i < rest.length; i += 2) changes[rest[i]] = rest[i + 1];
    if (changes.enabled !== undefined && !/^[01]$/.test(changes.enabled))
      throw new UsageError("enabled must be 0 or 1");
    await db.tx(async (tx) => {
      const { before } = await saveJackpotSettings(tx, changes);
      if (changes.enabled !== undefined) await switchJackpot(tx, changes.enabled, Date.now());
      await writeAudit(tx, {
        operator: cliOperator(),
        action: "jackpot.settings",
        detail: { changes, before },
      });
    });
    await show();
  },
};

export const JACKPOT_COMMANDS: OperatorCommand[] = [jackpotCommand];
