import { parseArgs } from "node:util";
import { cliOperator, writeAudit } from "../operator/audit";
import { type OperatorCommand, UsageError } from "../platform/module";
import { getSysConfig, setSysConfig } from "./sysconfig";

/**
 * Settings another command keeps, because changing them means more than one value: turning the
 * jackpot on notes when (JACKPOT_ON_SINCE), so that rounds played while it was off fund nothing.
 */
const KEPT_ELSEWHERE: Record<string, string> = {
  JACKPOT_APPLY: "admin jackpot set enabled 0|1",
  JACKPOT_ON_SINCE: "admin jackpot set enabled 0|1",
};

/** `config set KEY VALUE`, `config get KEY`, `config list`: the operator settings (sys_config). */
const configCommand: OperatorCommand = {
  name: "config",
  usage: "  admin config set KEY VALUE\n  admin config get KEY\n  admin config list",
  async run(argv, db, out) {
    const { positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });
    const [, sub, ...rest] = positionals;
    if (sub === "set") {
      const [key, value] = rest;
      if (!key || value === undefined || !/^[A-Z][A-Z0-9_]{0,63}$/.test(key)) {
        throw new UsageError("config set needs an upper-case KEY and a VALUE");
      }
      if (KEPT_ELSEWHERE[key]) throw new UsageError(`${key} is set with \`${KEPT_ELSEWHERE[key]}\``);
      await db.tx(async (tx) => {
        const before = await getSysConfig(tx, key);
        await setSysConfig(tx, key, value);
        await writeAudit(tx, {
          operator: cliOperator(),
          action: "config.set",
          target: key,
          detail: { value, before },
        });
      });
      out(`${key} = ${JSON.stringify(value)}`);
      return;
    }
    if (sub === "get") {
      const value = rest[0] ? await getSysConfig(db, rest[0]) : null;
      if (value === null) throw new UsageError(`No configuration value named ${rest[0] ?? "(none)"}`);
      out(value);
      return;
    }
    if (sub === "list") {
      for (const r of await db.query<{ key: string; value: string }>(
        "SELECT key, value FROM sys_config ORDER BY key",
      )) {
        out(`${r.key} = ${JSON.stringify(r.value)}`);
      }
      return;
    }
    throw new UsageError(`Usage:\n${configCommand.usage}`);
  },
};

export const CONFIG_COMMANDS = [configCommand];
