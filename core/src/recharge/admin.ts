import { cliOperator, writeAudit } from "../operator/audit";
import type { Deps } from "../platform/context";
import type { Db } from "../platform/db";
import { type OperatorCommand, UsageError, type VerbRun, verbCommand } from "../platform/module";
import { addChannel, editChannel, listChannels } from "./channels";
import { reportDeposit } from "./deposits";
import { KNOWN_PROVIDERS } from "./orders";
import { depositAudit } from "./routes";

const CHANNEL_USAGE = `  admin pay-channel list
  admin pay-channel add NAME "Show name" [--provider sandbox] [--sort N] [--disabled]
  admin pay-channel edit NAME [--show-name "Show name"] [--provider P] [--sort N]
  admin pay-channel enable|disable NAME`;

const DEPOSIT_USAGE = `  admin deposit --network TRC20|BEP20 --address ADDRESS --tx HASH [--log-index I] --amount USDT --confirmations N
      (the sandbox chain watcher: credited once per transfer, the tx hash and the transfer's log
      index in it, 0 unless given, after the configured confirmations)`;

/** --name value pairs after the positional words; refuses an unknown or valueless flag. */
function flags(
  args: string[],
  known: string[],
  usage: string,
): { positional: string[]; named: Record<string, string> } {
  const positional: string[] = [];
  const named: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    if (name === "disabled" && known.includes(name)) {
      named[name] = "true";
      continue;
    }
    if (!known.includes(name) || args[i + 1] === undefined) throw new UsageError(`Usage:\n${usage}`);
    named[name] = args[++i];
  }
  return { positional, named };
}

/** Writes the audit entry of a channel change made on the command line. */
function audit(tx: Parameters<typeof writeAudit>[0], action: string, target: string, detail: object) {
  return writeAudit(tx, {
    operator: cliOperator(),
    action,
    target,
    detail: detail as Record<string, unknown>,
  });
}

/** `edit NAME [--show-name ...]`, `enable NAME`, `disable NAME`: changes a channel, audited. */
function changeChannel(verb: "edit" | "enable" | "disable"): VerbRun {
  return async (args, db, out) => {
    const { positional, named } = flags(args, ["show-name", "provider", "sort"], CHANNEL_USAGE);
    if (positional.length !== 1) throw new UsageError(`Usage:\n${CHANNEL_USAGE}`);
    const changes: Record<string, string> =
      verb === "edit"
        ? Object.fromEntries(
            Object.entries({
              showName: named["show-name"],
              provider: named.provider,
              sort: named.sort,
            }).filter(([, v]) => v !== undefined) as [string, string][],
          )
        : { enabled: verb === "enable" ? "true" : "false" };
    await db.tx(async (tx) => {
      const { before } = await editChannel(tx, positional[0], changes, KNOWN_PROVIDERS);
      await audit(tx, "recharge.channel.edit", positional[0], { changes, before });
    });
    out(`${positional[0]}: ${Object.keys(changes).join(", ")} changed`);
  };
}

const payChannelCommand = verbCommand("pay-channel", CHANNEL_USAGE, {
  async list(_args, db, out) {
    for (const c of await listChannels(db)) {
      out(
        `${c.payChannelName}\t${c.showName}\t${c.provider}\tsort ${c.sort}\t${c.enabled ? "enabled" : "disabled"}`,
      );
    }
  },
  async add(args, db, out) {
    const { positional, named } = flags(args, ["provider", "sort", "disabled"], CHANNEL_USAGE);
    if (positional.length !== 2) throw new UsageError(`Usage:\n${CHANNEL_USAGE}`);
    const input = {
      payChannelName: positional[0],
      showName: positional[1],
      provider: named.provider,
      sort: named.sort,
      enabled: named.disabled ? "false" : "true",
    };
    const channel = await db.tx(async (tx) => {
      const added = await addChannel(tx, input, KNOWN_PROVIDERS);
      await audit(tx, "recharge.channel.add", added.payChannelName, input);
      return added;
    });
    out(`${channel.payChannelName} added`);
  },
  edit: changeChannel("edit"),
  enable: changeChannel("enable"),
  disable: changeChannel("disable"),
});

/** The CLI's core: enough of Deps for reportDeposit (no log lines of its own but warnings). */
function cliDeps(db: Db): Deps {
  const quiet = { info() {}, warn() {}, error() {}, debug() {} };
  return {
    db,
    log: quiet as unknown as Deps["log"],
    config: { env: process.env.NODE_ENV === "production" ? "production" : "development" } as Deps["config"],
    now: Date.now,
  };
}

const depositCommand: OperatorCommand = {
  name: "deposit",
  usage: DEPOSIT_USAGE,
  async run(argv, db, out) {
    const { positional, named } = flags(
      argv.slice(1),
      ["network", "address", "tx", "log-index", "amount", "confirmations"],
      DEPOSIT_USAGE,
    );
    const missing = ["network", "address", "tx", "amount", "confirmations"].filter(
      (k) => named[k] === undefined,
    );
    if (positional.length || missing.length) throw new UsageError(`Usage:\n${DEPOSIT_USAGE}`);
    const operator = cliOperator();
    const { deposit, credited, required } = await reportDeposit(
      cliDeps(db),
      { ...named, txHash: named.tx, logIndex: named["log-index"] } as never,
      (tx, outcome) => writeAudit(tx, depositAudit(operator, named, outcome)),
    );
    out(
      credited
        ? `${deposit.txHash}: credited ${deposit.amount?.toFixed(2)} CHIP (${deposit.usdtAmount} USDT at ${deposit.usdtRate})`
        : `${deposit.txHash}: ${deposit.status}, ${deposit.confirmations} of ${required} confirmations`,
    );
  },
};

export const RECHARGE_COMMANDS = [payChannelCommand, depositCommand];
