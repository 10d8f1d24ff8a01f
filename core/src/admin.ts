import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { areaCodeSchema, phoneSchema } from "../../contract/auth";
import { amountSchema, coinSchema, fromCents, toCents } from "../../contract/money";
import { getSysConfig, setSysConfig } from "./config/sysconfig";
import { GAME_USAGE, runGameAdmin } from "./game/admin";
import { balances, post } from "./ledger/ledger";
import { loadConfig } from "./platform/config";
import { type Db, openDb } from "./platform/db";
import { holderOf } from "./platform/locks";
import { migrate } from "./platform/migrate";
import { findUserByPhone } from "./user/users";

/**
 * Operator commands. Whoever can run this on the host with the core's environment (database
 * access) is an operator; there is no password to leak.
 *
 *   node build/core/admin.js notice add --title "..." --content "..." [--phone 9000000001 --area-code 91]
 *   node build/core/admin.js config set KEY VALUE | config get KEY | config list
 *   node build/core/admin.js credit --phone 9000000001 [--area-code 91] --coin CHIP --amount 100 [--memo "..."]
 *   node build/core/admin.js balance --phone 9000000001 [--area-code 91]
 */
const USAGE = `Usage:
  admin notice add --title TITLE --content TEXT [--phone PHONE [--area-code 91]]
  admin config set KEY VALUE
  admin config get KEY
  admin config list
  admin credit --phone PHONE [--area-code 91] --coin CHIP|GOLD|POINT --amount UNITS [--memo TEXT]
  admin balance --phone PHONE [--area-code 91]
${GAME_USAGE}`;

class UsageError extends Error {}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      title: { type: "string" },
      content: { type: "string" },
      phone: { type: "string" },
      "area-code": { type: "string", default: "91" },
      coin: { type: "string" },
      amount: { type: "string" },
      memo: { type: "string" },
    },
  });
}

async function findPlayer(db: Db, areaCode: string | undefined, phone: string | undefined) {
  const area = areaCodeSchema.safeParse(areaCode ?? "91");
  const number = phoneSchema.safeParse(phone);
  if (!area.success || !number.success) throw new UsageError("Give the player's --phone (and --area-code)");
  const user = await findUserByPhone(db, area.data, number.data);
  if (!user) throw new UsageError(`No player with phone +${area.data} ${number.data}`);
  return user;
}

export async function runAdmin(argv: string[], db: Db, out: (line: string) => void = console.log) {
  if (await runGameAdmin(argv, db, out, (message) => new UsageError(message))) return;
  const { values, positionals } = parse(argv);
  const [command, sub, ...rest] = positionals;
  if (command === "notice" && sub === "add") {
    if (!values.title?.trim() || !values.content?.trim())
      throw new UsageError("notice add needs --title and --content");
    const user = values.phone ? await findPlayer(db, values["area-code"], values.phone) : null;
    const [row] = await db.query<{ id: number }>(
      "INSERT INTO sys_messages (user_id, title, content) VALUES ($1, $2, $3) RETURNING id",
      [user?.id ?? null, values.title.trim(), values.content.trim()],
    );
    out(`notice ${row.id} added${user ? ` for +${user.area_code} ${user.phone}` : " for everybody"}`);
    return;
  }
  if (command === "config" && sub === "set") {
    const [key, value] = rest;
    if (!key || value === undefined || !/^[A-Z][A-Z0-9_]{0,63}$/.test(key)) {
      throw new UsageError("config set needs an upper-case KEY and a VALUE");
    }
    await setSysConfig(db, key, value);
    out(`${key} = ${JSON.stringify(value)}`);
    return;
  }
  if (command === "config" && sub === "get") {
    const value = rest[0] ? await getSysConfig(db, rest[0]) : null;
    if (value === null) throw new UsageError(`No configuration value named ${rest[0] ?? "(none)"}`);
    out(value);
    return;
  }
  if (command === "config" && sub === "list") {
    for (const r of await db.query<{ key: string; value: string }>(
      "SELECT key, value FROM sys_config ORDER BY key",
    )) {
      out(`${r.key} = ${JSON.stringify(r.value)}`);
    }
    return;
  }
  if (command === "credit") {
    const user = await findPlayer(db, values["area-code"], values.phone);
    const coin = coinSchema.safeParse(values.coin);
    const amount = amountSchema.safeParse(values.amount);
    if (!coin.success) throw new UsageError("--coin must be CHIP, GOLD or POINT");
    if (!amount.success) throw new UsageError(`--amount: ${amount.error.issues[0].message}`);
    const balance = await db.tx((tx) =>
      post(tx, {
        userId: user.id,
        coin: coin.data,
        amount: toCents(amount.data),
        kind: "ADJUST",
        memo: values.memo ?? "operator credit",
      }),
    );
    out(
      `credited ${amount.data} ${coin.data} to +${user.area_code} ${user.phone}; balance ${fromCents(balance)}`,
    );
    return;
  }
  if (command === "balance") {
    const user = await findPlayer(db, values["area-code"], values.phone);
    const b = await balances(db, user.id);
    out(`CHIP ${fromCents(b.CHIP)}  GOLD ${fromCents(b.GOLD)}  POINT ${fromCents(b.POINT)}`);
    return;
  }
  throw new UsageError(USAGE);
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    const holder = holderOf(config.dataDir);
    if (holder) {
      console.error(
        `The core (process ${holder}) has the PGlite data directory ${config.dataDir} open. ` +
          "Stop it first: PGlite allows one process at a time (PostgreSQL has no such limit).",
      );
      process.exit(1);
    }
  }
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db, resolve(config.migrationsDir));
    await runAdmin(process.argv.slice(2), db);
  } catch (error) {
    if (
      error instanceof UsageError ||
      (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
    ) {
      console.error((error as Error).message);
      process.exitCode = 2;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith("admin.js") || process.argv[1]?.endsWith("admin.ts")) await main();
