import { fromCents } from "#contract/money";
import { beaconOf } from "../beacon/beacon";
import { cliOperator } from "../operator/audit";
import { loadConfig } from "../platform/config";
import type { Db } from "../platform/db";
import { type OperatorCommand, UsageError, fieldValues, verbCommand } from "../platform/module";
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

/** `show`: whether it is on, its settings and the pool. */
async function show(db: Db, out: (line: string) => void) {
  const s = await getJackpotSettings(db);
  out(
    `jackpot ${(await jackpotEnabled(db)) ? "on" : "off"}: ${s.coin}, ${s.shareBp / 100} % of stakes, ${s.winners} winners, ${s.payoutBp / 100} % of the pool per draw; pool ${fromCents(await poolCents(db, s.coin))}`,
  );
}

const jackpotCommand = verbCommand("jackpot", USAGE, {
  show: (_args, db, out) => show(db, out),
  async run(_args, db, out) {
    const config = loadConfig();
    const pass = await jackpotPassAudited(
      db,
      cliOperator(),
      Date.now(),
      config.jackpotDaySeconds * 1000,
      beaconOf(config.fairness.beacon),
    );
    out(`funded ${pass.funded.rounds} rounds, drew ${pass.draws.length} days`);
  },
  async "accept-sealed"(args, db, out) {
    if (args.length !== 2) throw new UsageError(`Usage:\n${USAGE}`);
    const accepted = await acceptSealedListAudited(
      db,
      cliOperator(),
      { dayNo: args[0], reason: args[1] },
      Date.now(),
    );
    out(
      `day ${accepted.dayNo}: sealed list accepted (${accepted.difference}); the next pass draws it from the sealed list`,
    );
  },
  async set(args, db, out) {
    if (args.length === 0 || args.length % 2 !== 0) throw new UsageError(`Usage:\n${USAGE}`);
    await saveJackpotSettingsAudited(db, cliOperator(), fieldValues(args), Date.now());
    await show(db, out);
  },
});

export const JACKPOT_COMMANDS: OperatorCommand[] = [jackpotCommand];
