import { fromCents } from "#contract/money";
import { beaconOf } from "../beacon/beacon";
import { cliOperator } from "../operator/audit";
import { loadConfig } from "../platform/config";
import { type OperatorCommand, UsageError, fieldValues } from "../platform/module";
import {
  acceptSealedListAudited,
  getJackpotSettings,
  jackpotEnabled,
  jackpotPassAudited,
  poolCents,
  saveJackpotSettingsAudited,
} from "./jackpot";

const USAGE = `  admin jackpot show
  admin jackpot set FIELD VALUE [...]   (sharePercent 1, payoutPercent 50, winners 3, enabled 1)
  admin jackpot run                     (commits seeds, funds the pool, draws ended days now)
  admin jackpot accept-sealed DAY_NO "REASON"   (a refused day is drawn from its sealed list, decision 080)`;

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
      const config = loadConfig();
      const pass = await jackpotPassAudited(
        db,
        cliOperator(),
        Date.now(),
        config.jackpotDaySeconds * 1000,
        beaconOf(config.fairness.beacon),
      );
      out(`funded ${pass.funded.rounds} rounds, drew ${pass.draws.length} days`);
      return;
    }
    if (verb === "accept-sealed") {
      if (rest.length !== 2) throw new UsageError(`Usage:\n${USAGE}`);
      const accepted = await acceptSealedListAudited(
        db,
        cliOperator(),
        { dayNo: rest[0], reason: rest[1] },
        Date.now(),
      );
      out(
        `day ${accepted.dayNo}: sealed list accepted (${accepted.difference}); the next pass draws it from the sealed list`,
      );
      return;
    }
    if (verb !== "set" || rest.length === 0 || rest.length % 2 !== 0)
      throw new UsageError(`Usage:\n${USAGE}`);
    const changes = fieldValues(rest);
    await saveJackpotSettingsAudited(db, cliOperator(), changes, Date.now());
    await show();
  },
};

export const JACKPOT_COMMANDS: OperatorCommand[] = [jackpotCommand];
