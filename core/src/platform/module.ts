import type { CoreRouter, Deps } from "./context";
import type { Db, Sql } from "./db";
import { Refusal } from "./http";
import type { BackgroundJob } from "./jobs";

/**
 * An operator command of the CLI (build/core/admin.js): `name` is its first word. It receives
 * the whole command line; a wrong use throws UsageError (the CLI prints it and exits with 2).
 */
export interface OperatorCommand {
  name: string;
  /** Its lines of the CLI's usage text. */
  usage: string;
  run(argv: string[], db: Db, out: (line: string) => void): Promise<void>;
}

/** A wrong use of an operator command (a Refusal, so the operator API would answer it as 400). */
export class UsageError extends Refusal {
  override name = "UsageError";
}

/** What one verb of a command does, given the words after the verb. */
export type VerbRun = (args: string[], db: Db, out: (line: string) => void) => Promise<void>;

/**
 * An operator command whose second word, its verb, picks what it does (`admin team show`):
 * `verbs[verb]` runs with the words after the verb; no verb, or one not there, is a UsageError
 * showing `usage`.
 */
export function verbCommand(name: string, usage: string, verbs: Record<string, VerbRun>): OperatorCommand {
  return {
    name,
    usage,
    async run([, verb, ...args], db, out) {
      if (verb === undefined || !Object.hasOwn(verbs, verb)) throw new UsageError(`Usage:\n${usage}`);
      await verbs[verb](args, db, out);
    },
  };
}

/** A command's FIELD VALUE words (an even number of them) as the changes they name. */
export function fieldValues(words: string[]): Record<string, string> {
  const changes: Record<string, string> = {};
  for (let i = 0; i < words.length; i += 2) changes[words[i]] = words[i + 1];
  return changes;
}

/**
 * What one domain adds to the core. Every domain folder exports one of these from its
 * module.ts; core/src/modules.ts lists them, and the app, the process and the CLI iterate that
 * list: adding a domain is a folder and one line.
 */
export interface CoreModule {
  name: string;
  /** Registers the domain's paths, relative to /core. */
  routes(app: CoreRouter): void;
  /** Jobs that run beside the server while the core runs. */
  jobs?: BackgroundJob[];
  adminCommands?: OperatorCommand[];
  /**
   * Registers the domain's operator API paths, relative to /core/operator (HTTP Basic sign-in
   * already checked; operatorOf(c) names the operator; audit every action with writeAudit).
   */
  operatorRoutes?(op: CoreRouter): void;
  /**
   * Idempotent start-up data (never overwriting an operator's value), run inside the one seed
   * transaction, after the migrations.
   */
  seed?(tx: Sql, deps: Deps): Promise<void>;
}
