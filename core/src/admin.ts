import { resolve } from "node:path";
import { MODULES } from "./modules";
import { loadConfig } from "./platform/config";
import { type Db, openDb } from "./platform/db";
import { Refusal } from "./platform/http";
import { holderOf } from "./platform/locks";
import { migrate } from "./platform/migrate";
import { UsageError } from "./platform/module";

/**
 * Operator commands. Whoever can run this on the host with the core's environment (database
 * access) is an operator; there is no password to leak.
 *
 *   node build/core/admin.js notice add --title "..." --content "..." [--phone 9000000001 --area-code 91]
 *   node build/core/admin.js config set KEY VALUE | config get KEY | config list
 *   node build/core/admin.js credit --phone 9000000001 [--area-code 91] --coin CHIP --amount 100 [--memo "..."]
 *   node build/core/admin.js balance --phone 9000000001 [--area-code 91]
 */
const COMMANDS = MODULES.flatMap((module) => module.adminCommands ?? []);
const USAGE = `Usage:\n${COMMANDS.map((command) => command.usage).join("\n")}`;

/** Runs one operator command; a wrong use throws UsageError with what to type instead. */
export async function runAdmin(argv: string[], db: Db, out: (line: string) => void = console.log) {
  const command = COMMANDS.find((c) => c.name === argv[0]);
  if (!command) throw new UsageError(USAGE);
  await command.run(argv, db, out);
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
    if (error instanceof Refusal || (error as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
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
