import { parseArgs } from "node:util";
import { coinSchema, fromCents, moneySchema, toCents } from "#contract/money";
import { cliOperator, writeAudit } from "../operator/audit";
import { loadConfig } from "../platform/config";
import type { Db } from "../platform/db";
import { type OperatorCommand, UsageError } from "../platform/module";
import { fairnessOf } from "./fairness-keys";
import { listAlarms } from "./fairness-log";
import { type LevelPatch, listLevels, setLevel } from "./levels";
import { announceLogKey } from "./log-keys";
import type { PayoutTable } from "./payout";
import { retireUnreadableChains } from "./seed-keys";
import { getPayoutTable, rtpCeilingFromEnv, setPayoutTable } from "./settings";

const LEVEL_USAGE = `  admin level list [--coin CHIP|GOLD|POINT]
  admin level set --coin CHIP --level N [--name TEXT] [--min UNITS] [--max UNITS] [--enable 0|1]
                  [--bases 1,10,100] [--multiples 1,5,10,20,50,100]`;
const PAYOUT_USAGE = `  admin payout show
  admin payout set [--fee 0.02] [--colour 2] [--colour-violet 1.5] [--violet 4.5] [--number 9] [--big-small 2]`;
const GAME_USAGE = `${LEVEL_USAGE}\n${PAYOUT_USAGE}`;

/** A payout rate or fee (not money): a non-negative number. */
const number = (v: string | undefined, name: string, usage: (m: string) => Error) => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === "" || !Number.isFinite(n) || n < 0) throw usage(`--${name} must be a non-negative number`);
  return n;
};

/** A room's balance limit: the one money rule (plain decimal, two places at most), 0 allowed. */
const limitSchema = moneySchema({ min: "zero" });
const amount = (v: string | undefined, name: string, usage: (m: string) => Error) => {
  if (v === undefined) return undefined;
  const parsed = limitSchema.safeParse(v);
  if (!parsed.success) throw usage(`--${name}: ${parsed.error.issues[0].message}`);
  return parsed.data;
};

/**
 * Operator commands of the game (rooms and the payout table), offered by the CLI (admin.ts)
 * through GAME_COMMANDS. Returns false when argv is not a game command. Errors for the operator
 * come from `usage`.
 */
async function runGameAdmin(
  argv: string[],
  db: Db,
  out: (line: string) => void,
  usage: (message: string) => Error,
): Promise<boolean> {
  const [command, sub] = argv;
  if (command !== "level" && command !== "payout") return false;
  const { values } = parseArgs({
    args: argv.slice(2),
    options: {
      coin: { type: "string" },
      level: { type: "string" },
      name: { type: "string" },
      min: { type: "string" },
      max: { type: "string" },
      enable: { type: "string" },
      bases: { type: "string" },
      multiples: { type: "string" },
      fee: { type: "string" },
      colour: { type: "string" },
      "colour-violet": { type: "string" },
      violet: { type: "string" },
      number: { type: "string" },
      "big-small": { type: "string" },
    },
  });
  const coin = values.coin === undefined ? undefined : coinSchema.safeParse(values.coin.toUpperCase());
  if (coin && !coin.success) throw usage("--coin must be CHIP, GOLD or POINT");

  if (command === "level" && sub === "list") {
    for (const l of await listLevels(db, coin?.data)) {
      out(
        `${l.coin} ${l.level} ${JSON.stringify(l.levelName)} balance ${fromCents(l.chipMinLimitCents)}..${fromCents(
          l.chipMaxLimitCents,
        )} bases ${l.betBaseAmountStr} multiples ${l.betMultipleStr} ${l.enableFlag ? "enabled" : "disabled"}`,
      );
    }
    return true;
  }
  if (command === "level" && sub === "set") {
    if (!coin?.data) throw usage("level set needs --coin");
    const level = Number(values.level);
    if (!Number.isInteger(level) || level < 1 || level > 99) throw usage("level set needs --level 1..99");
    if (values.enable !== undefined && values.enable !== "0" && values.enable !== "1") {
      throw usage("--enable must be 0 or 1");
    }
    const min = amount(values.min, "min", usage);
    const max = amount(values.max, "max", usage);
    const patch: LevelPatch = {
      levelName: values.name,
      chipMinLimitCents: min === undefined ? undefined : toCents(min),
      chipMaxLimitCents: max === undefined ? undefined : toCents(max),
      enableFlag: values.enable === undefined ? undefined : values.enable === "1",
      betBaseAmountStr: values.bases,
      betMultipleStr: values.multiples,
    };
    const l = await db.tx(async (tx) => {
      const saved = await setLevel(tx, coin.data, level, patch);
      await writeAudit(tx, {
        operator: cliOperator(),
        action: "game.level.set",
        target: `${coin.data}:${level}`,
        detail: { ...patch },
      });
      return saved;
    });
    out(`${l.coin} level ${l.level} saved (${l.enableFlag ? "enabled" : "disabled"})`);
    return true;
  }
  if (command === "payout" && sub === "show") {
    out(JSON.stringify(await getPayoutTable(db)));
    return true;
  }
  if (command === "payout" && sub === "set") {
    const patch: Partial<PayoutTable> = {};
    const fields: Array<[keyof PayoutTable, string | undefined, string]> = [
      ["serviceFeeRate", values.fee, "fee"],
      ["colour", values.colour, "colour"],
      ["colourOnVioletDigit", values["colour-violet"], "colour-violet"],
      ["violet", values.violet, "violet"],
      ["number", values.number, "number"],
      ["bigSmall", values["big-small"], "big-small"],
    ];
    for (const [key, raw, name] of fields) {
      const v = number(raw, name, usage);
      if (v !== undefined) patch[key] = v;
    }
    const table = await db.tx(async (tx) => {
      const saved = await setPayoutTable(tx, patch, rtpCeilingFromEnv());
      await writeAudit(tx, {
        operator: cliOperator(),
        action: "game.payout.set",
        detail: { patch, table: saved },
      });
      return saved;
    });
    out(`payout table for new rounds: ${JSON.stringify(table)}`);
    return true;
  }
  throw usage(`Usage:\n${GAME_USAGE}`);
}

const run: OperatorCommand["run"] = async (argv, db, out) => {
  await runGameAdmin(argv, db, out, (message) => new UsageError(message));
};

const FAIRNESS_USAGE = `  admin fairness alarms        rounds settlement refused (seed, chain or kept commitment mismatch)
  admin fairness retire-unreadable
                               after a lost FAIRNESS_SEED_KEY only: ends the chains no key opens,
                               voids the rounds no key can draw and refunds their bets
  admin fairness announce-log-key
                               after a lost FAIRNESS_LOG_KEY only: the new key announces itself`;

/**
 * `fairness retire-unreadable`: with the core's environment (its seed keys), ends each lane's
 * chain whose top seed no key opens and voids the rounds no key can draw, refunding their bets;
 * audited, and said in the public log.
 */
async function retireUnreadable(db: Db, out: (line: string) => void) {
  const f = fairnessOf(loadConfig());
  const done = await db.tx(async (tx) => {
    const retired = await retireUnreadableChains(tx, f, Date.now());
    if (retired.chains.length || retired.voided.length) {
      await writeAudit(tx, {
        operator: cliOperator(),
        action: "fairness.chains.retire",
        target: retired.chains.map((c) => c.id).join(","),
        detail: retired,
      });
    }
    return retired;
  });
  if (done.chains.length === 0 && done.voided.length === 0) {
    out("every lane's chain opens with FAIRNESS_SEED_KEY or FAIRNESS_SEED_KEY_PREVIOUS: nothing to retire");
    return;
  }
  for (const c of done.chains) out(`retired chain ${c.id} (${c.coin} room ${c.level}, lane ${c.lane})`);
  if (done.chains.length) {
    out(
      "each lane's next round starts a new chain, sealed with FAIRNESS_SEED_KEY and announced in the public log",
    );
  }
  for (const r of done.voided) {
    out(
      `voided round ${r.roundId} (${r.coin} room ${r.level}), which no key can draw: ${r.bets} bet(s) refunded, ${fromCents(r.refundedCents)} in all`,
    );
  }
  out("the core may start now");
}

/** `fairness announce-log-key`: with the core's environment, a self-signed hand-over, audited. */
async function announce(db: Db, out: (line: string) => void) {
  const f = fairnessOf(loadConfig());
  const seq = await db.tx(async (tx) => {
    const added = await announceLogKey(tx, f, Date.now());
    if (added !== null) {
      await writeAudit(tx, {
        operator: cliOperator(),
        action: "fairness.logkey.announce",
        target: String(added),
        detail: { publicKey: f.logPublicKey },
      });
    }
    return added;
  });
  if (seq === null) {
    out("FAIRNESS_LOG_KEY may sign the log already: nothing to announce");
    return;
  }
  out(
    `entry ${seq} announces the log key ${f.logPublicKey}, signed by itself: the old key did not vouch for it`,
  );
  out("tell players and archivers why, beside the new public key");
}

export const GAME_COMMANDS: OperatorCommand[] = [
  { name: "level", usage: LEVEL_USAGE, run },
  { name: "payout", usage: PAYOUT_USAGE, run },
  {
    name: "fairness",
    usage: FAIRNESS_USAGE,
    async run(argv, db, out) {
      if (argv[1] === "retire-unreadable") return retireUnreadable(db, out);
      if (argv[1] === "announce-log-key") return announce(db, out);
      if (argv[1] !== "alarms") throw new UsageError(`Usage:\n${FAIRNESS_USAGE}`);
      const alarms = await listAlarms(db);
      if (alarms.length === 0) out("no fairness alarms");
      for (const a of alarms)
        out(
          `${a.createdAt} round ${a.roundId}: ${a.problem} ${JSON.stringify(a.detail)}${a.voided ? " (voided, stakes refunded)" : ""}`,
        );
    },
  },
];
