import { parseArgs } from "node:util";
import { areaCodeSchema, phoneSchema } from "#contract/auth";
import { amountSchema, coinSchema, fromCents } from "#contract/money";
import { balances } from "../ledger/ledger";
import { cliOperator } from "../operator/audit";
import type { Sql } from "../platform/db";
import { type OperatorCommand, UsageError } from "../platform/module";
import { creditAudited } from "./operator";
import { findUserByPhone } from "./users";

/** The options that name a player on the command line. */
export const PLAYER_OPTIONS = {
  phone: { type: "string" },
  "area-code": { type: "string", default: "91" },
} as const;

/** The player named by --phone (and --area-code), or a UsageError. */
export async function findPlayer(db: Sql, areaCode: string | undefined, phone: string | undefined) {
  const area = areaCodeSchema.safeParse(areaCode ?? "91");
  const number = phoneSchema.safeParse(phone);
  if (!area.success || !number.success) throw new UsageError("Give the player's --phone (and --area-code)");
  const user = await findUserByPhone(db, area.data, number.data);
  if (!user) throw new UsageError(`No player with phone +${area.data} ${number.data}`);
  return user;
}

const creditCommand: OperatorCommand = {
  name: "credit",
  usage: "  admin credit --phone PHONE [--area-code 91] --coin CHIP|GOLD|POINT --amount UNITS [--memo TEXT]",
  async run(argv, db, out) {
    const { values } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        ...PLAYER_OPTIONS,
        coin: { type: "string" },
        amount: { type: "string" },
        memo: { type: "string" },
      },
    });
    const user = await findPlayer(db, values["area-code"], values.phone);
    const coin = coinSchema.safeParse(values.coin);
    const amount = amountSchema.safeParse(values.amount);
    if (!coin.success) throw new UsageError("--coin must be CHIP, GOLD or POINT");
    if (!amount.success) throw new UsageError(`--amount: ${amount.error.issues[0].message}`);
    const balance = await creditAudited(db, cliOperator(), {
      userId: Number(user.id),
      coin: coin.data,
      amount: amount.data,
      memo: values.memo,
    });
    out(
      `credited ${amount.data} ${coin.data} to +${user.area_code} ${user.phone}; balance ${fromCents(balance)}`,
    );
  },
};

const balanceCommand: OperatorCommand = {
  name: "balance",
  usage: "  admin balance --phone PHONE [--area-code 91]",
  async run(argv, db, out) {
    const { values } = parseArgs({ args: argv, allowPositionals: true, options: PLAYER_OPTIONS });
    const user = await findPlayer(db, values["area-code"], values.phone);
    const b = await balances(db, user.id);
    out(`CHIP ${fromCents(b.CHIP)}  GOLD ${fromCents(b.GOLD)}  POINT ${fromCents(b.POINT)}`);
  },
};

export const USER_COMMANDS = [creditCommand, balanceCommand];
